/**
 * The anchor's live calls under /webapi/live (spec §7): getStreamInfo, resetStreamKey,
 * startLive, endLive. Only anchors may call them, each on their own room.
 */
import { Hono } from 'hono';
import { startLiveSchema } from '../../lib/validation/studio.ts';
import { pickCommonConfig, readSettings } from '../config/service.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { input } from '../http/validate.ts';
import { endLive, requireOwnRoom, startLive } from './live.ts';
import { announceRoomStatus, rotateStreamKey, streamInfo } from './stream.ts';

/** Session changes and key rotations per anchor per minute. */
const changes = new RateLimiter(20, 60_000);

function limit(userId: number): void {
  if (!changes.take(String(userId))) throw new ApiError('errors.tooMany', { httpStatus: 429 });
}

/** Live routes, mounted under /webapi/live. */
export const studioLiveRoutes = new Hono<ApiEnv>()
  .post('/getStreamInfo', requireUser, async (c) => {
    const { db, env } = c.get('rt');
    const user = c.get('user')!;
    await requireOwnRoom(db, user.id);
    return ok(c, await streamInfo(db, env, user.id));
  })
  .post('/resetStreamKey', requireUser, async (c) => {
    const { db, env } = c.get('rt');
    const user = c.get('user')!;
    limit(user.id);
    await requireOwnRoom(db, user.id);
    return ok(c, await rotateStreamKey(db, env, user.id));
  })
  .post('/startLive', requireUser, async (c) => {
    const { db } = c.get('rt');
    const user = c.get('user')!;
    const form = await input(c, startLiveSchema);
    limit(user.id);
    const { ticket_switch } = pickCommonConfig(await readSettings(db));
    await startLive(db, user.id, form, ticket_switch);
    return ok(c, { room_id: user.id, msg: c.get('t')('studio.started') });
  })
  .post('/endLive', requireUser, async (c) => {
    const { db, bus } = c.get('rt');
    const user = c.get('user')!;
    limit(user.id);
    await endLive(db, user.id);
    await announceRoomStatus(db, bus, user.id);
    return ok(c, { status: 0 });
  });
