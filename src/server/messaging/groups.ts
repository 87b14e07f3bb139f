/**
 * Fan groups: one per anchor, created when first asked for. Followers join; members read the
 * history newest first, twenty at a time; members write text and images; the anchor, the room's
 * managers and administrators recall, delete, kick and mute. Every message gets the group's next
 * sequence number in the transaction that stores it; unread counts are the group's count of
 * written messages minus the count the member had read.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  CHAT_SIDE,
  CHAT_TYPE,
  GROUP_MSG,
  HISTORY_PAGE,
  type GroupHistoryEntry,
  type GroupMessage,
} from '../../lib/messaging/types.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { unixSeconds } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import {
  dynamics,
  fanGroupKicks,
  fanGroupMembers,
  fanGroupMessages,
  fanGroups,
  follows,
  liveRooms,
  users,
} from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import type { Bus } from '../shared/bus.ts';
import { isAdmin, peopleOf, personOr, toInbox, type Actor } from './common.ts';
import { roomModerators } from '../live/chat.ts';

/** Types people write: they count towards unread numbers. */
export const WRITTEN: number[] = [GROUP_MSG.normal, GROUP_MSG.image, GROUP_MSG.dynamic];

type MessageRow = typeof fanGroupMessages.$inferSelect;

/** The fan group of an anchor, created on first use; null when `anchorId` has no room. */
export async function groupOfAnchor(db: Db, anchorId: number) {
  const [found] = await db.select().from(fanGroups).where(eq(fanGroups.anchorId, anchorId));
  if (found) return found;
  const [anchor] = await db
    .select({ nick: users.nickName })
    .from(users)
    .innerJoin(liveRooms, eq(liveRooms.anchorId, users.id))
    .where(eq(users.id, anchorId));
  if (!anchor) return null;
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(fanGroups)
      .values({ anchorId, name: anchor.nick })
      .onConflictDoNothing()
      .returning();
    const group =
      made ?? (await tx.select().from(fanGroups).where(eq(fanGroups.anchorId, anchorId)))[0]!;
    // The anchor belongs to their own group.
    await tx
      .insert(fanGroupMembers)
      .values({ groupId: group.id, userId: anchorId })
      .onConflictDoNothing();
    return group;
  });
}

export async function groupById(db: Db, groupId: number) {
  const [group] = await db.select().from(fanGroups).where(eq(fanGroups.id, groupId));
  if (!group) throw new ApiError('messaging.errors.noGroup');
  return group;
}

async function membership(db: Db, groupId: number, userId: number) {
  const [row] = await db
    .select()
    .from(fanGroupMembers)
    .where(and(eq(fanGroupMembers.groupId, groupId), eq(fanGroupMembers.userId, userId)));
  return row;
}

/** The member row, or a refusal for a non-member. */
export async function requireMember(db: Db, groupId: number, userId: number) {
  const row = await membership(db, groupId, userId);
  if (!row) throw new ApiError('messaging.errors.notMember');
  return row;
}

/**
 * True when `actor` runs the group: whoever moderates the anchor's room (the anchor, its
 * managers, administrators), as the room's chat decides it.
 */
export async function runsGroup(db: Db, anchorId: number, actor: Actor): Promise<boolean> {
  return isAdmin(actor) || (await roomModerators(db, anchorId)).has(actor.id);
}

/** Group messages as frames and history show them. */
export async function toViews(db: Db, rows: MessageRow[]): Promise<GroupMessage[]> {
  const people = await peopleOf(
    db,
    rows.map((r) => r.uid),
  );
  const dynamicIds = rows
    .filter((r) => r.type === GROUP_MSG.dynamic && r.target)
    .map((r) => r.target!);
  const images = new Map<number, string[]>();
  if (dynamicIds.length) {
    for (const d of await db
      .select({ id: dynamics.id, images: dynamics.images })
      .from(dynamics)
      .where(inArray(dynamics.id, dynamicIds)))
      images.set(d.id, d.images);
  }
  return rows.map((r) => {
    const who = personOr(people, r.uid);
    return {
      group_id: r.groupId,
      type: r.type,
      uid: r.uid,
      nick_name: who.nick_name,
      avatar: who.avatar,
      seq: r.seq,
      content: r.content,
      img_url: r.imgUrl,
      target: r.target,
      by_uid: r.byUid,
      send_time: unixSeconds(r.createdAt),
      ...(r.type === GROUP_MSG.dynamic ? { images: images.get(r.target ?? 0) ?? [] } : {}),
    };
  });
}

/** A message to append: the group's next sequence number is given in the transaction. */
export interface NewGroupMessage {
  uid: number;
  type: number;
  content?: string;
  imgUrl?: string;
  target?: number | null;
  byUid?: number | null;
}

/**
 * Appends a message to the group and returns it stored. A written message raises the group's
 * count, and the writer has read it.
 */
export async function appendMessage(
  db: Db,
  groupId: number,
  message: NewGroupMessage,
): Promise<MessageRow> {
  const written = WRITTEN.includes(message.type);
  return db.transaction(async (tx) => {
    const [group] = await tx
      .update(fanGroups)
      .set({
        lastSeq: sql`${fanGroups.lastSeq} + 1`,
        msgCount: written ? sql`${fanGroups.msgCount} + 1` : fanGroups.msgCount,
      })
      .where(eq(fanGroups.id, groupId))
      .returning({ seq: fanGroups.lastSeq, count: fanGroups.msgCount });
    if (!group) throw new ApiError('messaging.errors.noGroup');
    const [row] = await tx
      .insert(fanGroupMessages)
      .values({
        groupId,
        seq: group.seq,
        uid: message.uid,
        type: message.type,
        content: message.content ?? '',
        imgUrl: message.imgUrl ?? '',
        target: message.target ?? null,
        byUid: message.byUid ?? null,
      })
      .returning();
    if (written) {
      await tx
        .update(fanGroupMembers)
        .set({ readCount: group.count })
        .where(and(eq(fanGroupMembers.groupId, groupId), eq(fanGroupMembers.userId, message.uid)));
    }
    return row!;
  });
}

/** Sends a stored message to the group's members. */
export async function announce(db: Db, bus: Bus, row: MessageRow): Promise<GroupMessage> {
  const [view] = await toViews(db, [row]);
  toInbox(bus, { group: row.groupId }, { type: SERVER_FRAME.groupMsg, data: view! });
  return view!;
}

/** getAnchorProfile: the anchor's group, profile and whether the caller follows them. */
export async function anchorProfile(db: Db, anchorId: number, viewerId: number | null) {
  const group = await groupOfAnchor(db, anchorId);
  if (!group) throw new ApiError('errors.notFound', { httpStatus: 404 });
  const [[anchor], [members], follow, mine] = await Promise.all([
    db
      .select({
        nick: users.nickName,
        avatar: users.avatar,
        isLive: liveRooms.isLive,
        title: liveRooms.title,
      })
      .from(users)
      .innerJoin(liveRooms, eq(liveRooms.anchorId, users.id))
      .where(eq(users.id, anchorId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(fanGroupMembers)
      .where(eq(fanGroupMembers.groupId, group.id)),
    viewerId
      ? db
          .select({ n: sql<number>`1` })
          .from(follows)
          .where(and(eq(follows.userId, viewerId), eq(follows.anchorId, anchorId)))
      : Promise.resolve([]),
    viewerId ? membership(db, group.id, viewerId) : Promise.resolve(undefined),
  ]);
  const [fans] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(follows)
    .where(eq(follows.anchorId, anchorId));
  return {
    groups: [
      {
        group_id: group.id,
        name: group.name,
        avatar: anchor?.avatar ?? '',
        members: members?.n ?? 0,
        joined: mine ? 1 : 0,
      },
    ],
    anchor_profile: {
      anchor_id: anchorId,
      nick_name: anchor?.nick ?? '',
      avatar: anchor?.avatar ?? '',
      is_live: anchor?.isLive ? 1 : 0,
      title: anchor?.title ?? '',
      fans: fans?.n ?? 0,
    },
    is_attend: follow.length > 0 ? 1 : 0,
  };
}

/** addToGroupChat: a follower joins; the group hears a join notice (type 1). */
export async function joinGroup(db: Db, bus: Bus, groupId: number, userId: number) {
  const group = await groupById(db, groupId);
  if (await membership(db, groupId, userId)) return { joined: false };
  if (group.anchorId !== userId) {
    const [follow] = await db
      .select({ n: sql<number>`1` })
      .from(follows)
      .where(and(eq(follows.userId, userId), eq(follows.anchorId, group.anchorId)));
    if (!follow) throw new ApiError('messaging.errors.followFirst');
  }
  const [kick] = await db
    .select({ until: fanGroupKicks.until })
    .from(fanGroupKicks)
    .where(
      and(
        eq(fanGroupKicks.groupId, groupId),
        eq(fanGroupKicks.userId, userId),
        gt(fanGroupKicks.until, new Date()),
      ),
    );
  if (kick) throw new ApiError('messaging.errors.kicked');
  const added = await db
    .insert(fanGroupMembers)
    .values({ groupId, userId, readCount: group.msgCount })
    .onConflictDoNothing()
    .returning({ userId: fanGroupMembers.userId });
  if (added.length === 0) return { joined: false };
  // The joiner's sockets start hearing the group before its notice goes out.
  toInbox(bus, { users: [userId] }, undefined, { userId, groupId, joined: true });
  const row = await appendMessage(db, groupId, { uid: userId, type: GROUP_MSG.join });
  await announce(db, bus, row);
  return { joined: true };
}

/** getGroupInfo: members only. */
export async function groupInfo(db: Db, groupId: number, actor: Actor) {
  const userId = actor.id;
  const group = await groupById(db, groupId);
  const mine = await requireMember(db, groupId, userId);
  const [[members], [anchor], manager] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(fanGroupMembers)
      .where(eq(fanGroupMembers.groupId, groupId)),
    db
      .select({ nick: users.nickName, avatar: users.avatar })
      .from(users)
      .where(eq(users.id, group.anchorId)),
    runsGroup(db, group.anchorId, actor),
  ]);
  const muted = mine.mutedUntil && mine.mutedUntil.getTime() > Date.now() ? mine.mutedUntil : null;
  return {
    group_id: group.id,
    name: group.name,
    anchor_id: group.anchorId,
    anchor_nickname: anchor?.nick ?? '',
    avatar: anchor?.avatar ?? '',
    members: members?.n ?? 0,
    is_manager: manager ? 1 : 0,
    muted_until: muted ? muted.getTime() : 0,
    unread_num: Math.max(0, group.msgCount - mine.readCount),
  };
}

/**
 * getHistory: page `page` of `limit` messages, newest first (an empty page: no more messages).
 * Removed messages are left out; the notices about them stay.
 */
export async function groupHistory(
  db: Db,
  groupId: number,
  userId: number,
  page: number,
  limit = HISTORY_PAGE,
): Promise<GroupHistoryEntry[]> {
  await groupById(db, groupId);
  await requireMember(db, groupId, userId);
  const rows = await db
    .select()
    .from(fanGroupMessages)
    .where(and(eq(fanGroupMessages.groupId, groupId), isNull(fanGroupMessages.removedAt)))
    .orderBy(desc(fanGroupMessages.seq))
    .limit(limit)
    .offset((page - 1) * limit);
  return (await toViews(db, rows)).map((m) => ({
    ...m,
    fans_group_id: groupId,
    chatType: WRITTEN.includes(m.type)
      ? m.uid === userId
        ? CHAT_SIDE.own
        : CHAT_SIDE.other
      : CHAT_SIDE.note,
  }));
}

/** A member writes text or an image. */
export async function sendGroupMessage(
  db: Db,
  bus: Bus,
  groupId: number,
  userId: number,
  content: string,
  imgUrl: string,
): Promise<GroupMessage> {
  await groupById(db, groupId);
  const mine = await requireMember(db, groupId, userId);
  if (mine.mutedUntil && mine.mutedUntil.getTime() > Date.now()) {
    throw new ApiError('messaging.errors.muted');
  }
  const row = await appendMessage(db, groupId, {
    uid: userId,
    type: imgUrl ? GROUP_MSG.image : GROUP_MSG.normal,
    content,
    imgUrl,
  });
  return announce(db, bus, row);
}

/** read: the member has read everything written so far; their other devices hear it. */
export async function readGroup(db: Db, bus: Bus, groupId: number, userId: number) {
  const group = await groupById(db, groupId);
  await db
    .update(fanGroupMembers)
    .set({ readCount: group.msgCount })
    .where(
      and(
        eq(fanGroupMembers.groupId, groupId),
        eq(fanGroupMembers.userId, userId),
        lt(fanGroupMembers.readCount, group.msgCount),
      ),
    );
  toInbox(
    bus,
    { users: [userId] },
    {
      type: SERVER_FRAME.unread,
      data: { type: CHAT_TYPE.group, id: groupId, unread_num: 0 },
    },
  );
}

/** Group ids a user belongs to (the hub subscribes their inbox sockets to them). */
export async function groupIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: fanGroupMembers.groupId })
    .from(fanGroupMembers)
    .where(eq(fanGroupMembers.userId, userId));
  return rows.map((r) => r.id);
}
