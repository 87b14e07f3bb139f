/** Follows: a viewer follows or unfollows an anchor; counts and lists for pages. */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { follows, liveRooms } from '../db/schema.ts';

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
