/**
 * Private chats between a logged-in viewer and an anchor. The viewer starts one with any anchor;
 * the anchor answers from their inbox (the same calls with the viewer's `user_id`). Each side has
 * its own unread count on the conversation; a message raises the other side's.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { CHAT_TYPE, HISTORY_PAGE, type PrivateMessage } from '../../lib/messaging/types.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import type { Db } from '../db/index.ts';
import { liveRooms, privateChats, privateMessages } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import type { Bus } from '../shared/bus.ts';
import { peopleOf, personOr, toInbox } from './common.ts';

/** The two sides of a conversation as the caller names it. */
export interface PrivatePair {
  /** The anchor. */
  anchorId: number;
  /** The viewer; the caller when they are not the anchor. */
  userId: number;
  /** True when the caller is the anchor. */
  asAnchor: boolean;
}

/**
 * Resolves the pair from the caller and the call's `anchor_id` (and `user_id` when the anchor
 * answers). Nobody reaches a conversation they are not a side of.
 */
export function pairOf(
  callerId: number,
  anchorId: number,
  userId: number | undefined,
): PrivatePair {
  if (anchorId === callerId) {
    if (!userId || userId === callerId) throw new ApiError('messaging.errors.noChat');
    return { anchorId, userId, asAnchor: true };
  }
  if (userId !== undefined && userId !== callerId) throw new ApiError('messaging.errors.noChat');
  return { anchorId, userId: callerId, asAnchor: false };
}

async function findChat(db: Db, pair: PrivatePair) {
  const [chat] = await db
    .select()
    .from(privateChats)
    .where(and(eq(privateChats.userId, pair.userId), eq(privateChats.anchorId, pair.anchorId)));
  return chat;
}

type MessageRow = typeof privateMessages.$inferSelect;

async function toViews(
  db: Db,
  chat: { id: number; userId: number; anchorId: number },
  rows: MessageRow[],
): Promise<PrivateMessage[]> {
  const people = await peopleOf(db, [chat.anchorId, chat.userId]);
  const anchor = personOr(people, chat.anchorId);
  const user = personOr(people, chat.userId);
  return rows.map((r) => ({
    id: r.id,
    sender_uid: r.senderUid,
    send_time: r.createdAt.getTime(),
    content: r.content,
    img_url: r.imgUrl,
    groupId: chat.id,
    anchor_id: chat.anchorId,
    user_id: chat.userId,
    anchor_avatar: anchor.avatar,
    anchor_nickname: anchor.nick_name,
    user_avatar: user.avatar,
    user_nickname: user.nick_name,
  }));
}

/** Sends a private message; a viewer's first message opens the conversation. */
export async function sendPrivate(
  db: Db,
  bus: Bus,
  senderId: number,
  pair: PrivatePair,
  content: string,
  imgUrl: string,
): Promise<PrivateMessage> {
  const [room] = await db
    .select({ id: liveRooms.anchorId })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, pair.anchorId));
  if (!room) throw new ApiError('messaging.errors.noAnchor');
  const preview = content || '[image]';
  const { chat, row } = await db.transaction(async (tx) => {
    let [chat] = await tx
      .select()
      .from(privateChats)
      .where(and(eq(privateChats.userId, pair.userId), eq(privateChats.anchorId, pair.anchorId)))
      .for('update');
    if (!chat) {
      // Only the viewer opens a conversation; the anchor answers existing ones.
      if (pair.asAnchor) throw new ApiError('messaging.errors.noChat');
      [chat] = await tx
        .insert(privateChats)
        .values({ userId: pair.userId, anchorId: pair.anchorId })
        .onConflictDoUpdate({
          target: [privateChats.userId, privateChats.anchorId],
          set: { lastAt: sql`${privateChats.lastAt}` },
        })
        .returning();
    }
    const now = new Date();
    const [updated] = await tx
      .update(privateChats)
      .set({
        lastAt: now,
        lastText: preview,
        ...(pair.asAnchor
          ? { userUnread: sql`${privateChats.userUnread} + 1` }
          : { anchorUnread: sql`${privateChats.anchorUnread} + 1` }),
      })
      .where(eq(privateChats.id, chat!.id))
      .returning();
    const [row] = await tx
      .insert(privateMessages)
      .values({ chatId: chat!.id, senderUid: senderId, content, imgUrl, createdAt: now })
      .returning();
    return { chat: updated!, row: row! };
  });
  const [view] = await toViews(db, chat, [row]);
  const receiver = pair.asAnchor ? pair.userId : pair.anchorId;
  toInbox(
    bus,
    { users: [pair.userId, pair.anchorId] },
    { type: SERVER_FRAME.privateMsg, data: view! },
  );
  toInbox(
    bus,
    { users: [receiver] },
    {
      type: SERVER_FRAME.unread,
      data: {
        type: CHAT_TYPE.private,
        id: chat.id,
        unread_num: pair.asAnchor ? chat.userUnread : chat.anchorUnread,
      },
    },
  );
  return view!;
}

/** getRecordDetail: page `page` of `size` messages, newest first, with both sides. */
export async function privateRecords(db: Db, pair: PrivatePair, page: number, size = HISTORY_PAGE) {
  const people = await peopleOf(db, [pair.anchorId, pair.userId]);
  const base = {
    anchor: personOr(people, pair.anchorId),
    user: personOr(people, pair.userId),
  };
  const chat = await findChat(db, pair);
  if (!chat) return { ...base, groupId: 0, msg_group: [] as PrivateMessage[] };
  const rows = await db
    .select()
    .from(privateMessages)
    .where(eq(privateMessages.chatId, chat.id))
    .orderBy(desc(privateMessages.id))
    .limit(size)
    .offset((page - 1) * size);
  return { ...base, groupId: chat.id, msg_group: await toViews(db, chat, rows) };
}

/** read: the caller's side of the conversation has no unread messages. */
export async function readPrivate(db: Db, bus: Bus, callerId: number, pair: PrivatePair) {
  const chat = await findChat(db, pair);
  if (!chat) return;
  await db
    .update(privateChats)
    .set(pair.asAnchor ? { anchorUnread: 0 } : { userUnread: 0 })
    .where(eq(privateChats.id, chat.id));
  toInbox(
    bus,
    { users: [callerId] },
    {
      type: SERVER_FRAME.unread,
      data: { type: CHAT_TYPE.private, id: chat.id, unread_num: 0 },
    },
  );
}
