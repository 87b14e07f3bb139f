/** Site search (/keysearch): anchors, live rooms and matches whose names contain the keyword. */
import { and, desc, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import { liveRooms, matches, ROLE, teams, users } from '../db/schema.ts';
import { listRooms, type RoomCard } from '../live/rooms.ts';
import { getMatch, type MatchCard } from '../sports/matches.ts';

/** Search results by kind. */
export interface SearchResults {
  rooms: RoomCard[];
  matches: MatchCard[];
}

/** Escapes LIKE wildcards so the keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Matches from yesterday on whose teams contain `keyword`, and rooms whose title, anchor or match does. */
export async function search(db: Db, keyword: string, locale: Locale): Promise<SearchResults> {
  const pattern = likePattern(keyword);
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const matchRows = await db
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(
      and(
        gte(matches.startTime, sql`now() - interval '1 day'`),
        or(
          ilike(home.nameEn, pattern),
          ilike(home.nameZh, pattern),
          ilike(away.nameEn, pattern),
          ilike(away.nameZh, pattern),
        ),
      ),
    )
    .orderBy(matches.startTime)
    .limit(20);
  const matchIds = matchRows.map((m) => m.id);
  // A room matches by its title, its anchor, or the match it broadcasts.
  const roomRows = await db
    .select({ anchorId: liveRooms.anchorId })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(
      and(
        eq(users.role, ROLE.anchor),
        or(
          ilike(liveRooms.title, pattern),
          ilike(users.nickName, pattern),
          matchIds.length ? inArray(liveRooms.matchId, matchIds) : undefined,
        ),
      ),
    )
    .orderBy(desc(liveRooms.isLive), desc(liveRooms.heat))
    .limit(24);
  const [rooms, found] = await Promise.all([
    listRooms(db, { locale, anchorIds: roomRows.map((r) => r.anchorId) }),
    Promise.all(matchIds.map((id) => getMatch(db, id, locale))),
  ]);
  return { rooms, matches: found.filter((m): m is NonNullable<typeof m> => m !== undefined) };
}
