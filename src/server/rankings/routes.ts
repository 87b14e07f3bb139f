/**
 * GET /api/live/rankings (a room's contribution list) and GET /api/live/talentList (the talent
 * list of /ranking, only while talent_list_status is 1).
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { roomRankingRequest, talentListRequest } from '../../lib/validation/rankings.ts';
import { talentListOpen } from '../config/switches.ts';
import { liveRooms } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { input } from '../http/validate.ts';
import { roomRanking, talentList } from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { rankingsApi } from '../../lib/rankings/api.ts';

/** Rankings change with every gift; a few seconds of sharing keep busy rooms cheap. */
const CACHE = 'public, max-age=5';

/** The prefix app.ts mounts rankingRoutes under. */
export const RANKING_MOUNT = '/api/live';

/** Ranking routes, mounted under /api/live beside the live routes. */
export const rankingRoutes = new Hono<ApiEnv>()
  .on(...routeOf(RANKING_MOUNT, rankingsApi.room), async (c) => {
    const { anchor_id, period, limit } = await input(c, roomRankingRequest);
    const { db } = c.get('rt');
    const [room] = await db
      .select({ id: liveRooms.anchorId })
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, anchor_id));
    if (!room) throw new ApiError('ranking.api.noRoom');
    c.header('cache-control', CACHE);
    return ok(c, await roomRanking(db, anchor_id, period, limit));
  })
  .get('/talentList', async (c) => {
    const { period, limit } = await input(c, talentListRequest);
    if (!(await talentListOpen(c.get('rt').db))) throw new ApiError('ranking.api.closed');
    c.header('cache-control', CACHE);
    return ok(c, await talentList(c.get('rt').db, period, limit));
  });
