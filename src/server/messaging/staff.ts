/**
 * Staff channels (mgrChat): one conversation between each user and the platform's staff, for
 * support and moderation notices. The user reads and writes their own channel; administrators
 * read and answer every channel. Each side has its own unread count.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { CHAT_TYPE, HISTORY_PAGE, type StaffMessage } from '../../lib/messaging/types.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { unixSeconds } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { staffMessages, staffThreads, users } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import type { Bus } from '../shared/bus.ts';
import { isAdmin, peopleOf, personOr, toInbox, type Actor } from './common.ts';

/** Which side of channel `userId` the caller is on; refuses callers on neither. */
export async function staffSide(db: Db, caller: Actor, userId: number): Promise<'user' | 'staff'> {
  if (caller.id === userId) return 'user';
  if (isAdmin(caller)) {
    const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!exists) throw new ApiError('messaging.errors.noChat');
    return 'staff';
  }
  throw new ApiError('messaging.errors.noChat');
}

type Row = typeof staffMessages.$inferSelect;

async function toViews(db: Db, rows: Row[]): Promise<StaffMessage[]> {
  const people = await peopleOf(
    db,
    rows.map((r) => r.senderUid),
  );
  return rows.map((r) => {
    const who = personOr(people, r.senderUid);
    return {
      id: r.id,
      user_id: r.userId,
      sender_uid: r.senderUid,
      send_time: unixSeconds(r.createdAt),
      content: r.content,
      nick_name: who.nick_name,
      avatar: who.avatar,
      from_staff: r.senderUid !== r.userId,
    };
  });
}

/** getHistory: page `page` of channel `userId`, newest first. */
export async function staffHistory(db: Db, userId: number, page: number, limit = HISTORY_PAGE) {
  const rows = await db
    .select()
    .from(staffMessages)
    .where(eq(staffMessages.userId, userId))
    .orderBy(desc(staffMessages.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return toViews(db, rows);
}

/** Writes to channel `userId` from `side`; the other side's unread count rises. */
export async function sendStaff(
  db: Db,
  bus: Bus,
  senderId: number,
  userId: number,
  side: 'user' | 'staff',
  content: string,
): Promise<StaffMessage> {
  const { thread, row } = await db.transaction(async (tx) => {
    const now = new Date();
    const bump =
      side === 'staff'
        ? { userUnread: sql`${staffThreads.userUnread} + 1`, lastStaffId: senderId }
        : { staffUnread: sql`${staffThreads.staffUnread} + 1` };
    const [thread] = await tx
      .insert(staffThreads)
      .values({
        userId,
        lastAt: now,
        lastText: content,
        ...(side === 'staff' ? { userUnread: 1, lastStaffId: senderId } : { staffUnread: 1 }),
      })
      .onConflictDoUpdate({
        target: staffThreads.userId,
        set: { lastAt: now, lastText: content, ...bump },
      })
      .returning();
    const [row] = await tx
      .insert(staffMessages)
      .values({ userId, senderUid: senderId, content, createdAt: now })
      .returning();
    return { thread: thread!, row: row! };
  });
  const [view] = await toViews(db, [row]);
  const frame = { type: SERVER_FRAME.mgrMsg, data: view! };
  toInbox(bus, { users: [userId] }, frame);
  toInbox(bus, { staff: true }, frame);
  if (side === 'staff') {
    toInbox(
      bus,
      { users: [userId] },
      {
        type: SERVER_FRAME.unread,
        data: { type: CHAT_TYPE.staff, id: userId, unread_num: thread.userUnread },
      },
    );
  }
  return view!;
}

/** read: the caller's side of channel `userId` has no unread messages. */
export async function readStaff(
  db: Db,
  bus: Bus,
  callerId: number,
  userId: number,
  side: 'user' | 'staff',
) {
  await db
    .update(staffThreads)
    .set(side === 'user' ? { userUnread: 0 } : { staffUnread: 0 })
    .where(eq(staffThreads.userId, userId));
  toInbox(bus, side === 'user' ? { users: [callerId] } : { staff: true }, {
    type: SERVER_FRAME.unread,
    data: { type: CHAT_TYPE.staff, id: userId, unread_num: 0 },
  });
}
