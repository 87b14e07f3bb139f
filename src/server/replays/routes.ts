/**
 * GET /api/live/replays (a page of replays), GET /api/live/replay (one replay with its stream),
 * POST /api/live/replayView (count a view) and GET /api/live/anchor_plans (upcoming lives).
 */
import { Hono } from 'hono';
import {
  anchorPlansRequest,
  replayListRequest,
  replayRequest,
} from '../../lib/validation/replays.ts';
import { unixSeconds } from '../../lib/time.ts';
import { isAnchor } from '../anchors/profile.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { addressKey } from '../http/connection-limits.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { listUpcomingPlans, type PlanCard } from '../live/plans.ts';
import { addReplayView, getReplay, listReplays, type ReplayCard } from './service.ts';
import { noteVisit } from '../users/watch-history.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { replaysApi } from '../../lib/replays/api.ts';

/** Lists change when a live ends; half a minute of sharing is plenty. */
const CACHE = 'public, max-age=30';

/** One counted view per address and replay per half hour. */
const views = rateLimit('replays.views', 1, 30 * 60_000);

/** A replay as the API returns it (snake_case, times in unix seconds). */
function replayJson(r: ReplayCard) {
  return {
    id: r.id,
    anchor_id: r.anchorId,
    anchor_name: r.anchorName,
    anchor_avatar: r.anchorAvatar,
    title: r.title,
    cover: r.cover,
    category_id: r.categoryId,
    second_category_id: r.secondCategoryId,
    category: r.category,
    second_category: r.secondCategory,
    match_id: r.matchId,
    duration: r.durationSec,
    views: r.views,
    recorded_at: unixSeconds(r.recordedAt),
  };
}

function planJson(p: PlanCard) {
  return {
    id: p.id,
    anchor_id: p.anchorId,
    title: p.title,
    cover: p.cover,
    category: p.category,
    second_category: p.secondCategory,
    match_id: p.matchId,
    plan_time: unixSeconds(p.planTime),
    ticket: p.ticket,
  };
}

/** The prefix app.ts mounts replayRoutes under. */
export const REPLAY_MOUNT = '/api/live';

/** Replay and planned-live routes, mounted under /api/live beside an anchor's own replays. */
export const replayRoutes = new Hono<ApiEnv>()
  .get('/replays', async (c) => {
    const q = await input(c, replayListRequest);
    const { db } = c.get('rt');
    if (q.anchor_id && !(await isAnchor(db, q.anchor_id))) {
      throw new ApiError('anchorPages.api.noAnchor');
    }
    const result = await listReplays(db, {
      locale: c.get('locale'),
      anchorId: q.anchor_id,
      categoryId: q.category,
      secondCategoryId: q.second,
      page: q.page,
      pageSize: q.size,
    });
    c.header('cache-control', CACHE);
    return ok(c, {
      list: result.page === q.page ? result.items.map(replayJson) : [],
      page: q.page,
      size: result.pageSize,
      total: result.total,
      pages: result.pages,
    });
  })
  .get('/replay', async (c) => {
    const { replay_id } = await input(c, replayRequest);
    const replay = await getReplay(c.get('rt').db, replay_id, c.get('locale'));
    if (!replay) throw new ApiError('anchorPages.api.noReplay');
    c.header('cache-control', CACHE);
    return ok(c, { ...replayJson(replay), stream_url: replay.streamUrl });
  })
  .on(...routeOf(REPLAY_MOUNT, replaysApi.view), async (c) => {
    const { replay_id } = await input(c, replayRequest);
    const { db } = c.get('rt');
    // The limit is keyed by replays that exist only, so made-up ids cannot fill it.
    const replay = await getReplay(db, replay_id, c.get('locale'));
    if (!replay) throw new ApiError('anchorPages.api.noReplay');
    const viewer = c.get('user');
    if (viewer && viewer.id !== replay.anchorId) {
      noteVisit(db, viewer.id, replay.anchorId, { kind: 2, replayId: replay_id });
    }
    const counted = await views.take(c.get('rt'), `${addressKey(c.get('ip'))}:${replay_id}`);
    const current = counted ? await addReplayView(db, replay_id) : replay.views;
    if (current === null) throw new ApiError('anchorPages.api.noReplay');
    return ok(c, { views: current, counted: counted ? 1 : 0 });
  })
  .get('/anchor_plans', async (c) => {
    const { anchor_id } = await input(c, anchorPlansRequest);
    const { db } = c.get('rt');
    if (!(await isAnchor(db, anchor_id))) throw new ApiError('anchorPages.api.noAnchor');
    c.header('cache-control', CACHE);
    return ok(c, (await listUpcomingPlans(db, anchor_id, c.get('locale'))).map(planJson));
  });
