/** Recommended lives for a live room: other live rooms, closest category first, then by heat. */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import { liveRooms } from '../db/schema.ts';
import { listRooms, type RoomCard } from './rooms.ts';

/**
 * Live rooms other than `anchorId`'s: same second category first, then same category, then the
 * rest, each by heat. Empty when the room does not exist.
 */
export async function listRecommendedRooms(
  db: Db,
  anchorId: number,
  locale: Locale,
  limit = 8,
): Promise<RoomCard[]> {
  const [current] = await db
    .select({ categoryId: liveRooms.categoryId, secondCategoryId: liveRooms.secondCategoryId })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId));
  if (!current) return [];
  const sameSecond = current.secondCategoryId
    ? sql`(${liveRooms.secondCategoryId} = ${current.secondCategoryId})`
    : sql`false`;
  const ids = await db
    .select({ id: liveRooms.anchorId })
    .from(liveRooms)
    .where(and(eq(liveRooms.isLive, true), ne(liveRooms.anchorId, anchorId)))
    .orderBy(
      desc(sameSecond),
      desc(sql`(${liveRooms.categoryId} = ${current.categoryId})`),
      desc(liveRooms.heat),
      liveRooms.anchorId,
    )
    .limit(limit);
  if (ids.length === 0) return [];
  const cards = await listRooms(db, { locale, anchorIds: ids.map((r) => r.id), limit });
  const byId = new Map(cards.map((card) => [card.anchorId, card]));
  return ids.flatMap((r) => byId.get(r.id) ?? []);
}
