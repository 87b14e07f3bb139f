/** Follows: a viewer follows or unfollows an anchor; counts and lists for pages. */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import { follows, liveRooms } from '../db/schema.ts';
import { listRooms } from '../live/rooms.ts';
import type { FollowedAnchor } from '../../lib/follows/api.ts';

/** Spec §4: type 1 means followed, anything else unfollowed. */
export const FOLLOW_TYPE = { followed: 1, unfollowed: 0 } as const;

/** True when `userId` follows `anchorId`. */
export async function isFollowing(db: Db, userId: number, anchorId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: follows.userId })
    .from(follows)
    .where(and(eq(follows.userId, userId), eq(follows.anchorId, anchorId)))
    .limit(1);
  return rows.length > 0;
}

/** True when `anchorId` has a live room (only anchors can be followed). */
export async function hasRoom(db: Db, anchorId: number): Promise<boolean> {
  const rows = await db
    .select({ id: liveRooms.anchorId })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId))
    .limit(1);
  return rows.length > 0;
}

/** Follows when not following and unfollows otherwise; returns the new state's type. */
export async function toggleFollow(db: Db, userId: number, anchorId: number): Promise<number> {
  const removed = await db
    .delete(follows)
    .where(and(eq(follows.userId, userId), eq(follows.anchorId, anchorId)))
    .returning({ userId: follows.userId });
  if (removed.length > 0) return FOLLOW_TYPE.unfollowed;
  await db.insert(follows).values({ userId, anchorId }).onConflictDoNothing();
  return FOLLOW_TYPE.followed;
}

/** Number of followers of an anchor. */
export async function followerCount(db: Db, anchorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.anchorId, anchorId));
  return row?.n ?? 0;
}

/** Anchor ids a user follows, newest first. */
export async function followedAnchors(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ anchorId: follows.anchorId })
    .from(follows)
    .where(eq(follows.userId, userId))
    .orderBy(follows.createdAt);
  return rows.map((r) => r.anchorId).reverse();
}

/** Most anchors the follows page lists. */
export const FOLLOW_LIST_MAX = 200;

/** The anchors `userId` follows, live ones first, then by heat, with their follower counts. */
export async function followList(
  db: Db,
  userId: number,
  locale: Locale,
): Promise<FollowedAnchor[]> {
  const ids = (await followedAnchors(db, userId)).slice(0, FOLLOW_LIST_MAX);
  if (ids.length === 0) return [];
  const [rooms, counts] = await Promise.all([
    listRooms(db, { locale, anchorIds: ids, limit: FOLLOW_LIST_MAX }),
    db
      .select({ anchorId: follows.anchorId, n: count() })
      .from(follows)
      .where(inArray(follows.anchorId, ids))
      .groupBy(follows.anchorId),
  ]);
  const fans = new Map(counts.map((c) => [c.anchorId, c.n]));
  return rooms.map((r) => ({
    anchor_id: r.anchorId,
    nick_name: r.anchorName,
    avatar: r.anchorAvatar,
    title: r.title,
    cover: r.cover,
    is_live: r.isLive,
    heat: r.heat,
    category: r.category,
    second_category: r.secondCategory,
    fans: fans.get(r.anchorId) ?? 0,
  }));
}
