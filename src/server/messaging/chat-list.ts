/**
 * getChatList: one entry per conversation of the caller, newest first: their fan groups, their
 * private chats (as viewer, and as anchor their inbox), their staff channel (administrators also
 * see the channels users wrote to) and the system conversation. One query per kind.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  CHAT_TYPE,
  GROUP_MSG,
  type ChatListEntry,
  type UnreadChange,
} from '../../lib/messaging/types.ts';
import type { Db } from '../db/index.ts';
import {
  fanGroupMembers,
  fanGroupMessages,
  fanGroups,
  privateChats,
  staffThreads,
  users,
} from '../db/schema.ts';
import { peopleOf } from './common.ts';
import { WRITTEN } from './groups.ts';
import { systemUnread } from './system.ts';

/** Channels an administrator's list shows at most. */
const STAFF_CHANNELS = 100;
/** Private conversations a list shows at most (an anchor's inbox can be long). */
const PRIVATE_CHATS = 200;

const blank = {
  anchor_id: 0,
  unread_num: 0,
  mgr_id: 0,
  mgr_chat_user_id: 0,
  fans_group_id: 0,
  user_id: 0,
  last_type: 0,
  last_name: '',
};

/** The caller's conversations, newest first; `admin` adds the staff side of users' channels. */
export async function chatList(db: Db, userId: number, admin: boolean): Promise<ChatListEntry[]> {
  const [groups, privates, own, staff, system] = await Promise.all([
    db
      .select({
        id: fanGroups.id,
        anchorId: fanGroups.anchorId,
        name: fanGroups.name,
        avatar: users.avatar,
        unread: sql<number>`(${fanGroups.msgCount} - ${fanGroupMembers.readCount})::int`,
        type: fanGroupMessages.type,
        content: fanGroupMessages.content,
        at: fanGroupMessages.createdAt,
        about: fanGroupMessages.uid,
      })
      .from(fanGroupMembers)
      .innerJoin(fanGroups, eq(fanGroups.id, fanGroupMembers.groupId))
      .innerJoin(users, eq(users.id, fanGroups.anchorId))
      .leftJoin(
        fanGroupMessages,
        and(
          eq(fanGroupMessages.groupId, fanGroups.id),
          eq(fanGroupMessages.seq, fanGroups.lastSeq),
        ),
      )
      .where(eq(fanGroupMembers.userId, userId)),
    db
      .select({
        id: privateChats.id,
        anchorId: privateChats.anchorId,
        userId: privateChats.userId,
        userUnread: privateChats.userUnread,
        anchorUnread: privateChats.anchorUnread,
        lastAt: privateChats.lastAt,
        lastText: privateChats.lastText,
        name: users.nickName,
        avatar: users.avatar,
      })
      .from(privateChats)
      .innerJoin(
        users,
        sql`${users.id} = case when ${privateChats.userId} = ${userId} then ${privateChats.anchorId} else ${privateChats.userId} end`,
      )
      .where(or(eq(privateChats.userId, userId), eq(privateChats.anchorId, userId)))
      .orderBy(desc(privateChats.lastAt))
      .limit(PRIVATE_CHATS),
    db.select().from(staffThreads).where(eq(staffThreads.userId, userId)),
    admin
      ? db
          .select({
            userId: staffThreads.userId,
            unread: staffThreads.staffUnread,
            lastAt: staffThreads.lastAt,
            lastText: staffThreads.lastText,
            lastStaffId: staffThreads.lastStaffId,
            name: users.nickName,
            avatar: users.avatar,
          })
          .from(staffThreads)
          .innerJoin(users, eq(users.id, staffThreads.userId))
          .where(sql`${staffThreads.userId} <> ${userId}`)
          .orderBy(desc(staffThreads.lastAt))
          .limit(STAFF_CHANNELS)
      : [],
    systemUnread(db, userId),
  ]);
  const entries: ChatListEntry[] = [];
  // Notices name who they are about; the list says it in the reader's language.
  const about = await peopleOf(
    db,
    groups.filter((g) => g.type !== null && !WRITTEN.includes(g.type)).map((g) => g.about ?? 0),
  );
  for (const g of groups) {
    entries.push({
      ...blank,
      type: CHAT_TYPE.group,
      chat_id: g.id,
      anchor_id: g.anchorId,
      fans_group_id: g.id,
      unread_num: Math.max(0, g.unread),
      name: g.name,
      avatar: g.avatar,
      last_msg: g.type === GROUP_MSG.image ? '[image]' : (g.content ?? ''),
      last_type: g.type ?? 0,
      last_name: about.get(g.about ?? 0)?.nick_name ?? '',
      last_time: g.at?.getTime() ?? 0,
    });
  }
  for (const p of privates) {
    const asAnchor = p.anchorId === userId;
    entries.push({
      ...blank,
      type: CHAT_TYPE.private,
      chat_id: p.id,
      anchor_id: p.anchorId,
      user_id: p.userId,
      unread_num: asAnchor ? p.anchorUnread : p.userUnread,
      name: p.name,
      avatar: p.avatar,
      last_msg: p.lastText,
      last_time: p.lastAt.getTime(),
    });
  }
  // Everyone has a staff channel, written to or not: it is how they reach support.
  const mine = own[0];
  entries.push({
    ...blank,
    type: CHAT_TYPE.staff,
    chat_id: userId,
    mgr_id: mine?.lastStaffId ?? 0,
    mgr_chat_user_id: userId,
    unread_num: mine?.userUnread ?? 0,
    name: '',
    avatar: '',
    last_msg: mine?.lastText ?? '',
    last_time: mine?.lastAt.getTime() ?? 0,
  });
  for (const s of staff) {
    entries.push({
      ...blank,
      type: CHAT_TYPE.staff,
      chat_id: s.userId,
      mgr_id: s.lastStaffId,
      mgr_chat_user_id: s.userId,
      unread_num: s.unread,
      name: s.name,
      avatar: s.avatar,
      last_msg: s.lastText,
      last_time: s.lastAt.getTime(),
    });
  }
  entries.push({
    ...blank,
    type: CHAT_TYPE.system,
    chat_id: 0,
    unread_num: system.unread,
    name: '',
    avatar: '',
    last_msg: system.latest?.content ?? '',
    last_type: system.latest?.kind ?? 0,
    last_name:
      typeof system.latest?.data.nick_name === 'string' ? system.latest.data.nick_name : '',
    last_time: (system.latest?.send_time ?? 0) * 1000,
  });
  return entries.sort((a, b) => b.last_time - a.last_time);
}

/** The caller's conversations with unread messages (the header badge and the inbox's start). */
export async function unreadCounts(
  db: Db,
  userId: number,
  admin: boolean,
): Promise<UnreadChange[]> {
  const list = await chatList(db, userId, admin);
  return list
    .filter((e) => e.unread_num > 0)
    .map((e) => ({ type: e.type, id: e.chat_id, unread_num: e.unread_num }));
}
