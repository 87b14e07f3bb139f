/** Booking matches: a user's reminders for matches not finished yet, listed in the user centre. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import { matchBookings, matches, MATCH_STATUS } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { listMatchesByIds, type MatchCard } from './matches.ts';

/** A booked match with when it was booked. */
export interface BookedMatch extends MatchCard {
  bookedAt: Date;
}

/**
 * Books a match for a user. Booking twice changes nothing. Refuses an unknown match and a
 * finished or cancelled one (i18n keys sports.api.*).
 */
export async function bookMatch(db: Db, userId: number, matchId: number): Promise<void> {
  const [match] = await db
    .select({ status: matches.status })
    .from(matches)
    .where(eq(matches.id, matchId));
  if (!match) throw new ApiError('sports.api.matchNotFound');
  if (match.status === MATCH_STATUS.finished) throw new ApiError('sports.api.matchFinished');
  if (match.status === MATCH_STATUS.cancelled) throw new ApiError('sports.api.matchCancelled');
  await db.insert(matchBookings).values({ userId, matchId }).onConflictDoNothing();
}

/** Removes a booking; removing one that does not exist changes nothing. */
export async function unbookMatch(db: Db, userId: number, matchId: number): Promise<void> {
  await db
    .delete(matchBookings)
    .where(and(eq(matchBookings.userId, userId), eq(matchBookings.matchId, matchId)));
}

/** At most this many bookings are listed (the newest kick-offs are dropped first). */
export const BOOKING_LIST_LIMIT = 200;

/** A user's booked matches: live and upcoming first (soonest first), then finished (latest first). */
export async function listBookings(db: Db, userId: number, locale: Locale): Promise<BookedMatch[]> {
  const rows = await db
    .select({ matchId: matchBookings.matchId, createdAt: matchBookings.createdAt })
    .from(matchBookings)
    .innerJoin(matches, eq(matches.id, matchBookings.matchId))
    .where(eq(matchBookings.userId, userId))
    .orderBy(
      sql`case when ${matches.status} = ${MATCH_STATUS.finished} then 1 else 0 end`,
      asc(
        sql`case when ${matches.status} <> ${MATCH_STATUS.finished} then ${matches.startTime} end`,
      ),
      desc(matches.startTime),
    )
    .limit(BOOKING_LIST_LIMIT);
  const cards = new Map(
    (
      await listMatchesByIds(
        db,
        rows.map((r) => r.matchId),
        locale,
      )
    ).map((m) => [m.id, m]),
  );
  return rows.flatMap((r) => {
    const card = cards.get(r.matchId);
    return card ? [{ ...card, bookedAt: r.createdAt }] : [];
  });
}
