/**
 * Demo fixtures from 7 days before `now` to 7 days after: finished matches have final scores,
 * matches in progress have partial scores, future ones none. Deterministic for a given `now`.
 */
import { seededRandom } from '../../lib/random.ts';
import type { Db } from '../db/index.ts';
import { leagues, matches, MATCH_STATUS, teams } from '../db/schema.ts';
import type { MatchTag } from './people.ts';
import { LEAGUES, SPORT, TEAMS, type LeagueSeed } from './teams.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BEIJING_OFFSET = 8 * HOUR;
/** Fixtures are kept within this distance of `now`. */
const WINDOW = 7 * DAY;

/** How long a match of each sport runs, in minutes, wall clock. */
const DURATION: Record<number, number> = {
  [SPORT.football]: 115,
  [SPORT.basketball]: 150,
  [SPORT.tennis]: 150,
};

/** Least time between two matches of one team, in hours. */
const REST: Record<number, number> = {
  [SPORT.football]: 44,
  [SPORT.basketball]: 20,
  [SPORT.tennis]: 20,
};

/** A match with a fixed time and score that rooms or the home page can rely on. */
interface FixedMatch {
  tag: MatchTag | 'tennis-live' | 'csl-live';
  league: string;
  home: string;
  away: string;
  /** Kick-off relative to `now` in minutes, or a day (0 today) and Beijing hour. */
  start: { minutes: number } | { day: number; hour: number };
  /** Score while live; finished and scheduled scores follow the usual rules. */
  liveScore?: readonly [number, number];
}

const FIXED: readonly FixedMatch[] = [
  {
    tag: 'football-live',
    league: 'epl',
    home: 'Arsenal',
    away: 'Manchester City',
    start: { minutes: -38 },
    liveScore: [1, 0],
  },
  {
    tag: 'basketball-live',
    league: 'nba',
    home: 'Los Angeles Lakers',
    away: 'Golden State Warriors',
    start: { minutes: -70 },
    liveScore: [78, 74],
  },
  {
    tag: 'tennis-live',
    league: 'atp',
    home: 'Jannik Sinner',
    away: 'Carlos Alcaraz',
    start: { minutes: -55 },
    liveScore: [1, 0],
  },
  {
    tag: 'csl-live',
    league: 'csl',
    home: 'Shanghai Port',
    away: 'Shandong Taishan',
    start: { minutes: -20 },
    liveScore: [0, 0],
  },
  {
    tag: 'football-next',
    league: 'bundesliga',
    home: 'Bayern Munich',
    away: 'Borussia Dortmund',
    start: { day: 2, hour: 25.5 },
  },
];

/** One fixture before insertion. */
export interface PlannedMatch {
  tag?: string;
  sportId: number;
  league: string;
  home: string;
  away: string;
  startTime: Date;
  status: number;
  homeScore: number | null;
  awayScore: number | null;
}

function poisson(rand: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rand();
  while (p > limit && k < 6) {
    k += 1;
    p *= rand();
  }
  return k;
}

function finalScore(rand: () => number, league: LeagueSeed): [number, number] {
  if (league.sportId === SPORT.football) return [poisson(rand, 1.45), poisson(rand, 1.15)];
  if (league.sportId === SPORT.basketball) {
    const base = league.key === 'nba' ? 113 : league.key === 'cba' ? 102 : 82;
    const home = base + 2 + Math.floor(rand() * 29) - 14;
    const away = base + Math.floor(rand() * 29) - 14;
    return home === away ? [home + 3 + Math.floor(rand() * 7), away] : [home, away];
  }
  const loser = rand() < 0.4 ? 1 : 0;
  return rand() < 0.5 ? [2, loser] : [loser, 2];
}

function partialScore(final: [number, number], sportId: number, f: number): [number, number] {
  if (sportId === SPORT.football) return [Math.floor(final[0] * f), Math.floor(final[1] * f)];
  if (sportId === SPORT.basketball) return [Math.round(final[0] * f), Math.round(final[1] * f)];
  if (f < 0.4) return [0, 0];
  if (f < 0.75) return final[0] > final[1] ? [1, 0] : [0, 1];
  return [1, 1];
}

/** Status and scores of a fixture at `now`. */
function outcome(
  rand: () => number,
  league: LeagueSeed,
  start: number,
  now: number,
  liveScore?: readonly [number, number],
): Pick<PlannedMatch, 'status' | 'homeScore' | 'awayScore'> {
  const final = finalScore(rand, league);
  const elapsed = (now - start) / MINUTE;
  const duration = DURATION[league.sportId]!;
  if (elapsed < 0) return { status: MATCH_STATUS.scheduled, homeScore: null, awayScore: null };
  if (elapsed >= duration) {
    return { status: MATCH_STATUS.finished, homeScore: final[0], awayScore: final[1] };
  }
  const [homeScore, awayScore] =
    liveScore ?? partialScore(final, league.sportId, elapsed / duration);
  return { status: MATCH_STATUS.live, homeScore, awayScore };
}

function shuffle<T>(rand: () => number, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Plans every fixture of the demo fortnight around `now`. */
export function planMatches(now: Date): PlannedMatch[] {
  const rand = seededRandom(20240601);
  const nowMs = now.getTime();
  const played = new Map<string, number[]>();
  const rested = (sportId: number, team: string, start: number): boolean =>
    (played.get(`${sportId}:${team}`) ?? []).every(
      (other) => Math.abs(other - start) >= REST[sportId]! * HOUR,
    );
  const book = (sportId: number, team: string, start: number): void => {
    const key = `${sportId}:${team}`;
    played.set(key, [...(played.get(key) ?? []), start]);
  };
  const byKey = new Map(LEAGUES.map((league) => [league.key, league]));
  const planned: PlannedMatch[] = [];
  const today = Math.floor((nowMs + BEIJING_OFFSET) / DAY) * DAY - BEIJING_OFFSET;

  for (const fixed of FIXED) {
    const league = byKey.get(fixed.league)!;
    const start =
      'minutes' in fixed.start
        ? Math.round((nowMs + fixed.start.minutes * MINUTE) / (5 * MINUTE)) * 5 * MINUTE
        : today + fixed.start.day * DAY + fixed.start.hour * HOUR;
    book(league.sportId, fixed.home, start);
    book(league.sportId, fixed.away, start);
    planned.push({
      tag: fixed.tag,
      sportId: league.sportId,
      league: league.key,
      home: fixed.home,
      away: fixed.away,
      startTime: new Date(start),
      ...outcome(rand, league, start, nowMs, fixed.liveScore),
    });
  }

  for (let d = -8; d <= 7; d += 1) {
    for (const league of LEAGUES) {
      if (!league.playsOn(d)) continue;
      const pool = shuffle(rand, league.teams);
      for (const kickoff of league.kickoffs) {
        const start = today + d * DAY + Math.round(kickoff * 60) * MINUTE;
        if (Math.abs(start - nowMs) > WINDOW) continue;
        const pair = pool.filter((team) => rested(league.sportId, team, start)).slice(0, 2);
        const [home, away] = pair;
        if (!home || !away) break;
        pool.splice(pool.indexOf(home), 1);
        pool.splice(pool.indexOf(away), 1);
        book(league.sportId, home, start);
        book(league.sportId, away, start);
        planned.push({
          sportId: league.sportId,
          league: league.key,
          home,
          away,
          startTime: new Date(start),
          ...outcome(rand, league, start, nowMs),
        });
      }
    }
  }
  return planned.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
}

/** Inserts leagues, teams and fixtures; returns the ids of the tagged fixtures. */
export async function seedSports(db: Db, now: Date): Promise<Map<string, number>> {
  const leagueRows = await db
    .insert(leagues)
    .values(
      LEAGUES.map(({ sportId, nameZh, nameEn, shortName }) => ({
        sportId,
        nameZh,
        nameEn,
        shortName,
      })),
    )
    .returning({ id: leagues.id, nameEn: leagues.nameEn });
  const leagueIds = new Map(
    LEAGUES.map((league) => [
      league.key,
      leagueRows.find((row) => row.nameEn === league.nameEn)!.id,
    ]),
  );

  const teamRows = await db
    .insert(teams)
    .values(
      Object.entries(TEAMS).flatMap(([sportId, list]) =>
        list.map(([nameEn, nameZh, color]) => ({
          sportId: Number(sportId),
          nameEn,
          nameZh,
          color,
        })),
      ),
    )
    .returning({ id: teams.id, sportId: teams.sportId, nameEn: teams.nameEn });
  const teamIds = new Map(teamRows.map((row) => [`${row.sportId}:${row.nameEn}`, row.id]));

  const tagged = new Map<string, number>();
  const plan = planMatches(now);
  const toRow = (match: PlannedMatch) => ({
    sportId: match.sportId,
    leagueId: leagueIds.get(match.league)!,
    homeTeamId: teamIds.get(`${match.sportId}:${match.home}`)!,
    awayTeamId: teamIds.get(`${match.sportId}:${match.away}`)!,
    startTime: match.startTime,
    status: match.status,
    homeScore: match.homeScore,
    awayScore: match.awayScore,
  });
  await db.insert(matches).values(plan.filter((match) => !match.tag).map(toRow));
  for (const match of plan.filter((m) => m.tag)) {
    const [row] = await db.insert(matches).values(toRow(match)).returning({ id: matches.id });
    tagged.set(match.tag!, row!.id);
  }
  return tagged;
}
