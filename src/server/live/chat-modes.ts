/**
 * Chat modes of live rooms in the database, and the checks that need it: has a speaker followed
 * the anchor long enough, are they in the anchor's fan group. Each process reads the modes
 * through a short cache that the room's `chatModes` frame (carried by the bus to every process)
 * replaces at once; the cache's age limit only covers a frame that was lost.
 */
import { and, eq, lte } from 'drizzle-orm';
import { NO_CHAT_MODES, type ChatModes } from '../../lib/live/chat-modes.ts';
import type { Db } from '../db/index.ts';
import { chatModes, fanGroupMembers, fanGroups, follows } from '../db/schema.ts';

/** The modes of the room of `anchorId` (every mode off when none were set). */
export async function loadChatModes(db: Db, anchorId: number): Promise<ChatModes> {
  const rows = await db.select().from(chatModes).where(eq(chatModes.anchorId, anchorId)).limit(1);
  const row = rows[0];
  if (!row) return { ...NO_CHAT_MODES };
  return {
    slow: row.slowSeconds,
    followers: row.followersMinutes,
    fans: row.fansOnly,
    emote: row.emoteOnly,
  };
}

/** Stores the room's modes, set by `byUserId`. */
export async function saveChatModes(
  db: Db,
  anchorId: number,
  modes: ChatModes,
  byUserId: number,
): Promise<void> {
  const values = {
    slowSeconds: modes.slow,
    followersMinutes: modes.followers,
    fansOnly: modes.fans,
    emoteOnly: modes.emote,
    updatedBy: byUserId,
    updatedAt: new Date(),
  };
  await db
    .insert(chatModes)
    .values({ anchorId, ...values })
    .onConflictDoUpdate({ target: chatModes.anchorId, set: values });
}

/** True when `userId` has followed `anchorId` for at least `minutes` minutes. */
export async function followedFor(
  db: Db,
  userId: number,
  anchorId: number,
  minutes: number,
  now = Date.now(),
): Promise<boolean> {
  const rows = await db
    .select({ userId: follows.userId })
    .from(follows)
    .where(
      and(
        eq(follows.userId, userId),
        eq(follows.anchorId, anchorId),
        lte(follows.createdAt, new Date(now - minutes * 60_000)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** True when `userId` is a member of the fan group of `anchorId`. */
export async function inFanGroup(db: Db, userId: number, anchorId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: fanGroupMembers.userId })
    .from(fanGroupMembers)
    .innerJoin(fanGroups, eq(fanGroups.id, fanGroupMembers.groupId))
    .where(and(eq(fanGroups.anchorId, anchorId), eq(fanGroupMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** This process's view of the rooms' modes. */
export interface ChatModesCache {
  get: (anchorId: number) => Promise<ChatModes>;
  /** The modes a `chatModes` frame announced (from any process). */
  set: (anchorId: number, modes: ChatModes) => void;
}

/** Creates the cache; an entry is read again after `maxAgeMs`. */
export function createChatModesCache(db: Db, maxAgeMs = 10_000, maxRooms = 2000): ChatModesCache {
  const entries = new Map<number, { at: number; modes: Promise<ChatModes> }>();
  const put = (anchorId: number, modes: Promise<ChatModes>) => {
    entries.delete(anchorId);
    if (entries.size >= maxRooms) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    const entry = { at: Date.now(), modes };
    entries.set(anchorId, entry);
    modes.catch(() => {
      if (entries.get(anchorId) === entry) entries.delete(anchorId);
    });
  };
  return {
    get(anchorId) {
      const cached = entries.get(anchorId);
      if (cached && Date.now() - cached.at < maxAgeMs) return cached.modes;
      put(anchorId, loadChatModes(db, anchorId));
      return entries.get(anchorId)!.modes;
    },
    set(anchorId, modes) {
      put(anchorId, Promise.resolve({ ...modes }));
    },
  };
}
