/**
 * What the live form chooses from: categories with their secondary categories, and for sports
 * the leagues with matches coming up (or being played) and those matches.
 */
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import { leagues, matches, MATCH_STATUS, secondCategories, teams } from '../db/schema.ts';

/** How far ahead the match lists look. */
const AHEAD_MS = 14 * 86_400_000;

/** The sport of a secondary category, or null when it is not a sport. */
export async function sportOf(db: Db, cateid: number): Promise<number | null> {
  const [row] = await db
    .select({ sportId: secondCategories.sportId })
    .from(secondCategories)
    .where(eq(secondCategories.id, cateid));
  return row?.sportId ?? null;
}

function openMatches(sportId: number, now: Date) {
  return and(
    eq(matches.sportId, sportId),
    inArray(matches.status, [MATCH_STATUS.scheduled, MATCH_STATUS.live]),
    gt(matches.startTime, new Date(now.getTime() - 4 * 3_600_000)),
  );
}

/** Leagues of `sportId` with open matches in the next two weeks (spec: sport_live_match_comp). */
export async function leaguesWithMatches(
  db: Db,
  sportId: number,
  locale: Locale,
  now = new Date(),
): Promise<{ comp: number; name: string }[]> {
  const rows = await db
    .selectDistinct({ id: leagues.id, nameZh: leagues.nameZh, nameEn: leagues.nameEn })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(
      and(openMatches(sportId, now), lt(matches.startTime, new Date(now.getTime() + AHEAD_MS))),
    )
    .orderBy(asc(leagues.id));
  return rows.map((r) => ({ comp: r.id, name: locale === 'zh-CN' ? r.nameZh : r.nameEn }));
}

/** Open matches of one league (of `sportId` when given), soonest first (spec: sport_live_match). */
export async function leagueMatches(
  db: Db,
  leagueId: number,
  locale: Locale,
  now = new Date(),
  sportId?: number,
): Promise<{ match_id: number; home: string; away: string; start_time: string; status: number }[]> {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const zh = locale === 'zh-CN';
  const [league] = await db.select().from(leagues).where(eq(leagues.id, leagueId));
  // Given a sport, a league of another sport has no matches for it.
  if (!league || (sportId !== undefined && league.sportId !== sportId)) return [];
  const rows = await db
    .select({
      id: matches.id,
      home: zh ? home.nameZh : home.nameEn,
      away: zh ? away.nameZh : away.nameEn,
      startTime: matches.startTime,
      status: matches.status,
    })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(
      and(
        eq(matches.leagueId, leagueId),
        openMatches(league.sportId, now),
        lt(matches.startTime, new Date(now.getTime() + AHEAD_MS)),
      ),
    )
    .orderBy(asc(matches.startTime));
  return rows.map((r) => ({
    match_id: r.id,
    home: r.home,
    away: r.away,
    start_time: r.startTime.toISOString(),
    status: r.status,
  }));
}
