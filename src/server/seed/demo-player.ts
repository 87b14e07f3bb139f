/**
 * The demo match that moves: with the demo data, the server plays the featured football match
 * (seed/demo-match.ts) forward through publishMatchLive, one step every `paceMs`: a text line in
 * both languages, a goal now and then, cards, half-time, the second half and full time; after a
 * pause it kicks off again with the lines cleared, so the demo never runs out.
 *
 * Where the match stands is read from the database at each step (the newest line that is a step
 * of the script), so a restarted server, or another process taking over, carries on from there.
 * One process of a deployment plays it: each step first takes or renews a lease in the shared
 * state (Redis with several processes), and a process that does not hold it waits.
 *
 * @example
 * const demo = startDemoMatch(rt, { paceMs: 5000 });
 * await demo.stop();
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { MatchPhase, MatchState } from '../../lib/sports/match-centre.ts';
import type { Db } from '../db/index.ts';
import { liveRooms, matchEvents, matches, MATCH_STATUS, teams } from '../db/schema.ts';
import { log } from '../log.ts';
import { createLease } from '../shared/lease.ts';
import type { SharedState } from '../shared/state.ts';
import { DEMO_MATCH_STEPS, DEMO_MATCH_TEAMS, type DemoStep } from './demo-match.ts';
import { publishMatchLive } from '../sports/match-live.ts';

/** The name of the lease of the process playing the demo match. */
export const DEMO_LEASE = 'demo-match:player';

/** Options of startDemoMatch. */
export interface DemoMatchOptions {
  /** Time between two steps. */
  paceMs: number;
  /** Steps of pause after full time before the next kick-off (default 6). */
  pauseSteps?: number;
  /** The script (default DEMO_MATCH_STEPS); its first step is the kick-off. */
  steps?: readonly DemoStep[];
  /** The match to play (default: the demo's featured match, found by its teams and room). */
  matchId?: number;
}

/** A running player. */
export interface DemoMatch {
  /** Steps this player has published (0 while another process plays the match). */
  played: () => number;
  /** Stops playing and gives up the lease; resolves once the step under way is done. */
  stop: () => Promise<void>;
}

/** The demo's featured match: Arsenal against Manchester City, linked to a demo live room. */
export async function findDemoMatch(db: Db): Promise<number | undefined> {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const linked = db
    .select({ id: liveRooms.matchId })
    .from(liveRooms)
    .where(eq(liveRooms.isLive, true));
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(
      and(
        eq(home.nameEn, DEMO_MATCH_TEAMS.home),
        eq(away.nameEn, DEMO_MATCH_TEAMS.away),
        inArray(matches.id, linked),
      ),
    )
    .orderBy(desc(matches.startTime))
    .limit(1);
  return row?.id;
}

/** The score and state of the match once step `index` is played. */
export function standingAt(
  steps: readonly DemoStep[],
  index: number,
): { home: number; away: number; status: MatchState; phase: MatchPhase | null } {
  let score: readonly [number, number] = [0, 0];
  let phase: MatchPhase | 'ft' = '1h';
  for (const step of steps.slice(0, index + 1)) {
    if (step.score) score = step.score;
    if (step.turn) phase = step.turn;
  }
  return phase === 'ft'
    ? { home: score[0], away: score[1], status: MATCH_STATUS.finished, phase: null }
    : { home: score[0], away: score[1], status: MATCH_STATUS.live, phase };
}

/** Starts playing the demo match; see the module's comment. */
export function startDemoMatch(
  rt: { db: Db; shared: SharedState },
  options: DemoMatchOptions,
): DemoMatch {
  const { db, shared } = rt;
  const steps = options.steps ?? DEMO_MATCH_STEPS;
  const pauseSteps = options.pauseSteps ?? 6;
  const paceMs = options.paceMs;
  // Held a little longer than a few steps: a process that stalls that long gives the match up.
  const leaseMs = Math.max(paceMs * 3, 5_000);
  const lease = createLease(shared, DEMO_LEASE, leaseMs);
  let matchId = options.matchId;
  let pauseLeft: number | undefined;
  let played = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const play = async (id: number, index: number) => {
    const step = steps[index]!;
    played += 1;
    await publishMatchLive(db, id, {
      kind: 'text',
      minute: step.minute,
      event: step.kind,
      zh: step.zh,
      en: step.en,
    });
    if (step.score || step.turn) {
      await publishMatchLive(db, id, { kind: 'score', ...standingAt(steps, index) });
    }
  };

  /** Clears the lines, sets 0-0 in the first half and plays the first step. */
  const kickOff = async (id: number, lineIds: number[]) => {
    for (const lineId of lineIds) await publishMatchLive(db, id, { kind: 'remove', id: lineId });
    await publishMatchLive(db, id, {
      kind: 'score',
      home: 0,
      away: 0,
      status: MATCH_STATUS.live as MatchState,
      phase: '1h',
    });
    await play(id, 0);
    log('info', 'demo_match_kickoff', { matchId: id });
  };

  const step = async () => {
    if (!(await lease.claim())) {
      pauseLeft = undefined;
      return;
    }
    matchId ??= await findDemoMatch(db);
    if (matchId === undefined) {
      stopped = true;
      log('warn', 'demo_match_missing', {});
      return;
    }
    const lines = await db
      .select({
        id: matchEvents.id,
        minute: matchEvents.minute,
        kind: matchEvents.kind,
        en: matchEvents.textEn,
      })
      .from(matchEvents)
      .where(eq(matchEvents.matchId, matchId))
      .orderBy(desc(matchEvents.id));
    // Where the match stands: the newest line that is a step of the script.
    let at = -1;
    for (const line of lines) {
      at = steps.findIndex(
        (s) => s.minute === line.minute && s.kind === line.kind && s.en === line.en,
      );
      if (at >= 0) break;
    }
    const ids = lines.map((line) => line.id);
    if (at < 0) return kickOff(matchId, ids);
    if (at < steps.length - 1) return play(matchId, at + 1);
    pauseLeft = (pauseLeft ?? pauseSteps) - 1;
    if (pauseLeft > 0) return;
    pauseLeft = undefined;
    return kickOff(matchId, ids);
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step()
        .catch((error: unknown) => log('warn', 'demo_match_step_failed', { error: String(error) }))
        .finally(schedule);
    }, paceMs);
    timer.unref();
  };
  schedule();

  return {
    played: () => played,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      // Handed over at once rather than when the lease runs out.
      await lease.release().catch(() => {});
    },
  };
}
