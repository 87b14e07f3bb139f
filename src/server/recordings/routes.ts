/**
 * An anchor's own replays under /api/live: POST my_replays (a page, hidden ones included),
 * replay_hide (hide or show) and replay_delete (the row and the files we made). Others' replays
 * are refused.
 */
import { Hono } from 'hono';
import { myReplaysRequest, replayHideRequest } from '../../lib/validation/recordings.ts';
import { replayRequest } from '../../lib/validation/replays.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { input } from '../http/validate.ts';
import { rateLimit } from '../shared/limits.ts';
import {
  deleteOwnReplay,
  listOwnReplays,
  setReplayHidden,
  type OwnReplayRefusal,
} from './manage.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { replaysApi } from '../../lib/replays/api.ts';

/** Changes: 30 per anchor per minute. */
const changes = rateLimit('recordings.changes', 30, 60_000);

const refusal = (why: OwnReplayRefusal) =>
  new ApiError(why === 'noReplay' ? 'anchorPages.api.noReplay' : 'recordings.api.notOwner');

/** The prefix app.ts mounts ownReplayRoutes under. */
export const OWN_REPLAY_MOUNT = '/api/live';

/** An anchor's own replays, mounted under /api/live. */
export const ownReplayRoutes = new Hono<ApiEnv>()
  .on(...routeOf(OWN_REPLAY_MOUNT, replaysApi.mine), requireUser, async (c) => {
    const { page } = await input(c, myReplaysRequest);
    const result = await listOwnReplays(c.get('rt').db, c.get('user')!.id, page);
    return ok(c, {
      list: result.items.map((r) => ({
        id: r.id,
        title: r.title,
        cover: r.cover,
        duration: r.durationSec,
        views: r.views,
        recorded_at: Math.floor(r.recordedAt.getTime() / 1000),
        hidden: r.hidden ? 1 : 0,
      })),
      page: result.page,
      pages: result.pages,
      total: result.total,
    });
  })
  .on(...routeOf(OWN_REPLAY_MOUNT, replaysApi.hide), requireUser, async (c) => {
    const { replay_id, hidden } = await input(c, replayHideRequest);
    const rt = c.get('rt');
    const user = c.get('user')!;
    await changes.enforce(rt, String(user.id));
    const why = await setReplayHidden(rt.db, user.id, replay_id, hidden === 1);
    if (why) throw refusal(why);
    return ok(c, { id: replay_id, hidden });
  })
  .on(...routeOf(OWN_REPLAY_MOUNT, replaysApi.remove), requireUser, async (c) => {
    const { replay_id } = await input(c, replayRequest);
    const rt = c.get('rt');
    const user = c.get('user')!;
    await changes.enforce(rt, String(user.id));
    const why = await deleteOwnReplay(rt, user.id, replay_id);
    if (why) throw refusal(why);
    return ok(c, { id: replay_id });
  });
