/** Reading fixtures with team and league names for schedules and the home page. */
import { and, asc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import { leagues, liveRooms, MATCH_STATUS, matches, teams } from '../db/schema.ts';

/** A match as lists show it. */
export interface MatchCard {
  id: number;
  sportId: number;
  league: string;
  startTime: Date;
  /** 0 scheduled, 1 live, 2 finished, 3 postponed, 4 cancelled (MATCH_STATUS). */
  status: number;
  /** Where a live match is (MATCH_PHASES), or null. */
  phase: string | null;
  home: { id: number; name: string; color: string; crest: string | null };
  away: { id: number; name: string; color: string; crest: string | null };
  homeScore: number | null;
  awayScore: number | null;
  /** Anchor ids of rooms broadcasting this match now. */
  liveRooms: number[];
}

/** Filters of listMatches. */
export interface MatchFilter {
  /** 1 football, 2 basketball, 3 tennis. */
  sportId?: number;
  leagueId?: number;
}

/**
 * Matches starting in [from, to), in kick-off order. When the range holds the present moment
 * (today's schedule), matches still live that kicked off before it are listed too: a match that
 * started at 23:30 is still on at 00:30 and belongs to today's list.
 */
export async function listMatches(
  db: Db,
  from: Date,
  to: Date,
  locale: Locale,
  filter: MatchFilter = {},
  now = new Date(),
): Promise<MatchCard[]> {
  const inRange = and(gte(matches.startTime, from), lt(matches.startTime, to))!;
  const holdsNow = now >= from && now < to;
  const conditions: SQL[] = [
    holdsNow
      ? or(inRange, and(eq(matches.status, MATCH_STATUS.live), lt(matches.startTime, from)))!
      : inRange,
  ];
  if (filter.sportId) conditions.push(eq(matches.sportId, filter.sportId));
  if (filter.leagueId) conditions.push(eq(matches.leagueId, filter.leagueId));
  return queryMatches(db, locale, conditions);
}

/** One match with its league id, or undefined. */
export async function getMatch(
  db: Db,
  id: number,
  locale: Locale,
): Promise<(MatchCard & { leagueId: number }) | undefined> {
  const [match] = await queryMatches(db, locale, [eq(matches.id, id)]);
  return match;
}

/** The matches with these ids, in kick-off order (unknown ids are left out). */
export async function listMatchesByIds(
  db: Db,
  ids: number[],
  locale: Locale,
): Promise<MatchCard[]> {
  if (ids.length === 0) return [];
  return queryMatches(db, locale, [inArray(matches.id, ids)]);
}

/** Every match of a league, in kick-off order. */
export async function listMatchesByLeague(
  db: Db,
  leagueId: number,
  locale: Locale,
): Promise<MatchCard[]> {
  return queryMatches(db, locale, [eq(matches.leagueId, leagueId)]);
}

/** Matches a team plays (home or away), in kick-off order. */
export async function listTeamMatches(
  db: Db,
  teamId: number,
  locale: Locale,
): Promise<(MatchCard & { leagueId: number })[]> {
  return queryMatches(db, locale, [
    or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId))!,
  ]);
}

async function queryMatches(db: Db, locale: Locale, conditions: SQL[]) {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const zh = locale === 'zh-CN';
  const rows = await db
    .select({
      id: matches.id,
      sportId: matches.sportId,
      leagueId: matches.leagueId,
      league: zh ? leagues.nameZh : leagues.nameEn,
      startTime: matches.startTime,
      status: matches.status,
      phase: matches.phase,
      homeId: home.id,
      homeName: zh ? home.nameZh : home.nameEn,
      homeColor: home.color,
      homeCrest: home.crest,
      awayId: away.id,
      awayName: zh ? away.nameZh : away.nameEn,
      awayColor: away.color,
      awayCrest: away.crest,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
    })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(and(...conditions))
    .orderBy(asc(matches.startTime));
  const rooms = await liveRoomsByMatch(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    sportId: r.sportId,
    leagueId: r.leagueId,
    league: r.league,
    startTime: r.startTime,
    status: r.status,
    phase: r.phase,
    home: { id: r.homeId, name: r.homeName, color: r.homeColor, crest: r.homeCrest },
    away: { id: r.awayId, name: r.awayName, color: r.awayColor, crest: r.awayCrest },
    homeScore: r.homeScore,
    awayScore: r.awayScore,
    liveRooms: rooms.get(r.id) ?? [],
  }));
}

async function liveRoomsByMatch(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ matchId: liveRooms.matchId, anchorId: liveRooms.anchorId })
    .from(liveRooms)
    .where(and(inArray(liveRooms.matchId, ids), eq(liveRooms.isLive, true)));
  for (const r of rows) {
    if (r.matchId === null) continue;
    map.set(r.matchId, [...(map.get(r.matchId) ?? []), r.anchorId]);
  }
  return map;
}

/** A competition for the league filter. */
export interface LeagueOption {
  id: number;
  sportId: number;
  name: string;
  shortName: string;
}

/** Leagues of a sport (all sports when 0), by name. */
export async function listLeagues(
  db: Db,
  sportId: number,
  locale: Locale,
): Promise<LeagueOption[]> {
  const zh = locale === 'zh-CN';
  const rows = await db
    .select()
    .from(leagues)
    .where(sportId ? eq(leagues.sportId, sportId) : undefined)
    .orderBy(asc(leagues.id));
  return rows.map((l) => ({
    id: l.id,
    sportId: l.sportId,
    name: zh ? l.nameZh : l.nameEn,
    shortName: l.shortName,
  }));
}
