/** GET or POST /api/user/checkAnchorStatus: whether the caller is an anchor and is live. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { liveRooms, ROLE } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { anchorApi } from '../../lib/anchor/api.ts';

/** The prefix app.ts mounts anchorStatusRoutes under. */
export const ANCHOR_STATUS_MOUNT = '/api/user';

/** Anchor status of the logged-in caller (spec §3: is_anchor, is_live as 0/1). */
export const anchorStatusRoutes = new Hono<ApiEnv>().on(
  ...routeOf(ANCHOR_STATUS_MOUNT, anchorApi.status, ['GET', 'POST']),
  requireUser,
  async (c) => {
    const user = c.get('user')!;
    const [room] = await c
      .get('rt')
      .db.select({ isLive: liveRooms.isLive })
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, user.id));
    const isAnchor = user.role === ROLE.anchor && room !== undefined;
    return ok(c, { is_anchor: isAnchor ? 1 : 0, is_live: isAnchor && room.isLive ? 1 : 0 });
  },
);
