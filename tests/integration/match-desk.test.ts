/**
 * The match desk's calls: guests, viewers and anchors are refused on every call with nothing
 * changed; editors keep leagues, teams and fixtures (audited), and bad input gets the desk's
 * messages with nothing changed. The live desk is in match-desk-live.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, editors, matches } from '../../src/server/db/schema.ts';
import { ADMIN, ANCHOR, deskSuite, VIEWER } from './match-desk-helpers.ts';
import { callApi, DB_KINDS, uploadTestImage } from './helpers.ts';

describe.each(DB_KINDS)('match desk on %s', (kind) => {
  const { t, api, heard, sessionOf, call, counts, newFixture } = deskSuite(kind);

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
});
