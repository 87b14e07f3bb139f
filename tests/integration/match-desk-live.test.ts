/**
 * The live desk: score, state and half-time, lines in one language, a correction and a removal,
 * statistics and line-ups; every change is stored and announced to the hub (onMatchLive) as the
 * frame viewers apply, in order; full time clears the phase and keeps the kick-off.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, deskSuite } from './match-desk-helpers.ts';
import { DB_KINDS } from './helpers.ts';

describe.each(DB_KINDS)('the live desk on %s', (kind) => {
  const { heard, sessionOf, call, newFixture } = deskSuite(kind);

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
