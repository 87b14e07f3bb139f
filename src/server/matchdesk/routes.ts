/**
 * The match desk's calls, mounted at /api/admin/matches: the catalogue (leagues, teams),
 * fixtures, and the live desk. Editors and administrators only, read per request; writes are
 * limited per editor.
 */
import { Hono } from 'hono';
import { matchDeskApi } from '../../lib/sports/desk-api.ts';
import {
  deskRequest,
  fixtureRequest,
  fixtureStateRequest,
  leagueRequest,
  lineRequest,
  lineupsRequest,
  listRequest,
  removeLineRequest,
  scoreRequest,
  statsRequest,
  teamRequest,
} from '../../lib/validation/match-desk.ts';
import { requireEditor } from '../content/editors.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { ok } from '../http/envelope.ts';
import { input } from '../http/validate.ts';
import { rateLimit } from '../shared/limits.ts';
import { actorOf } from '../staff/guard.ts';
import { listCatalog, saveLeague, saveTeam } from './catalog.ts';
import { changeFixtureState, listFixtures, saveFixture } from './fixtures.ts';
import { deskMatch, postLine, removeLine, setLineups, setScore, setStats } from './live.ts';

/** Where the desk's calls are mounted. */
export const MATCH_DESK_MOUNT = '/api/admin/matches';

/** The desk's calls. A busy match sees a line every few seconds: 240 writes a minute each. */
export function matchDeskRoutes() {
  const writes = rateLimit('matchdesk.write', 240, 60_000);
  const at = <E extends Parameters<typeof routeOf>[1]>(api: E) => routeOf(MATCH_DESK_MOUNT, api);
  return new Hono<ApiEnv>()
    .use('*', requireEditor)
    .use('*', async (c, next) => {
      if (c.req.method === 'POST') await writes.enforce(c.get('rt'), String(c.get('user')!.id));
      await next();
    })
    .on(...at(matchDeskApi.catalog), async (c) => ok(c, await listCatalog(c.get('rt').db)))
    .on(...at(matchDeskApi.saveLeague), async (c) => {
      const body = await input(c, leagueRequest);
      return ok(c, { league: await saveLeague(c.get('rt').db, await actorOf(c), body) });
    })
    .on(...at(matchDeskApi.saveTeam), async (c) => {
      const body = await input(c, teamRequest);
      return ok(c, { team: await saveTeam(c.get('rt').db, await actorOf(c), body) });
    })
    .on(...at(matchDeskApi.list), async (c) =>
      ok(c, { list: await listFixtures(c.get('rt').db, await input(c, listRequest)) }),
    )
    .on(...at(matchDeskApi.saveFixture), async (c) => {
      const body = await input(c, fixtureRequest);
      return ok(c, { fixture: await saveFixture(c.get('rt').db, await actorOf(c), body) });
    })
    .on(...at(matchDeskApi.fixtureState), async (c) => {
      const { id, change } = await input(c, fixtureStateRequest);
      const actor = await actorOf(c);
      return ok(c, { fixture: await changeFixtureState(c.get('rt').db, actor, id, change) });
    })
    .on(...at(matchDeskApi.desk), async (c) => {
      const { id } = await input(c, deskRequest);
      return ok(c, await deskMatch(c.get('rt').db, id));
    })
    .on(...at(matchDeskApi.score), async (c) =>
      ok(c, { fixture: await setScore(c.get('rt').db, await input(c, scoreRequest)) }),
    )
    .on(...at(matchDeskApi.line), async (c) =>
      ok(c, { line: await postLine(c.get('rt').db, await input(c, lineRequest)) }),
    )
    .on(...at(matchDeskApi.removeLine), async (c) => {
      const body = await input(c, removeLineRequest);
      return ok(c, { removed: await removeLine(c.get('rt').db, await actorOf(c), body) });
    })
    .on(...at(matchDeskApi.stats), async (c) => {
      const { id, stats } = await input(c, statsRequest);
      return ok(c, { stats: await setStats(c.get('rt').db, id, stats) });
    })
    .on(...at(matchDeskApi.lineups), async (c) => {
      const { id, lineups } = await input(c, lineupsRequest);
      return ok(c, { lineups: await setLineups(c.get('rt').db, id, lineups) });
    });
}
