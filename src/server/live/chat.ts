/**
 * Live-room chat storage: who speaks (profile and moderation rights), messages and their
 * history, bans, the announcement and the chat config. The hub calls these; so does the
 * comment-management API.
 */
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { fontColorOf, PROP_TYPE, type SayProps } from '../../lib/live/props.ts';
import { activeNobleLevel } from '../../lib/mall/noble.ts';
import type { AnnouncementData, BannedData, SayData } from '../../lib/realtime/protocol.ts';
import { DEFAULT_CHAT_CONFIG, type BanReason, type ChatConfig } from '../../lib/rules/chat.ts';
import { levelOf } from '../../lib/rules/level.ts';
import { consumeItems } from '../backpack/service.ts';
import { settleEach, writeEachOnFailure } from '../db/batch.ts';
import type { Db } from '../db/index.ts';
import {
  appConfig,
  chatBans,
  chatMessages,
  liveRooms,
  ROLE,
  roomManagers,
  sessions,
  users,
} from '../db/schema.ts';

/** Messages a joiner receives as history. */
export const HISTORY_SIZE = 50;

/** A speaker as chat frames show them. */
export interface ChatProfile {
  id: number;
  nickName: string;
  avatar: string;
  level: number;
  vipLevel: number;
  role: number;
}

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'nickName' | 'avatar' | 'exp' | 'vipLevel' | 'vipExpiresAt' | 'role'
>;

const profileColumns = {
  id: users.id,
  nickName: users.nickName,
  avatar: users.avatar,
  exp: users.exp,
  vipLevel: users.vipLevel,
  vipExpiresAt: users.vipExpiresAt,
  role: users.role,
};

function toProfile(row: UserRow, now: Date): ChatProfile {
  return {
    id: row.id,
    nickName: row.nickName,
    avatar: row.avatar,
    level: levelOf(row.exp).level,
    vipLevel: activeNobleLevel({ level: row.vipLevel, expiresAt: row.vipExpiresAt }, now),
    role: row.role,
  };
}

/** The profile of user `userId` when `tokenHash` is one of their live sessions, else null. */
export async function profileForSession(
  db: Db,
  userId: number,
  tokenHash: string,
  now = new Date(),
): Promise<ChatProfile | null> {
  const rows = await db
    .select(profileColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ? toProfile(rows[0], now) : null;
}

/** A room as the hub needs it. */
export interface RoomInfo {
  anchorId: number;
  isLive: boolean;
  heat: number;
  announcement: AnnouncementData;
  /** Tickets to enter while live; 0 for a free room. */
  ticket: number;
  /** When the current or last live started. */
  startedAt: Date | null;
}

/** The room of anchor `anchorId`, or null when there is none. */
export async function findRoom(db: Db, anchorId: number): Promise<RoomInfo | null> {
  const rows = await db
    .select({
      anchorId: liveRooms.anchorId,
      isLive: liveRooms.isLive,
      heat: liveRooms.heat,
      announcement: liveRooms.announcement,
      contacts: liveRooms.contacts,
      ticket: liveRooms.ticket,
      startedAt: liveRooms.startedAt,
    })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    anchorId: row.anchorId,
    isLive: row.isLive,
    heat: row.heat,
    announcement: { room_id: row.anchorId, content: row.announcement, contact: row.contacts },
    ticket: row.ticket,
    startedAt: row.startedAt,
  };
}

/** User ids who may moderate the room besides administrators: the anchor and its managers. */
export async function roomModerators(db: Db, anchorId: number): Promise<Set<number>> {
  const rows = await db
    .select({ userId: roomManagers.userId })
    .from(roomManagers)
    .where(eq(roomManagers.anchorId, anchorId));
  return new Set([anchorId, ...rows.map((r) => r.userId)]);
}

/** True when `profile` may moderate the room (anchor, its managers, administrators). */
export function canModerate(profile: ChatProfile, moderators: Set<number>): boolean {
  return profile.role === ROLE.admin || moderators.has(profile.id);
}

/** A chat message to store. */
export interface NewChatMessage {
  anchorId: number;
  profile: ChatProfile;
  isManager: boolean;
  content: string;
  propType?: number;
  propsId?: number;
}

/** Stores a message and returns it as the room will see it. */
export async function saveMessage(db: Db, message: NewChatMessage): Promise<SayData> {
  const [saved] = await saveMessages(db, [message]);
  if (!saved) throw new Error('chat message not stored');
  return saved;
}

/** Stores messages with one statement, in order, and returns them as rooms will see them. */
export async function saveMessages(db: Db, messages: NewChatMessage[]): Promise<SayData[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(chatMessages)
    .values(
      messages.map((m) => ({
        anchorId: m.anchorId,
        userId: m.profile.id,
        content: m.content,
        propType: m.propType ?? 0,
        propsId: m.propsId ?? 0,
      })),
    )
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  // RETURNING keeps the order of the VALUES list; ids come from one sequence in that order too.
  return messages.map((message, i) => toSay(message, rows[i]!));
}

/**
 * The insert of one message as a prepared statement of `db`: built once instead of for every
 * message (a room chatting at a steady pace mostly writes one message at a time, and building
 * the insert cost as much as PGlite storing the row).
 */
function singleMessageInsert(db: Db) {
  const prepared = db
    .insert(chatMessages)
    .values({
      anchorId: sql.placeholder('anchorId'),
      userId: sql.placeholder('userId'),
      content: sql.placeholder('content'),
      propType: sql.placeholder('propType'),
      propsId: sql.placeholder('propsId'),
    })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt })
    .prepare('chat_message_insert');
  return async (message: NewChatMessage): Promise<SayData[]> => {
    const [row] = await prepared.execute({
      anchorId: message.anchorId,
      userId: message.profile.id,
      content: message.content,
      propType: message.propType ?? 0,
      propsId: message.propsId ?? 0,
    });
    if (!row) throw new Error('chat message not stored');
    return [toSay(message, row)];
  };
}

/**
 * A writer that groups messages arriving while a write is under way into the next write, so a
 * busy room costs one insert (and one commit) per batch instead of one per message.
 */
export function createMessageWriter(db: Db): (message: NewChatMessage) => Promise<SayData> {
  const insertOne = singleMessageInsert(db);
  let pending: {
    message: NewChatMessage;
    resolve: (s: SayData) => void;
    reject: (e: unknown) => void;
  }[] = [];
  let writing = false;
  async function drain(): Promise<void> {
    writing = true;
    while (pending.length) {
      const batch = pending.slice(0, 500);
      pending = pending.slice(batch.length);
      // A message the database refuses fails alone; the others of its batch are stored.
      const results = await writeEachOnFailure(
        batch.map((b) => b.message),
        (messages) =>
          messages.length === 1 ? insertOne(messages[0]!) : saveMessages(db, messages),
      );
      settleEach(batch, results);
    }
    writing = false;
  }
  return (message) =>
    new Promise<SayData>((resolve, reject) => {
      pending.push({ message, resolve, reject });
      if (!writing) void drain();
    });
}

/** The prop fields of a message as rooms see them. */
function propFields(propType: number, propsId: number) {
  return {
    props: propType,
    props_id: propsId,
    font_color: fontColorOf(propType, propsId),
    isColorful: propType === PROP_TYPE.colorful,
    isSpeaker: propType === PROP_TYPE.speaker,
  };
}

function toSay(message: NewChatMessage, row: { id: number; createdAt: Date }): SayData {
  const { profile } = message;
  return {
    id: row.id,
    content: message.content,
    user_id: profile.id,
    from_client_name: profile.nickName,
    avatar: profile.avatar,
    level: profile.level,
    vip_level: profile.vipLevel,
    role: profile.role,
    is_manager: message.isManager,
    ...propFields(message.propType ?? 0, message.propsId ?? 0),
    time: row.createdAt.getTime(),
  };
}

/**
 * Stores a message sent with a chat prop, using one prop from the speaker's backpack in the
 * same transaction: the prop is used if and only if the message is stored. Null when the
 * speaker holds none (then nothing changes).
 */
export async function savePropMessage(
  db: Db,
  message: Omit<NewChatMessage, 'propType' | 'propsId'>,
  props: SayProps,
): Promise<SayData | null> {
  return db.transaction(async (tx) => {
    const left = await consumeItems(tx, {
      userId: message.profile.id,
      type: props.type,
      propsId: props.props_id,
      count: 1,
      kind: 'chat_prop',
      reference: `room:${message.anchorId}`,
    });
    if (left === null) return null;
    return saveMessage(tx, { ...message, propType: props.type, propsId: props.props_id });
  });
}

/** The room's last `limit` visible messages, oldest first. */
export async function recentMessages(
  db: Db,
  anchorId: number,
  limit = HISTORY_SIZE,
  now = new Date(),
): Promise<SayData[]> {
  const [rows, moderators] = await Promise.all([
    db
      .select({
        id: chatMessages.id,
        content: chatMessages.content,
        propType: chatMessages.propType,
        propsId: chatMessages.propsId,
        createdAt: chatMessages.createdAt,
        user: profileColumns,
      })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId))
      .where(and(eq(chatMessages.anchorId, anchorId), isNull(chatMessages.deletedAt)))
      .orderBy(desc(chatMessages.id))
      .limit(limit),
    roomModerators(db, anchorId),
  ]);
  return rows.reverse().map((row) => {
    const profile = toProfile(row.user, now);
    return {
      id: row.id,
      content: row.content,
      user_id: profile.id,
      from_client_name: profile.nickName,
      avatar: profile.avatar,
      level: profile.level,
      vip_level: profile.vipLevel,
      role: profile.role,
      is_manager: canModerate(profile, moderators),
      ...propFields(row.propType, row.propsId),
      time: row.createdAt.getTime(),
    };
  });
}

/** Hides one message of the room; false when there is no such visible message. */
export async function deleteMessage(db: Db, anchorId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(chatMessages.id, id),
        eq(chatMessages.anchorId, anchorId),
        isNull(chatMessages.deletedAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** Hides every message of the room. */
export async function clearMessages(db: Db, anchorId: number): Promise<void> {
  await db
    .update(chatMessages)
    .set({ deletedAt: new Date() })
    .where(and(eq(chatMessages.anchorId, anchorId), isNull(chatMessages.deletedAt)));
}

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

/** Sets the room's announcement and contacts. */
export async function setAnnouncement(
  db: Db,
  anchorId: number,
  content: string,
  contact: AnnouncementData['contact'],
): Promise<void> {
  await db
    .update(liveRooms)
    .set({ announcement: content, contacts: contact })
    .where(eq(liveRooms.anchorId, anchorId));
}

/** The chat config (spec §3), each field falling back to the default when absent or mistyped. */
export async function loadChatConfig(db: Db): Promise<ChatConfig> {
  const rows = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, 'chat_config'))
    .limit(1);
  const stored = (rows[0]?.value ?? {}) as Record<string, unknown>;
  const config = { ...DEFAULT_CHAT_CONFIG };
  for (const key of Object.keys(config) as (keyof ChatConfig)[]) {
    const value = stored[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) config[key] = value;
  }
  return config;
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

/** Heat and live state of rooms. */
export async function roomHeats(db: Db, anchorIds: number[]) {
  if (anchorIds.length === 0) return [];
  return db
    .select({ anchorId: liveRooms.anchorId, heat: liveRooms.heat, isLive: liveRooms.isLive })
    .from(liveRooms)
    .where(inArray(liveRooms.anchorId, anchorIds));
}

/** The room's latest messages for comment management, deleted ones included and marked. */
export async function messagesForManagers(db: Db, anchorId: number, limit = 100) {
  const rows = await db
    .select({
      id: chatMessages.id,
      userId: chatMessages.userId,
      nickName: users.nickName,
      content: chatMessages.content,
      createdAt: chatMessages.createdAt,
      deletedAt: chatMessages.deletedAt,
    })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.anchorId, anchorId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows;
}
