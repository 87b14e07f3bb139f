/** Reading fixtures with team and league names for schedules and the home page. */
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import { leagues, matches, teams } from '../db/schema.ts';

/** A match as lists show it. */
export interface MatchCard {
  id: number;
  sportId: number;
  league: string;
  startTime: Date;
  /** 0 scheduled, 1 live, 2 finished. */
  status: number;
  home: { name: string; color: string };
  away: { name: string; color: string };
  homeScore: number | null;
  awayScore: number | null;
}

/** Matches starting in [from, to), in kick-off order. */
export async function listMatches(
  db: Db,
  from: Date,
  to: Date,
  locale: Locale,
): Promise<MatchCard[]> {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const zh = locale === 'zh-CN';
  const rows = await db
    .select({
      id: matches.id,
      sportId: matches.sportId,
      league: zh ? leagues.nameZh : leagues.nameEn,
      startTime: matches.startTime,
      status: matches.status,
      homeName: zh ? home.nameZh : home.nameEn,
      homeColor: home.color,
      awayName: zh ? away.nameZh : away.nameEn,
      awayColor: away.color,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
    })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(and(gte(matches.startTime, from), lt(matches.startTime, to)))
    .orderBy(asc(matches.startTime));
  return rows.map((r) => ({
    id: r.id,
    sportId: r.sportId,
    league: r.league,
    startTime: r.startTime,
    status: r.status,
    home: { name: r.homeName, color: r.homeColor },
    away: { name: r.awayName, color: r.awayColor },
    homeScore: r.homeScore,
    awayScore: r.awayScore,
  }));
}
