/**
 * The anchor's live calls under /webapi/live (spec §7): getStreamInfo, resetStreamKey,
 * startLive, endLive. Only anchors may call them, each on their own room.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { planLiveSchema, startLiveSchema } from '../../lib/validation/studio.ts';
import { loadLiveCategories } from '../config/service.ts';
import { pickCommonConfig, readSettings } from '../config/service.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { dropLivePublisher } from '../media/control.ts';
import { cancelPlan, listOwnPlans } from '../live/plans.ts';
import { leagueMatches, leaguesWithMatches, sportOf } from './catalog.ts';
import { createPlan, endLive, requireOwnRoom, startLive } from './live.ts';
import { announceRoomStatus, rotateStreamKey, streamInfo } from '../media/stream.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { studioApi } from '../../lib/studio/api.ts';

/** Session changes, plans and key rotations: 20 per anchor per minute. */
const changes = rateLimit('studio.changes', 20, 60_000);

function limit(c: Context<ApiEnv>, userId: number): Promise<void> {
  return changes.enforce(c.get('rt'), String(userId));
}

const cateRequest = z.object({
  cateid: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const compRequest = z.object({
  comp: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The prefix app.ts mounts studioLiveRoutes under. */
export const STUDIO_LIVE_MOUNT = '/webapi/live';

/** Live routes, mounted under /webapi/live. */
export const studioLiveRoutes = new Hono<ApiEnv>()
  .on(...routeOf(STUDIO_LIVE_MOUNT, studioApi.categories), async (c) => {
    return ok(c, { list: await loadLiveCategories(c.get('rt').db, c.get('locale')) });
  })
  .on(...routeOf(STUDIO_LIVE_MOUNT, studioApi.leagues), requireUser, async (c) => {
    const { cateid } = await input(c, cateRequest);
    const { db } = c.get('rt');
    const sport = await sportOf(db, cateid);
    const comps = sport === null ? [] : await leaguesWithMatches(db, sport, c.get('locale'));
    return ok(c, { sport_live_match_comp: comps });
  })
  .on(...routeOf(STUDIO_LIVE_MOUNT, studioApi.matches), requireUser, async (c) => {
    const { comp } = await input(c, compRequest);
    const list = await leagueMatches(c.get('rt').db, comp, c.get('locale'));
    return ok(c, { sport_live_match: list });
  })
  .on(...routeOf(STUDIO_LIVE_MOUNT, studioApi.streamInfo), requireUser, async (c) => {
    const { db, env } = c.get('rt');
    const user = c.get('user')!;
    await requireOwnRoom(db, user.id);
    return ok(c, await streamInfo(db, env, user.id));
  })
  .on(...routeOf(STUDIO_LIVE_MOUNT, studioApi.resetStreamKey), requireUser, async (c) => {
    const { db, env } = c.get('rt');
    const user = c.get('user')!;
    await limit(c, user.id);
    await requireOwnRoom(db, user.id);
    return ok(c, await rotateStreamKey(db, env, user.id));
  })
  .on(...routeOf(STUDIO_LIVE_MOUNT, studioApi.startLive), requireUser, async (c) => {
    const { db, env } = c.get('rt');
    const user = c.get('user')!;
    const form = await input(c, startLiveSchema);
    await limit(c, user.id);
    const { ticket_switch } = pickCommonConfig(await readSettings(db));
    await startLive(db, user.id, form, ticket_switch, new Date(), env.ingests);
    return ok(c, { room_id: user.id, msg: c.get('t')('studio.started') });
  })
  .on(...routeOf(STUDIO_LIVE_MOUNT, studioApi.sessionState), requireUser, async (c) => {
    const { db } = c.get('rt');
    const user = c.get('user')!;
    const room = await requireOwnRoom(db, user.id);
    return ok(c, { session_open: room.sessionOpen ? 1 : 0, is_live: room.isLive ? 1 : 0 });
  })
  .on(...routeOf(STUDIO_LIVE_MOUNT, studioApi.endLive), requireUser, async (c) => {
    const { db, bus, env } = c.get('rt');
    const user = c.get('user')!;
    await limit(c, user.id);
    await endLive(db, user.id);
    await announceRoomStatus(db, bus, user.id);
    // An encoder still connected would keep pushing into the closed room: cut it off, on the
    // machine the live is pinned to.
    await dropLivePublisher({ db, env }, user.id);
    return ok(c, { status: 0 });
  });

const planRequest = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The prefix app.ts mounts studioPlanRoutes under. */
export const STUDIO_PLAN_MOUNT = '/api/live';

/** Plan routes, mounted under /api/live. */
export const studioPlanRoutes = new Hono<ApiEnv>()
  .on(...routeOf(STUDIO_PLAN_MOUNT, studioApi.createPlan), requireUser, async (c) => {
    const { db } = c.get('rt');
    const user = c.get('user')!;
    const form = await input(c, planLiveSchema);
    await limit(c, user.id);
    const { ticket_switch } = pickCommonConfig(await readSettings(db));
    const id = await createPlan(db, user.id, form, ticket_switch);
    return ok(c, { id, msg: c.get('t')('studio.planned') });
  })
  .on(...routeOf(STUDIO_PLAN_MOUNT, studioApi.plans), requireUser, async (c) => {
    const { db } = c.get('rt');
    const user = c.get('user')!;
    await requireOwnRoom(db, user.id);
    const plans = await listOwnPlans(db, user.id, c.get('locale'));
    return ok(c, {
      list: plans.map((p) => ({
        id: p.id,
        title: p.title,
        cover: p.cover,
        category: p.category,
        second_category: p.secondCategory,
        category_id: p.categoryId,
        child_category_id: p.secondCategoryId,
        match_id: p.matchId ?? 0,
        ticket: p.ticket,
        plan_time: Math.floor(p.planTime.getTime() / 1000),
        status: p.status,
      })),
    });
  })
  .on(...routeOf(STUDIO_PLAN_MOUNT, studioApi.cancelPlan), requireUser, async (c) => {
    const { db } = c.get('rt');
    const user = c.get('user')!;
    const { id } = await input(c, planRequest);
    await requireOwnRoom(db, user.id);
    if (!(await cancelPlan(db, user.id, id))) throw new ApiError('studio.errors.noPlan');
    return ok(c, { id });
  });
