/**
 * The demo match plays forward by itself through publishMatchLive: from where the demo data
 * leaves it, line after line, a goal with its score, full time, and after the pause a fresh
 * kick-off with the lines cleared. Two players sharing one state (two processes of a cluster)
 * never play it at once, and when the one playing stops, the other carries on.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TextLine } from '../../src/lib/sports/match-centre.ts';
import { matches, MATCH_STATUS } from '../../src/server/db/schema.ts';
import { DEMO_MATCH_STEPS } from '../../src/server/seed/demo-match.ts';
import {
  findDemoMatch,
  startDemoMatch,
  type DemoMatch,
} from '../../src/server/seed/demo-player.ts';
import { getMatchCentre } from '../../src/server/sports/match-centre.ts';
import { onMatchLive, type MatchLiveMessage } from '../../src/server/sports/match-live.ts';
import { createMemoryState } from '../../src/server/shared/state.ts';
import { until } from './wait.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';

const PACE_MS = 100;
const LAST = DEMO_MATCH_STEPS.length - 1;

describe.each(DB_KINDS)('the demo match (%s)', (kind) => {
  let t: TestRuntime;
  let matchId: number;
  const heard: MatchLiveMessage[] = [];
  const players: DemoMatch[] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    matchId = (await findDemoMatch(t.rt.db))!;
    stopListening = onMatchLive((m) => {
      if (m.matchId === matchId) heard.push(m);
    });
  }, 60_000);
  afterEach(async () => {
    await Promise.all(players.splice(0).map((p) => p.stop()));
  });
  afterAll(async () => {
    stopListening?.();
    await t?.dispose();
  });

  const texts = () =>
    heard.filter((m) => m.kind === 'text').map((m) => (JSON.parse(m.payload) as TextLine).en);
  const scores = () =>
    heard
      .filter((m) => m.kind === 'score')
      .map((m) => JSON.parse(m.payload) as { home: number; away: number; status: number });
  const stepOf = (en: string) => DEMO_MATCH_STEPS.findIndex((s) => s.en === en);

  it('is the seeded live match of a demo room, and the script starts where the seed stands', async () => {
    expect(matchId).toBeGreaterThan(0);
    const [row] = await t.rt.db.select().from(matches).where(eq(matches.id, matchId));
    expect(row).toMatchObject({ status: MATCH_STATUS.live, homeScore: 1, awayScore: 0 });
    const seeded = (await getMatchCentre(t.rt.db, matchId)).lines;
    expect(stepOf(seeded[0]!.en)).toBe(seeded.length - 1);
  });

  it('plays on from the seed to full time, then kicks off again with the lines cleared', async () => {
    heard.length = 0;
    const seededLines = (await getMatchCentre(t.rt.db, matchId)).lines.length;
    players.push(startDemoMatch(t.rt, { paceMs: PACE_MS, pauseSteps: 2 }));
    // Full time, then the fresh kick-off.
    await until('the next kick-off', () => texts().includes(DEMO_MATCH_STEPS[0]!.en), 60_000, 50);
    const played = texts();
    // Every step from the one after the seed to full time, once each and in order.
    expect(played.slice(0, -1)).toEqual(DEMO_MATCH_STEPS.slice(seededLines).map((s) => s.en));
    // Goals change the score; half-time and full time change the state.
    expect(scores()).toContainEqual(expect.objectContaining({ home: 1, away: 1, status: 1 }));
    expect(scores()).toContainEqual(
      expect.objectContaining({ home: 1, away: 0, status: 1, phase: 'ht' }),
    );
    expect(scores()).toContainEqual(
      expect.objectContaining({ home: 2, away: 1, status: MATCH_STATUS.finished }),
    );
    // The kick-off took every line back, then set 0-0 in the first half.
    const removed = heard.filter((m) => m.kind === 'remove').length;
    expect(removed).toBe(LAST + 1);
    expect(scores().at(-1)).toMatchObject({ home: 0, away: 0, status: 1, phase: '1h' });
    await players.pop()!.stop();
    const centre = await getMatchCentre(t.rt.db, matchId);
    expect(centre.lines.map((l) => l.en)).toEqual([DEMO_MATCH_STEPS[0]!.en]);
    const [row] = await t.rt.db.select().from(matches).where(eq(matches.id, matchId));
    expect(row).toMatchObject({ status: MATCH_STATUS.live, homeScore: 0, awayScore: 0 });
  });

  it('is played by one of two players sharing a state, and the other takes over when it stops', async () => {
    heard.length = 0;
    const shared = createMemoryState();
    const a = startDemoMatch({ db: t.rt.db, shared }, { paceMs: PACE_MS });
    const b = startDemoMatch({ db: t.rt.db, shared }, { paceMs: PACE_MS });
    players.push(a, b);
    await until('six lines', () => texts().length >= 6, 30_000, 50);
    // One plays, the other waits.
    const [playing, waiting] = a.played() > 0 ? [a, b] : [b, a];
    expect(playing.played()).toBeGreaterThanOrEqual(6);
    expect(waiting.played()).toBe(0);
    await playing.stop();
    const before = texts().length;
    await until('three more lines', () => texts().length >= before + 3, 30_000, 50);
    expect(waiting.played()).toBeGreaterThanOrEqual(3);
    await waiting.stop();
    // Every step once, in order, across the hand-over.
    const steps = texts().map(stepOf);
    expect(steps.every((s) => s >= 0)).toBe(true);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBe(steps[i - 1]! + 1);
  });
});
