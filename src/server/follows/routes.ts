/**
 * POST /api/anchor/attentAnchor {anchorid}: follow or unfollow (type 1 followed, 0 not);
 * GET /api/anchor/followState?anchorid=: the caller's state and the follower count;
 * GET /api/anchor/followList: the caller's followed anchors, live first (/user-center/focus).
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { users } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import {
  followerCount,
  followList,
  hasRoom,
  isFollowing,
  toggleFollow,
  FOLLOW_TYPE,
} from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { followsApi } from '../../lib/follows/api.ts';

const anchorRequest = z.object({
  anchorid: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** Follow toggles per user per minute: a person clicks a few times, a script many. */
const toggles = rateLimit('follows.toggles', 20, 60_000);

/** The prefix app.ts mounts followRoutes under. */
export const FOLLOW_MOUNT = '/api/anchor';

/** Follow routes, mounted under /api/anchor. */
export const followRoutes = new Hono<ApiEnv>()
  .on(...routeOf(FOLLOW_MOUNT, followsApi.toggle), requireUser, async (c) => {
    const { anchorid } = await input(c, anchorRequest);
    const user = c.get('user')!;
    if (anchorid === user.id) throw new ApiError('liveRoom.cantFollowSelf');
    await toggles.enforce(c.get('rt'), String(user.id));
    const { db, bus } = c.get('rt');
    if (!(await hasRoom(db, anchorid))) throw new ApiError('errors.notFound', { httpStatus: 404 });
    const type = await toggleFollow(db, user.id, anchorid);
    if (type === FOLLOW_TYPE.followed) {
      const [who] = await db
        .select({ nick: users.nickName })
        .from(users)
        .where(eq(users.id, user.id));
      bus.publish({
        kind: 'room',
        anchorId: anchorid,
        frame: {
          type: SERVER_FRAME.attentAnchor,
          data: { user_id: user.id, type, nick_name: who?.nick ?? '' },
        },
      });
    }
    return ok(c, { type, fans: await followerCount(db, anchorid) });
  })
  .on(...routeOf(FOLLOW_MOUNT, followsApi.list), requireUser, async (c) => {
    const { db } = c.get('rt');
    return ok(c, { list: await followList(db, c.get('user')!.id, c.get('locale')) });
  })
  .on(...routeOf(FOLLOW_MOUNT, followsApi.state), async (c) => {
    const parsed = anchorRequest.safeParse({ anchorid: c.req.query('anchorid') });
    if (!parsed.success) throw new ApiError('errors.badRequest');
    const { db } = c.get('rt');
    const user = c.get('user');
    const following = user ? await isFollowing(db, user.id, parsed.data.anchorid) : false;
    return ok(c, {
      type: following ? FOLLOW_TYPE.followed : FOLLOW_TYPE.unfollowed,
      fans: await followerCount(db, parsed.data.anchorid),
    });
  });
