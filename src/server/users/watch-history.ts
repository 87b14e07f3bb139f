/**
 * Watch history: the rooms a logged-in user joined and the replays they played, one row per
 * anchor holding the last visit (an upsert), listed newest first with the room's live state now.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { WatchEntry } from '../../lib/profile-api.ts';
import type { Db } from '../db/index.ts';
import { liveRooms, replays, users, watchHistory } from '../db/schema.ts';
import { log } from '../log.ts';
import { DEFAULT_AVATAR } from '../../lib/user-info.ts';

/** What was watched: the live room (1) or a replay (2). */
export const WATCH_KIND = { live: 1, replay: 2 } as const;

/** Notes a visit; one row per user and anchor keeps the latest. */
export async function recordVisit(
  db: Db,
  userId: number,
  anchorId: number,
  visit: { kind: 1 } | { kind: 2; replayId: number },
  now = new Date(),
): Promise<void> {
  const replayId = visit.kind === WATCH_KIND.replay ? visit.replayId : null;
  await db
    .insert(watchHistory)
    .values({ userId, anchorId, kind: visit.kind, replayId, visitedAt: now })
    .onConflictDoUpdate({
      target: [watchHistory.userId, watchHistory.anchorId],
      set: { kind: visit.kind, replayId, visitedAt: now },
    });
}

/** recordVisit for paths that must not fail because of it (joining a room, playing a replay). */
export function noteVisit(
  db: Db,
  userId: number,
  anchorId: number,
  visit: Parameters<typeof recordVisit>[3],
): void {
  recordVisit(db, userId, anchorId, visit).catch((err: unknown) =>
    log('warn', 'watch_history_failed', { userId, anchorId, error: (err as Error).message }),
  );
}

/** A page of the user's history, newest first, and how many rows there are. */
export async function watchHistoryPage(
  db: Db,
  userId: number,
  page: number,
  size: number,
): Promise<{ list: WatchEntry[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        anchorId: watchHistory.anchorId,
        kind: watchHistory.kind,
        replayId: watchHistory.replayId,
        visitedAt: watchHistory.visitedAt,
        nickName: users.nickName,
        avatar: users.avatar,
        roomTitle: liveRooms.title,
        roomCover: liveRooms.cover,
        isLive: liveRooms.isLive,
        replayTitle: replays.title,
        replayCover: replays.cover,
      })
      .from(watchHistory)
      .innerJoin(users, eq(users.id, watchHistory.anchorId))
      .leftJoin(liveRooms, eq(liveRooms.anchorId, watchHistory.anchorId))
      .leftJoin(replays, eq(replays.id, watchHistory.replayId))
      .where(eq(watchHistory.userId, userId))
      .orderBy(desc(watchHistory.visitedAt), desc(watchHistory.anchorId))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(watchHistory).where(eq(watchHistory.userId, userId)),
  ]);
  return {
    total: total?.n ?? 0,
    list: rows.map((r) => ({
      anchor_id: r.anchorId,
      nick_name: r.nickName,
      avatar: r.avatar || DEFAULT_AVATAR,
      kind: r.kind,
      replay_id: r.replayId,
      title: (r.kind === WATCH_KIND.replay ? r.replayTitle : r.roomTitle) ?? r.roomTitle ?? '',
      cover: (r.kind === WATCH_KIND.replay ? r.replayCover : r.roomCover) ?? r.roomCover ?? '',
      visited_at: Math.floor(r.visitedAt.getTime() / 1000),
      is_live: r.isLive ?? false,
    })),
  };
}

/** Clears the user's history; returns how many rows went. */
export async function clearWatchHistory(db: Db, userId: number): Promise<number> {
  const gone = await db
    .delete(watchHistory)
    .where(eq(watchHistory.userId, userId))
    .returning({ anchorId: watchHistory.anchorId });
  return gone.length;
}
