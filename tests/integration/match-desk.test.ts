/**
 * The match desk's calls: editors and administrators keep leagues, teams and fixtures and run a
 * match live; guests, viewers and anchors are refused on every call with nothing changed; bad
 * input gets the desk's messages; every live change is stored and announced to the hub
 * (onMatchLive) as the frame viewers apply, corrections and removals included.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  DeskFixture,
  DeskLeague,
  DeskMatch,
  DeskTeam,
} from '../../src/lib/sports/desk-api.ts';
import type { TextLine } from '../../src/lib/sports/match-centre.ts';
import {
  adminAudit,
  editors,
  leagues,
  matchEvents,
  matches,
  teams,
} from '../../src/server/db/schema.ts';
import { createSession } from '../../src/server/sessions.ts';
import { onMatchLive, type MatchLiveMessage } from '../../src/server/sports/match-live.ts';
import { apiSuite, callApi, DB_KINDS, uploadTestImage, userIdByMobile } from './helpers.ts';

interface Answer {
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

const VIEWER = '13900000001';
const ANCHOR = '13900000003';
const ADMIN = '13900000005';
const BASE = '/api/admin/matches';

describe.each(DB_KINDS)('match desk on %s', (kind) => {
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

  async function sessionOf(mobile: string) {
    const id = await userIdByMobile(t.rt.db, mobile);
    const token = await createSession(t.rt.db, id, 'match-desk-test');
    return { id, headers: { authorization: `Bearer ${token}` } };
  }
  const call = (
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ) => callApi<Answer>(api, method, `${BASE}${path}`, body, headers);
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

  it('refuses guests, viewers and anchors on every call, changing nothing', async () => {
    const viewer = await sessionOf(VIEWER);
    const anchor = await sessionOf(ANCHOR);
    const before = await counts();
    const [match] = await t.rt.db.select({ id: matches.id }).from(matches).limit(1);
    const id = match!.id;
    const calls: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', '/catalog'],
      ['POST', '/league/save', { sport_id: 1, name_zh: '杯', name_en: 'Cup', short_name: 'C' }],
      [
        'POST',
        '/team/save',
        { sport_id: 1, name_zh: '队', name_en: 'T', color: '#000000', crest: null },
      ],
      ['GET', '/list?from=2026-11-28'],
      [
        'POST',
        '/fixture/save',
        { league_id: 1, home_team_id: 1, away_team_id: 2, start_time: '2026-11-28T12:00:00Z' },
      ],
      ['POST', '/fixture/state', { id, change: 'cancel' }],
      ['GET', `/desk?id=${id}`],
      ['POST', '/score', { id, home: 9, away: 9, status: 1, phase: null }],
      ['POST', '/line', { id, minute: 1, kind: 'goal', zh: '进球', en: 'Goal' }],
      ['POST', '/line/remove', { id, line_id: 1 }],
      ['POST', '/stats', { id, stats: { periods: [], items: [] } }],
      ['POST', '/lineups', { id, lineups: {} }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, body, {})).status, path).toBe(2);
      for (const who of [viewer, anchor]) {
        const refused = await call(method, path, body, who.headers);
        expect(refused.status, path).toBe(1);
        expect(refused.msg, path).toMatch(/Only editors/);
      }
    }
    expect(await counts()).toEqual(before);
    expect(heard).toEqual([]);
  });

  it('lets an editor keep the catalogue and fixtures, audited, and refuses doubles and bad input', async () => {
    const admin = await sessionOf(ADMIN);
    const editor = await sessionOf(VIEWER);
    await t.rt.db.insert(editors).values({ userId: editor.id, grantedBy: admin.id });
    const fixture = await newFixture(editor.headers, 'A');
    expect(fixture).toMatchObject({ status: 0, home: { name_en: 'North A', color: '#ff3b5c' } });
    const before = await counts();
    // A team typed again (another case) is refused; so are bad colours, crests and sports.
    const twin = await call(
      'POST',
      '/team/save',
      { sport_id: 1, name_zh: '别的', name_en: 'NORTH a', color: '#000000', crest: null },
      editor.headers,
    );
    expect(twin.msg).toBe('A team of this sport already has this name');
    const bad = [
      [
        { sport_id: 9, name_zh: 'x', name_en: 'x', color: '#000000', crest: null },
        'Choose football, basketball or tennis',
      ],
      [
        { sport_id: 1, name_zh: 'x', name_en: 'x', color: 'red', crest: null },
        'Choose a colour like #1f6feb',
      ],
      [
        { sport_id: 1, name_zh: 'x', name_en: 'x', color: '#000000', crest: 'javascript:alert(1)' },
        'Upload the crest as a PNG, JPEG or WebP picture',
      ],
      [
        { sport_id: 1, name_zh: 'x', name_en: 'x'.repeat(5000), color: '#000000', crest: null },
        null,
      ],
      [{ sport_id: 1, name_zh: 'a\u0007b', name_en: 'x', color: '#000000', crest: null }, null],
    ] as const;
    for (const [body, msg] of bad) {
      const refused = await call('POST', '/team/save', body, editor.headers);
      expect(refused.status).toBe(1);
      if (msg) expect(refused.msg).toBe(msg);
    }
    const same = await call(
      'POST',
      '/fixture/save',
      {
        league_id: fixture.league_id,
        home_team_id: fixture.home.id,
        away_team_id: fixture.home.id,
        start_time: '2026-11-28T12:00:00Z',
      },
      editor.headers,
    );
    expect(same.msg).toBe('A team cannot play itself');
    expect(await counts()).toEqual(before);
    // A crest uploaded through the site is accepted and shown.
    const crest = await uploadTestImage(api, editor.headers);
    const withCrest = await call(
      'POST',
      '/team/save',
      {
        id: fixture.home.id,
        sport_id: 1,
        name_zh: '北方A',
        name_en: 'North A',
        color: '#ff3b5c',
        crest,
      },
      editor.headers,
    );
    expect(withCrest.data.team.crest).toBe(crest);
    // Reschedule, postpone, restore with a new time, cancel; each audited.
    const moved = await call(
      'POST',
      '/fixture/save',
      {
        id: fixture.id,
        league_id: fixture.league_id,
        home_team_id: fixture.home.id,
        away_team_id: fixture.away.id,
        start_time: '2026-11-29T12:00:00Z',
      },
      editor.headers,
    );
    expect(moved.data.fixture.start_time).toBe('2026-11-29T12:00:00.000Z');
    const postponed = await call(
      'POST',
      '/fixture/state',
      { id: fixture.id, change: 'postpone' },
      editor.headers,
    );
    expect(postponed.data.fixture.status).toBe(3);
    const live = await call(
      'POST',
      '/score',
      { id: fixture.id, home: 1, away: 0, status: 1, phase: '1h' },
      editor.headers,
    );
    expect(live.msg).toBe('Put the match back on the schedule before running it live');
    const restored = await call(
      'POST',
      '/fixture/state',
      { id: fixture.id, change: 'restore' },
      editor.headers,
    );
    expect(restored.data.fixture.status).toBe(0);
    const cancelled = await call(
      'POST',
      '/fixture/state',
      { id: fixture.id, change: 'cancel' },
      editor.headers,
    );
    expect(cancelled.data.fixture).toMatchObject({ status: 4, home_score: null });
    expect(heard.map((m) => (JSON.parse(m.payload) as { status: number }).status)).toEqual([
      3, 0, 4,
    ]);
    // A cancelled match cannot be booked.
    const book = await callApi(
      api,
      'POST',
      '/api/match/book',
      { match_id: fixture.id },
      editor.headers,
    );
    expect(book.msg).toBe('This match was cancelled and cannot be booked');
    const list = await call('GET', '/list?from=2026-11-29&days=1', undefined, editor.headers);
    expect(list.data.list.map((f) => f.id)).toContain(fixture.id);
    const trail = await t.rt.db.select().from(adminAudit).where(eq(adminAudit.actorId, editor.id));
    expect(trail.map((a) => a.action)).toEqual([
      'league.create',
      'team.create',
      'team.create',
      'fixture.create',
      'team.edit',
      'fixture.reschedule',
      'fixture.postpone',
      'fixture.restore',
      'fixture.cancel',
    ]);
  });

  it('runs a match live: score and half-time, lines in one language, a correction and a removal', async () => {
    const admin = await sessionOf(ADMIN);
    const fixture = await newFixture(admin.headers, 'B');
    const id = fixture.id;
    const kick = await call(
      'POST',
      '/score',
      { id, home: 0, away: 0, status: 1, phase: '1h' },
      admin.headers,
    );
    expect(kick.data.fixture).toMatchObject({ status: 1, phase: '1h', home_score: 0 });
    const goal = await call(
      'POST',
      '/line',
      { id, minute: 23, kind: 'goal', zh: '', en: 'GOAL! North B' },
      admin.headers,
    );
    expect(goal.status, goal.msg).toBe(0);
    // Written in English only: shown in English on both sites until translated.
    expect(goal.data.line).toMatchObject({
      minute: 23,
      kind: 'goal',
      zh: 'GOAL! North B',
      en: 'GOAL! North B',
    });
    const lineId = goal.data.line.id;
    const fixed = await call(
      'POST',
      '/line',
      {
        id,
        line_id: lineId,
        minute: 24,
        kind: 'goal',
        zh: '进球！北方B',
        en: 'GOAL! North B, header',
      },
      admin.headers,
    );
    expect(fixed.data.line).toEqual({
      id: lineId,
      minute: 24,
      kind: 'goal',
      zh: '进球！北方B',
      en: 'GOAL! North B, header',
    });
    await call('POST', '/score', { id, home: 1, away: 0, status: 1, phase: 'ht' }, admin.headers);
    const stray = await call(
      'POST',
      '/line',
      { id, minute: 30, kind: 'info', zh: '错', en: 'Wrong' },
      admin.headers,
    );
    const removed = await call(
      'POST',
      '/line/remove',
      { id, line_id: stray.data.line.id },
      admin.headers,
    );
    expect(removed.data.removed).toBe(stray.data.line.id);
    const again = await call(
      'POST',
      '/line/remove',
      { id, line_id: stray.data.line.id },
      admin.headers,
    );
    expect(again.msg).toBe('This line does not exist any more');
    // A line of another match cannot be corrected through this one.
    const other = await call(
      'POST',
      '/line',
      { id: id + 100_000, minute: 1, kind: 'info', zh: 'x', en: 'x' },
      admin.headers,
    );
    expect(other.msg).toBe('This match does not exist');
    const empty = await call(
      'POST',
      '/line',
      { id, minute: 1, kind: 'info', zh: ' ', en: '' },
      admin.headers,
    );
    expect(empty.msg).toBe('Write the line in at least one language');
    const late = await call(
      'POST',
      '/line',
      { id, minute: 500, kind: 'info', zh: 'x', en: 'x' },
      admin.headers,
    );
    expect(late.status).toBe(1);
    const kindless = await call(
      'POST',
      '/line',
      { id, minute: 1, kind: 'boom', zh: 'x', en: 'x' },
      admin.headers,
    );
    expect(kindless.msg).toBe('Choose one of the options');
    const stats = { periods: [{ home: 1, away: 0 }], items: [{ key: 'shots', home: 7, away: 2 }] };
    expect((await call('POST', '/stats', { id, stats }, admin.headers)).status).toBe(0);
    const badStats = await call(
      'POST',
      '/stats',
      { id, stats: { periods: 'x', items: [] } },
      admin.headers,
    );
    expect(badStats.msg).toBe('The statistics are not complete numbers');
    const side = {
      formation: '4-3-3',
      coachEn: 'C',
      coachZh: 'C',
      starters: [{ no: '9', pos: 'FW', en: 'Nine', zh: '九' }],
      bench: [],
    };
    expect(
      (await call('POST', '/lineups', { id, lineups: { home: side, away: side } }, admin.headers))
        .status,
    ).toBe(0);
    const desk = await call('GET', `/desk?id=${id}`, undefined, admin.headers);
    expect(desk.data).toMatchObject({
      fixture: { status: 1, phase: 'ht', home_score: 1, away_score: 0 },
      lines: [{ id: lineId, minute: 24, en: 'GOAL! North B, header' }],
      stats,
      lineups: { home: side },
    });
    // What the hub heard is what viewers apply, in order.
    expect(heard.map((m) => m.kind)).toEqual([
      'score',
      'text',
      'text',
      'score',
      'text',
      'remove',
      'stats',
      'lineup',
    ]);
    expect(heard.every((m) => m.matchId === id)).toBe(true);
    // Full time clears the phase.
    const ft = await call(
      'POST',
      '/score',
      { id, home: 1, away: 0, status: 2, phase: 'ht' },
      admin.headers,
    );
    expect(ft.data.fixture).toMatchObject({ status: 2, phase: null });
    const reschedule = await call(
      'POST',
      '/fixture/save',
      {
        id,
        league_id: fixture.league_id,
        home_team_id: fixture.home.id,
        away_team_id: fixture.away.id,
        start_time: '2026-12-01T12:00:00Z',
      },
      admin.headers,
    );
    expect(reschedule.msg).toBe('This match has finished: its kick-off and state stay as they are');
  });
});
