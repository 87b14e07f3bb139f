/** GET /api/live/rooms: live state and heat of every room, for lists that refresh in place. */
import { Hono } from 'hono';
import { liveRooms } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { liveApi } from '../../lib/live/api.ts';

/** The prefix app.ts mounts liveRoutes under. */
export const LIVE_MOUNT = '/api/live';

/** Live routes, mounted under /api/live. */
export const liveRoutes = new Hono<ApiEnv>().on(
  ...routeOf(LIVE_MOUNT, liveApi.rooms),
  async (c) => {
    const rows = await c
      .get('rt')
      .db.select({ anchor_id: liveRooms.anchorId, is_live: liveRooms.isLive, heat: liveRooms.heat })
      .from(liveRooms);
    c.header('cache-control', 'public, max-age=5');
    return ok(
      c,
      rows.map((r) => ({ ...r, is_live: r.is_live ? 1 : 0 })),
    );
  },
);
