/**
 * Live-room chat messages: storing them (one at a time, in batches, or through the group-commit
 * writer the hub uses), the history a joiner gets, and hiding them (one, or the whole room).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { fontColorOf, PROP_TYPE, type SayProps } from '../../lib/live/props.ts';
import type { SayData } from '../../lib/realtime/protocol/index.ts';
import { consumeItems } from '../backpack/service.ts';
import { GroupCommit } from '../db/group-commit.ts';
import type { Db } from '../db/index.ts';
import { chatMessages, users } from '../db/schema.ts';
import type { ChatProfile } from './chat.ts';
import { canModerate, HISTORY_SIZE, profileColumns, roomModerators, toProfile } from './chat.ts';

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
  const queue = new GroupCommit<NewChatMessage, SayData>({
    write: (messages) =>
      messages.length === 1 ? insertOne(messages[0]!) : saveMessages(db, messages),
    maxBatch: 500,
  });
  return (message) => queue.add(message);
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
      .select(storedMessageColumns)
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId))
      .where(and(eq(chatMessages.anchorId, anchorId), isNull(chatMessages.deletedAt)))
      .orderBy(desc(chatMessages.id))
      .limit(limit),
    roomModerators(db, anchorId),
  ]);
  return rows.reverse().map((row) => storedSay(row, toProfile(row.user, now), moderators));
}

/** The columns `storedSay` reads, with the speaker's profile (join `users` on the speaker). */
export const storedMessageColumns = {
  id: chatMessages.id,
  content: chatMessages.content,
  propType: chatMessages.propType,
  propsId: chatMessages.propsId,
  createdAt: chatMessages.createdAt,
  user: profileColumns,
};

/** A stored message as the room shows it, spoken by `profile` (its badges as they are now). */
export function storedSay(
  row: { id: number; content: string; propType: number; propsId: number; createdAt: Date },
  profile: ChatProfile,
  moderators: Set<number>,
): SayData {
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
