/**
 * Fixtures on the desk: listed by day, created, edited and rescheduled, postponed, cancelled and
 * put back. A change of state reaches open match centres as a score update.
 */
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DeskFixture, FixtureChange } from '../../lib/sports/desk-api.ts';
import type { MatchPhase, MatchState } from '../../lib/sports/match-centre.ts';
import { addDays, siteDayRange } from '../../lib/time.ts';
import type { fixtureRequest, listRequest } from '../../lib/validation/match-desk.ts';
import type { Db } from '../db/index.ts';
import { leagues, liveRooms, MATCH_STATUS, matches, teams } from '../db/schema.ts';
import { ApiError } from '../api-error.ts';
import { publishMatchLive } from '../sports/match-live.ts';
import { audit, type Actor } from '../staff/audit.ts';

/** Fixtures matching `where`, by kick-off, with both sides and the rooms showing them. */
async function fixtureRows(db: Db, where: ReturnType<typeof and>): Promise<DeskFixture[]> {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const rows = await db
    .select({ match: matches, league: leagues, home, away })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(where)
    .orderBy(asc(matches.startTime), asc(matches.id))
    .limit(500);
  const ids = rows.map((r) => r.match.id);
  const rooms = ids.length
    ? await db
        .select({ matchId: liveRooms.matchId, anchorId: liveRooms.anchorId })
        .from(liveRooms)
        .where(and(inArray(liveRooms.matchId, ids), eq(liveRooms.isLive, true)))
    : [];
  const side = (t: typeof teams.$inferSelect) => ({
    id: t.id,
    name_zh: t.nameZh,
    name_en: t.nameEn,
    color: t.color,
    crest: t.crest,
  });
  return rows.map(({ match: m, league, home: h, away: a }) => ({
    id: m.id,
    sport_id: m.sportId,
    league_id: m.leagueId,
    league_zh: league.nameZh,
    league_en: league.nameEn,
    home: side(h),
    away: side(a),
    start_time: m.startTime.toISOString(),
    status: m.status as MatchState,
    phase: (m.phase as MatchPhase | null) ?? null,
    home_score: m.homeScore,
    away_score: m.awayScore,
    live_rooms: rooms.filter((r) => r.matchId === m.id).map((r) => r.anchorId),
    external_ref: m.externalRef,
  }));
}

/** One fixture; refuses an unknown id. */
export async function getFixture(db: Db, id: number): Promise<DeskFixture> {
  const [row] = await fixtureRows(db, and(eq(matches.id, id)));
  if (!row) throw new ApiError('matchDesk.errors.noMatch');
  return row;
}

/** Fixtures kicking off in `days` Beijing days from `from`, optionally of one league. */
export async function listFixtures(
  db: Db,
  query: z.infer<typeof listRequest>,
): Promise<DeskFixture[]> {
  const start = siteDayRange(query.from).start;
  const end = siteDayRange(addDays(query.from, (query.days ?? 1) - 1)).end;
  return fixtureRows(
    db,
    and(
      gte(matches.startTime, start),
      lt(matches.startTime, end),
      query.league_id === undefined ? undefined : eq(matches.leagueId, query.league_id),
    ),
  );
}

/**
 * Creates or edits a fixture. The league and both teams must exist and be of one sport; a
 * finished match keeps its kick-off; a new kick-off puts a postponed match back on the schedule.
 */
export async function saveFixture(
  db: Db,
  actor: Actor,
  input: z.infer<typeof fixtureRequest>,
): Promise<DeskFixture> {
  const id = await db.transaction(async (tx) => {
    const [league] = await tx.select().from(leagues).where(eq(leagues.id, input.league_id));
    if (!league) throw new ApiError('matchDesk.errors.noLeague');
    const sides = await tx
      .select({ id: teams.id, sportId: teams.sportId })
      .from(teams)
      .where(inArray(teams.id, [input.home_team_id, input.away_team_id]));
    if (sides.length !== 2) throw new ApiError('matchDesk.errors.noTeam');
    if (sides.some((t) => t.sportId !== league.sportId)) {
      throw new ApiError('matchDesk.errors.otherSport');
    }
    const startTime = new Date(input.start_time);
    const values = {
      sportId: league.sportId,
      leagueId: league.id,
      homeTeamId: input.home_team_id,
      awayTeamId: input.away_team_id,
      startTime,
    };
    if (input.id === undefined) {
      const [row] = await tx.insert(matches).values(values).returning({ id: matches.id });
      await audit(tx, actor, 'fixture.create', `match:${row!.id}`, { start: input.start_time });
      return row!.id;
    }
    const [current] = await tx.select().from(matches).where(eq(matches.id, input.id)).for('update');
    if (!current) throw new ApiError('matchDesk.errors.noMatch');
    const moved = current.startTime.getTime() !== startTime.getTime();
    if (current.status === MATCH_STATUS.finished && moved) {
      throw new ApiError('matchDesk.errors.finished');
    }
    const rescheduled = moved && current.status === MATCH_STATUS.postponed;
    await tx
      .update(matches)
      .set({ ...values, ...(rescheduled ? { status: MATCH_STATUS.scheduled } : {}) })
      .where(eq(matches.id, input.id));
    await audit(tx, actor, moved ? 'fixture.reschedule' : 'fixture.edit', `match:${input.id}`, {
      start: input.start_time,
    });
    return input.id;
  });
  return getFixture(db, id);
}

const CHANGE_STATUS: Record<FixtureChange, MatchState> = {
  postpone: MATCH_STATUS.postponed,
  cancel: MATCH_STATUS.cancelled,
  restore: MATCH_STATUS.scheduled,
};

/**
 * Postpones or cancels a fixture that has not finished, or puts a postponed or cancelled one back
 * on the schedule; viewers of its match centre see the new state at once.
 */
export async function changeFixtureState(
  db: Db,
  actor: Actor,
  id: number,
  change: FixtureChange,
): Promise<DeskFixture> {
  const fixture = await getFixture(db, id);
  const off =
    fixture.status === MATCH_STATUS.postponed || fixture.status === MATCH_STATUS.cancelled;
  if (fixture.status === MATCH_STATUS.finished) throw new ApiError('matchDesk.errors.finished');
  if (change === 'restore' ? !off : fixture.status === CHANGE_STATUS[change]) {
    throw new ApiError('matchDesk.errors.noChange');
  }
  const status = CHANGE_STATUS[change];
  await publishMatchLive(db, id, {
    kind: 'score',
    home: fixture.home_score ?? 0,
    away: fixture.away_score ?? 0,
    status,
  });
  await audit(db, actor, `fixture.${change}`, `match:${id}`, {});
  return getFixture(db, id);
}
