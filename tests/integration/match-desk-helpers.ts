/**
 * What the match desk's suites share: sessions of the demo accounts, the desk's calls, row counts,
 * a fresh fixture made through the calls, and every matchLive announcement heard during a test.
 * Call deskSuite inside a describe: it registers the suite's hooks.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type {
  DeskFixture,
  DeskLeague,
  DeskMatch,
  DeskTeam,
} from '../../src/lib/sports/desk-api.ts';
import type { TextLine } from '../../src/lib/sports/match-centre.ts';
import { leagues, matchEvents, matches, teams } from '../../src/server/db/schema.ts';
import { onMatchLive, type MatchLiveMessage } from '../../src/server/sports/match-live.ts';
import { apiSuite, callApi, sessionOf as sessionOfUser, type DB_KINDS } from './helpers.ts';

/** Every answer of the desk's calls, as the tests read them. */
export interface DeskAnswer {
  leagues: DeskLeague[];
  teams: DeskTeam[];
  league: DeskLeague;
  team: DeskTeam;
  list: DeskFixture[];
  fixture: DeskFixture;
  line: TextLine;
  removed: number;
  lines: DeskMatch['lines'];
}

export const VIEWER = '13900000001';
export const ANCHOR = '13900000003';
export const ADMIN = '13900000005';
const BASE = '/api/admin/matches';

/** The desk's test kit on one database. */
export function deskSuite(kind: (typeof DB_KINDS)[number]) {
  const { t, api } = apiSuite(kind);
  // Every suite's listener hears every publish of the file: each test starts from an empty list.
  const heard: MatchLiveMessage[] = [];
  let stop = () => {};
  beforeAll(() => {
    stop = onMatchLive((m) => heard.push(m));
  });
  afterAll(() => stop());
  beforeEach(() => {
    heard.length = 0;
  });

  const sessionOf = (mobile: string) => sessionOfUser(t.rt.db, mobile, 'match-desk-test');
  const call = (
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ) => callApi<DeskAnswer>(api, method, `${BASE}${path}`, body, headers);
  const counts = async () => ({
    leagues: (await t.rt.db.select().from(leagues)).length,
    teams: (await t.rt.db.select().from(teams)).length,
    matches: (await t.rt.db.select().from(matches)).length,
    lines: (await t.rt.db.select().from(matchEvents)).length,
  });
  async function newFixture(headers: Record<string, string>, suffix: string) {
    const league = await call(
      'POST',
      '/league/save',
      { sport_id: 1, name_zh: `测试杯${suffix}`, name_en: `Test Cup ${suffix}`, short_name: 'TC' },
      headers,
    );
    const side = (n: string) =>
      call(
        'POST',
        '/team/save',
        {
          sport_id: 1,
          name_zh: `${n}队${suffix}`,
          name_en: `${n} ${suffix}`,
          color: '#FF3B5C',
          crest: null,
        },
        headers,
      );
    const home = await side('North');
    const away = await side('South');
    const fixture = await call(
      'POST',
      '/fixture/save',
      {
        league_id: league.data.league.id,
        home_team_id: home.data.team.id,
        away_team_id: away.data.team.id,
        start_time: '2026-11-28T12:00:00.000Z',
      },
      headers,
    );
    expect(fixture.status, fixture.msg).toBe(0);
    return fixture.data.fixture;
  }

  return { t, api, heard, sessionOf, call, counts, newFixture };
}
