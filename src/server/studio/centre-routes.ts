/**
 * The anchor centre's calls under /api/studio: overview, income (from the gift ledger),
 * analysis (days and lives of a date range) and live (one live's viewers per minute). Anchors
 * only, each on their own figures.
 */
import { Hono, type Context } from 'hono';
import { incomeRequestSchema, liveRequestSchema, rangeSchema } from '../../lib/studio/centre.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { analysisReport, centreOverview, incomeReport, liveDetail } from './centre.ts';
import { requireOwnRoom } from './live.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { anchorCentreApi } from '../../lib/studio/api.ts';

/** Reads: 60 per anchor per minute. */
const reads = rateLimit('studio.reads', 60, 60_000);

/** The calling anchor's id, after the role check and the read limit. */
async function anchor(c: Context<ApiEnv>): Promise<number> {
  const rt = c.get('rt');
  const user = c.get('user')!;
  await reads.enforce(rt, String(user.id));
  await requireOwnRoom(rt.db, user.id);
  return user.id;
}

/** The prefix app.ts mounts centreRoutes under. */
export const CENTRE_MOUNT = '/api/studio';

/** Anchor centre routes, mounted under /api/studio. */
export const centreRoutes = new Hono<ApiEnv>()
  .use(requireUser)
  .on(...routeOf(CENTRE_MOUNT, anchorCentreApi.overview), async (c) => {
    const id = await anchor(c);
    return ok(c, await centreOverview(c.get('rt').db, id, c.get('locale')));
  })
  .on(...routeOf(CENTRE_MOUNT, anchorCentreApi.income), async (c) => {
    const request = await input(c, incomeRequestSchema);
    const id = await anchor(c);
    return ok(c, await incomeReport(c.get('rt').db, id, request, c.get('locale')));
  })
  .on(...routeOf(CENTRE_MOUNT, anchorCentreApi.analysis), async (c) => {
    const range = await input(c, rangeSchema);
    const id = await anchor(c);
    return ok(c, await analysisReport(c.get('rt').db, id, range, c.get('locale')));
  })
  .on(...routeOf(CENTRE_MOUNT, anchorCentreApi.live), async (c) => {
    const { id: liveId } = await input(c, liveRequestSchema);
    const id = await anchor(c);
    const detail = await liveDetail(c.get('rt').db, id, liveId, c.get('locale'));
    if (!detail) throw new ApiError('studio.centre.errors.noLive');
    return ok(c, detail);
  });
