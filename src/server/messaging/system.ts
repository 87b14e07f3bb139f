/**
 * The system conversation: go-live alerts to followers, bans with their reason and length, quiz
 * results, and platform notices from administrators to one user or to everyone. A go-live alert
 * is one INSERT … SELECT over the followers and one bus message, whatever their number.
 */
import { and, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import {
  CHAT_TYPE,
  HISTORY_PAGE,
  SYSTEM_KIND,
  type AnchorStartLive,
  type SystemMessageData,
  type SystemMessageView,
} from '../../lib/messaging/types.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { unixSeconds } from '../../lib/time.ts';
import { queryRows, type Db } from '../db/index.ts';
import { goLiveAlerts, liveRooms, systemMessages, systemReads, users } from '../db/schema.ts';
import type { Bus } from '../shared/bus.ts';
import { log } from '../log.ts';
import { toInbox } from './common.ts';

type Row = typeof systemMessages.$inferSelect;

/** A stored system message as the browser shows it. */
export function systemView(row: Row): SystemMessageView {
  return {
    id: row.id,
    kind: row.kind,
    content: row.content,
    anchor_id: row.anchorId,
    // Only sendSystem and the quiz results write it, both with SystemMessageData.
    data: row.data as SystemMessageData,
    send_time: unixSeconds(row.createdAt),
  };
}

/** Messages `userId` can see: their own and those to everyone sent since they signed up. */
function visibleTo(userId: number, since: Date) {
  return or(
    eq(systemMessages.userId, userId),
    and(isNull(systemMessages.userId), gte(systemMessages.createdAt, since)),
  );
}

async function signedUpAt(db: Db, userId: number): Promise<Date> {
  const [row] = await db.select({ at: users.createdAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? new Date(0);
}

/** Stores a system message for one user (or everyone) and delivers it. */
export async function sendSystem(
  db: Db,
  bus: Bus,
  message: {
    userId: number | null;
    kind: number;
    content?: string;
    anchorId?: number | null;
    data?: SystemMessageData;
  },
): Promise<SystemMessageView> {
  const [row] = await db
    .insert(systemMessages)
    .values({
      userId: message.userId,
      kind: message.kind,
      content: message.content ?? '',
      anchorId: message.anchorId ?? null,
      data: message.data ?? {},
    })
    .returning();
  const view = systemView(row!);
  toInbox(bus, message.userId === null ? { everyone: true } : { users: [message.userId] }, {
    type: SERVER_FRAME.SystemMessage,
    data: view,
  });
  return view;
}

/** The system conversation, newest first. */
export async function systemHistory(db: Db, userId: number, page: number, limit = HISTORY_PAGE) {
  const since = await signedUpAt(db, userId);
  const rows = await db
    .select()
    .from(systemMessages)
    .where(visibleTo(userId, since))
    .orderBy(desc(systemMessages.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map(systemView);
}

/** Unread system messages of `userId` (at most 99 are counted) and the latest message. */
export async function systemUnread(db: Db, userId: number) {
  const since = await signedUpAt(db, userId);
  const [read] = await db
    .select({ id: systemReads.readId })
    .from(systemReads)
    .where(eq(systemReads.userId, userId));
  const readId = read?.id ?? 0;
  const [[latest], unread] = await Promise.all([
    db
      .select()
      .from(systemMessages)
      .where(visibleTo(userId, since))
      .orderBy(desc(systemMessages.id))
      .limit(1),
    db
      .select({ id: systemMessages.id })
      .from(systemMessages)
      .where(and(visibleTo(userId, since), gt(systemMessages.id, readId)))
      .limit(99),
  ]);
  return { unread: unread.length, latest: latest ? systemView(latest) : null };
}

/** read: everything in the system conversation so far is read. */
export async function readSystem(db: Db, bus: Bus, userId: number) {
  const [latest] = await db
    .select({ id: sql<number>`coalesce(max(${systemMessages.id}), 0)::bigint` })
    .from(systemMessages);
  const readId = Number(latest?.id ?? 0);
  await db
    .insert(systemReads)
    .values({ userId, readId })
    .onConflictDoUpdate({ target: systemReads.userId, set: { readId } });
  toInbox(
    bus,
    { users: [userId] },
    {
      type: SERVER_FRAME.unread,
      data: { type: CHAT_TYPE.system, id: 0, unread_num: 0 },
    },
  );
}

/**
 * Tells the followers of `anchorId` that the live started: once per live session (a reconnecting
 * stream alerts nobody twice). One statement writes every follower's system message; one bus
 * message carries the alert to the online ones. Returns the number of followers told.
 */
export async function alertFollowers(db: Db, bus: Bus, anchorId: number): Promise<number> {
  const [room] = await db
    .select({
      startedAt: liveRooms.startedAt,
      title: liveRooms.title,
      nick: users.nickName,
      avatar: users.avatar,
    })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(eq(liveRooms.anchorId, anchorId));
  if (!room?.startedAt) return 0;
  const first = await db
    .insert(goLiveAlerts)
    .values({ anchorId, startedAt: room.startedAt })
    .onConflictDoNothing()
    .returning({ anchorId: goLiveAlerts.anchorId });
  if (first.length === 0) return 0;
  const alert: AnchorStartLive = {
    anchor_id: anchorId,
    nick_name: room.nick,
    avatar: room.avatar,
    title: room.title,
  };
  const data = JSON.stringify({ nick_name: room.nick, title: room.title, avatar: room.avatar });
  const rows = await queryRows(
    db,
    sql`
    insert into system_messages (user_id, kind, anchor_id, content, data)
    select f.user_id, ${SYSTEM_KIND.live}, ${anchorId}, ${room.title}, ${data}::jsonb
    from follows f where f.anchor_id = ${anchorId}
    returning user_id`,
  );
  const userIds = rows.map((r) => Number(r.user_id));
  await db
    .update(goLiveAlerts)
    .set({ followers: userIds.length })
    .where(and(eq(goLiveAlerts.anchorId, anchorId), eq(goLiveAlerts.startedAt, room.startedAt)));
  if (userIds.length > 0) {
    toInbox(bus, { users: userIds }, { type: SERVER_FRAME.AnchorStartLiveMessage, data: alert });
  }
  log('info', 'go_live_alert', { anchorId, followers: userIds.length });
  return userIds.length;
}

/** Rows one insert writes when a quiz's bettors are told. */
const RESULT_CHUNK = 2_000;

/**
 * Tells every bettor of a settled quiz its result in their system conversation: one row each
 * (result, stake and payout in `data`), written in chunks, and one bus message for all of them.
 */
export async function tellBettors(
  db: Db,
  bus: Bus,
  quiz: { guess_id: number; anchor_id: number; question: string },
  results: { userId: number; stake: { result: number; amount: number; payout: number } }[],
): Promise<void> {
  if (results.length === 0) return;
  const rows = results.map((r) => ({
    userId: r.userId,
    kind: SYSTEM_KIND.quiz,
    anchorId: quiz.anchor_id,
    content: quiz.question,
    data: {
      guess_id: quiz.guess_id,
      result: r.stake.result,
      amount: r.stake.amount,
      payout: r.stake.payout,
    },
  }));
  for (let i = 0; i < rows.length; i += RESULT_CHUNK) {
    await db.insert(systemMessages).values(rows.slice(i, i + RESULT_CHUNK));
  }
  // One frame for everyone: the conversation shows each bettor's own result when opened.
  const view: SystemMessageView = {
    id: 0,
    kind: SYSTEM_KIND.quiz,
    content: quiz.question,
    anchor_id: quiz.anchor_id,
    data: { guess_id: quiz.guess_id },
    send_time: Math.floor(Date.now() / 1000),
  };
  toInbox(
    bus,
    { users: results.map((r) => r.userId) },
    { type: SERVER_FRAME.SystemMessage, data: view },
  );
}
