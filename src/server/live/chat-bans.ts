/** Bans from speaking in a live room: whether one runs, placing and lifting them, and listing them. */
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { BannedData } from '../../lib/realtime/protocol/index.ts';
import type { BanReason } from '../../lib/rules/chat.ts';
import type { Db } from '../db/index.ts';
import { chatBans, users } from '../db/schema.ts';
import type { ChatProfile } from './chat.ts';
import { profileColumns, toProfile } from './chat.ts';

function activeBanFilter(now: Date) {
  return and(isNull(chatBans.liftedAt), or(isNull(chatBans.until), gt(chatBans.until, now)));
}

/** End of the user's ban in the room: a time, null for permanent, undefined when not banned. */
export async function activeBanUntil(
  db: Db,
  anchorId: number,
  userId: number,
  now = new Date(),
): Promise<Date | null | undefined> {
  const rows = await db
    .select({ until: chatBans.until })
    .from(chatBans)
    .where(and(eq(chatBans.anchorId, anchorId), eq(chatBans.userId, userId), activeBanFilter(now)));
  if (rows.length === 0) return undefined;
  if (rows.some((r) => r.until === null)) return null;
  return new Date(Math.max(...rows.map((r) => (r.until as Date).getTime())));
}

/** A ban to record. */
export interface NewBan {
  anchorId: number;
  userId: number;
  reason: BanReason;
  until: Date | null;
  byUserId: number | null;
}

/** Records a ban. */
export async function banUser(db: Db, ban: NewBan): Promise<void> {
  await db.insert(chatBans).values(ban);
}

/** Lifts the user's active bans in the room; false when there were none. */
export async function liftBans(db: Db, anchorId: number, userId: number): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(chatBans)
    .set({ liftedAt: now })
    .where(and(eq(chatBans.anchorId, anchorId), eq(chatBans.userId, userId), activeBanFilter(now)))
    .returning({ id: chatBans.id });
  return rows.length > 0;
}

/** Active bans of a room, newest first, for the comment-management page. */
export async function activeBans(db: Db, anchorId: number, now = new Date()) {
  return db
    .select({
      id: chatBans.id,
      userId: chatBans.userId,
      nickName: users.nickName,
      reason: chatBans.reason,
      until: chatBans.until,
      createdAt: chatBans.createdAt,
    })
    .from(chatBans)
    .innerJoin(users, eq(users.id, chatBans.userId))
    .where(and(eq(chatBans.anchorId, anchorId), activeBanFilter(now)))
    .orderBy(desc(chatBans.id))
    .limit(200);
}

/** Nicknames and roles of `ids`, for ban targets. */
export async function profilesOf(db: Db, ids: number[], now = new Date()) {
  if (ids.length === 0) return new Map<number, ChatProfile>();
  const rows = await db.select(profileColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, toProfile(row, now)]));
}

/** A ban as the room's `bannedUser` frame carries it. */
export function bannedFrameData(
  target: ChatProfile,
  reason: BanReason,
  unit: string,
  amount: number,
  until: Date | null,
): BannedData {
  return {
    uid: target.id,
    nick_name: target.nickName,
    reason,
    unit,
    amount,
    until: until ? until.getTime() : null,
  };
}
