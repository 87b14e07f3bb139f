/**
 * The clip calls under /api/clip: create (logged in, limited), one, list (an anchor's room),
 * remove (the room's anchor and managers, administrators) and view (counted once per address
 * and clip per half hour, as replays' views are).
 */
import { Hono } from 'hono';
import { clipsApi, type Clip } from '../../lib/clips/api.ts';
import { unixSeconds } from '../../lib/time.ts';
import { clipCreateRequest, clipListRequest, clipRequest } from '../../lib/validation/clips.ts';
import { isAnchor } from '../anchors/profile.ts';
import { CLIP_STATUS } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { addressKey } from '../http/connection-limits.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { input } from '../http/validate.ts';
import { rateLimit } from '../shared/limits.ts';
import { clipMediaUrl } from './files.ts';
import {
  addClipView,
  getClip,
  listClips,
  mayRemove,
  removeClip,
  startClip,
  type ClipCard,
} from './service.ts';

/** The prefix app.ts mounts clipRoutes under. */
export const CLIP_MOUNT = '/api/clip';

/** Asking for clips: 3 per user per minute (the hourly limit is in service.ts). */
const creates = rateLimit('clips.create', 3, 60_000);
/** Removals: 30 per user per minute. */
const removals = rateLimit('clips.remove', 30, 60_000);
/** One counted view per address and clip per half hour. */
const views = rateLimit('clips.views', 1, 30 * 60_000);

const STATUS_NAMES = {
  [CLIP_STATUS.processing]: 'processing',
  [CLIP_STATUS.ready]: 'ready',
  [CLIP_STATUS.failed]: 'failed',
} as const;

/** A clip as the calls answer it. */
export function clipJson(c: ClipCard, canRemove = false): Clip {
  const ready = c.status === CLIP_STATUS.ready;
  return {
    id: c.id,
    anchor_id: c.anchorId,
    anchor_name: c.anchorName,
    anchor_avatar: c.anchorAvatar,
    user_name: c.userName,
    replay_id: c.replayId,
    title: c.title,
    start: c.startSec,
    asked_start: c.askedStartSec,
    duration: Math.round(c.durationMs / 100) / 10,
    video: ready ? clipMediaUrl(c.file) : '',
    thumb: ready ? clipMediaUrl(c.thumb) : '',
    width: c.width,
    height: c.height,
    status: STATUS_NAMES[c.status as keyof typeof STATUS_NAMES] ?? 'failed',
    views: c.views,
    created_at: unixSeconds(c.createdAt),
    can_remove: canRemove ? 1 : 0,
  };
}

export const clipRoutes = new Hono<ApiEnv>()
  .on(...routeOf(CLIP_MOUNT, clipsApi.create), requireUser, async (c) => {
    const ask = await input(c, clipCreateRequest);
    const rt = c.get('rt');
    const user = c.get('user')!;
    await creates.enforce(rt, String(user.id));
    const id = await startClip(
      rt,
      user.id,
      ask.anchor_id !== undefined
        ? { kind: 'live', anchorId: ask.anchor_id, seconds: ask.seconds, title: ask.title }
        : {
            kind: 'replay',
            replayId: ask.replay_id!,
            start: ask.start!,
            seconds: ask.seconds,
            title: ask.title,
          },
    );
    return ok(c, { id, status: 'processing' as const });
  })
  .on(...routeOf(CLIP_MOUNT, clipsApi.one), async (c) => {
    const { clip_id } = await input(c, clipRequest);
    const { db } = c.get('rt');
    const clip = await getClip(db, clip_id);
    if (!clip) throw new ApiError('clips.api.noClip');
    c.header('cache-control', 'no-store');
    const user = c.get('user');
    return ok(c, clipJson(clip, user ? await mayRemove(db, user, clip.anchorId) : false));
  })
  .on(...routeOf(CLIP_MOUNT, clipsApi.list), async (c) => {
    const { anchor_id, page } = await input(c, clipListRequest);
    const { db } = c.get('rt');
    if (!(await isAnchor(db, anchor_id))) throw new ApiError('anchorPages.api.noAnchor');
    const result = await listClips(db, anchor_id, page);
    c.header('cache-control', 'public, max-age=15');
    return ok(c, {
      list: result.page === page ? result.items.map((clip) => clipJson(clip)) : [],
      page,
      pages: result.pages,
      total: result.total,
    });
  })
  .on(...routeOf(CLIP_MOUNT, clipsApi.remove), requireUser, async (c) => {
    const { clip_id } = await input(c, clipRequest);
    const rt = c.get('rt');
    const user = c.get('user')!;
    await removals.enforce(rt, String(user.id));
    await removeClip(rt, user, clip_id);
    return ok(c, { id: clip_id });
  })
  .on(...routeOf(CLIP_MOUNT, clipsApi.view), async (c) => {
    const { clip_id } = await input(c, clipRequest);
    const { db } = c.get('rt');
    // Keyed by clips that exist only, so made-up ids cannot fill the limit.
    const clip = await getClip(db, clip_id);
    if (!clip || clip.status !== CLIP_STATUS.ready) throw new ApiError('clips.api.noClip');
    const counted = await views.take(c.get('rt'), `${addressKey(c.get('ip'))}:${clip_id}`);
    const current = counted ? await addClipView(db, clip_id) : clip.views;
    if (current === null) throw new ApiError('clips.api.noClip');
    return ok(c, { views: current, counted: counted ? 1 : 0 });
  });
