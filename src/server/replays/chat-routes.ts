/**
 * A replay's chat track and its viewers' barrage: GET /api/replays/chat (one window),
 * POST /api/replays/comment (add a line at the playhead), GET /api/replays/moderator (may the
 * caller delete its barrage), POST /api/replays/comment_delete.
 */
import { Hono } from 'hono';
import { replaysApi } from '../../lib/replays/api.ts';
import {
  replayCommentDeleteRequest,
  replayCommentRequest,
  replayRequest,
  trackRequest,
} from '../../lib/validation/replay-chat.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { addressKey } from '../http/connection-limits.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { input } from '../http/validate.ts';
import { rateLimit } from '../shared/limits.ts';
import type { Db } from '../db/index.ts';
import { readTrackWindow, trackBehindTicket, trackReplay } from './chat-track.ts';
import { deleteReplayComment, moderatesReplay, postReplayComment } from './replay-comments.ts';

/** The prefix app.ts mounts replayChatRoutes under. */
export const REPLAY_CHAT_MOUNT = '/api/replays';

/**
 * Windows per address per minute: a viewer playing and seeking asks a few a minute (a window is
 * 30 s, prefetched once); a scraper walking a two-hour track asks hundreds.
 */
const windows = rateLimit('replays.chatWindows', 120, 60_000);
/** Barrage posts per user per minute, besides the chat rules' own speak rate. */
const posts = rateLimit('replays.comments', 20, 60_000);
/** Deletions per moderator per minute. */
const deletions = rateLimit('replays.commentDeletes', 120, 60_000);

/** The replay whose track the public may read, or an error saying why not. */
async function readableReplay(db: Db, id: number) {
  const replay = await trackReplay(db, id);
  if (!replay) throw new ApiError('anchorPages.api.noReplay');
  if (await trackBehindTicket(db, replay)) throw new ApiError('replayChat.api.behindTicket');
  return replay;
}

export const replayChatRoutes = new Hono<ApiEnv>()
  .on(...routeOf(REPLAY_CHAT_MOUNT, replaysApi.chat), async (c) => {
    const q = await input(c, trackRequest);
    const { db } = c.get('rt');
    await windows.enforce(c.get('rt'), addressKey(c.get('ip')));
    const replay = await readableReplay(db, q.replay_id);
    const window = await readTrackWindow(db, replay, q.from_ms, q.to_ms);
    // Lines change only when someone adds or a manager deletes one: a short share is fine.
    c.header('cache-control', 'public, max-age=10');
    return ok(c, window);
  })
  .on(...routeOf(REPLAY_CHAT_MOUNT, replaysApi.comment), requireUser, async (c) => {
    const body = await input(c, replayCommentRequest);
    const user = c.get('user')!;
    const rt = c.get('rt');
    await posts.enforce(rt, String(user.id));
    const replay = await readableReplay(rt.db, body.replay_id);
    const line = await postReplayComment(rt, replay, {
      userId: user.id,
      offsetMs: body.offset_ms,
      content: body.content,
      props: body.props,
    });
    return ok(c, line);
  })
  .on(...routeOf(REPLAY_CHAT_MOUNT, replaysApi.moderator), requireUser, async (c) => {
    const q = await input(c, replayRequest);
    const rt = c.get('rt');
    await windows.enforce(rt, addressKey(c.get('ip')));
    const replay = await trackReplay(rt.db, q.replay_id);
    if (!replay) throw new ApiError('anchorPages.api.noReplay');
    const moderator = await moderatesReplay(rt.db, replay, c.get('user')!);
    c.header('cache-control', 'private, no-store');
    return ok(c, { moderator: moderator ? 1 : 0 });
  })
  .on(...routeOf(REPLAY_CHAT_MOUNT, replaysApi.commentDelete), requireUser, async (c) => {
    const body = await input(c, replayCommentDeleteRequest);
    const user = c.get('user')!;
    const rt = c.get('rt');
    await deletions.enforce(rt, String(user.id));
    const replay = await trackReplay(rt.db, body.replay_id);
    if (!replay) throw new ApiError('anchorPages.api.noReplay');
    await deleteReplayComment(rt.db, replay, body.id, user);
    return ok(c, { id: body.id });
  });
