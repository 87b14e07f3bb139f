/**
 * Messaging tables: fan groups and their messages, private chats between a viewer and an anchor,
 * the staff channel of each user, system messages and the anchors' dynamics. Unread counts live
 * beside the conversations so the chat list is one read per kind.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userRef, users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** One fan group per anchor. */
export const fanGroups = pgTable('fan_groups', {
  id: serial('id').primaryKey(),
  anchorId: userRef('anchor_id').unique(),
  name: text('name').notNull(),
  /** Sequence number of the group's last message (notices included). */
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  /** Messages people wrote (text, image, dynamic) so far: unread counts subtract from it. */
  msgCount: bigint('msg_count', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Members of fan groups; the anchor is a member of their own group. */
export const fanGroupMembers = pgTable(
  'fan_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => fanGroups.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    /** The group's msg_count when the member last read it. */
    readCount: bigint('read_count', { mode: 'number' }).notNull().default(0),
    /** End of a mute; null when not muted. */
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('fan_group_members_user_idx').on(t.userId),
  ],
);

/** Members kicked out of a group, who may not join again before `until`. */
export const fanGroupKicks = pgTable(
  'fan_group_kicks',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => fanGroups.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** Messages and notices of fan groups (spec §4 types 0, 1, 2, 3, 4, 5, 7; 8 a dynamic). */
export const fanGroupMessages = pgTable(
  'fan_group_messages',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => fanGroups.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The sender, or the member a notice is about. */
    uid: integer('uid').notNull(),
    type: smallint('type').notNull(),
    content: text('content').notNull().default(''),
    imgUrl: text('img_url').notNull().default(''),
    /** Recall and delete notices: the message removed. Mute notices: the mute's end (ms). */
    target: bigint('target', { mode: 'number' }),
    /** Who acted, for moderation notices. */
    byUid: integer('by_uid'),
    /** Set when the message was recalled, deleted or removed by a mute. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.seq] }),
    index('fan_group_messages_uid_idx').on(t.groupId, t.uid),
  ],
);

/** A private conversation between a viewer and an anchor. */
export const privateChats = pgTable(
  'private_chats',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    anchorId: userRef('anchor_id'),
    userUnread: integer('user_unread').notNull().default(0),
    anchorUnread: integer('anchor_unread').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    lastText: text('last_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('private_chats_pair_idx').on(t.userId, t.anchorId),
    index('private_chats_anchor_idx').on(t.anchorId, t.lastAt),
  ],
);

/** Messages of private chats. */
export const privateMessages = pgTable(
  'private_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => privateChats.id, { onDelete: 'cascade' }),
    senderUid: integer('sender_uid').notNull(),
    content: text('content').notNull().default(''),
    imgUrl: text('img_url').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('private_messages_chat_idx').on(t.chatId, t.id)],
);

/** The staff channel of a user (support and moderation notices). */
export const staffThreads = pgTable('staff_threads', {
  userId: userRef('user_id').primaryKey(),
  userUnread: integer('user_unread').notNull().default(0),
  staffUnread: integer('staff_unread').notNull().default(0),
  /** The staff member who wrote last, 0 before any. */
  lastStaffId: integer('last_staff_id').notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  lastText: text('last_text').notNull().default(''),
});

/** Messages of staff channels. */
export const staffMessages = pgTable(
  'staff_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose channel. */
    userId: userRef('user_id'),
    senderUid: integer('sender_uid').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_messages_user_idx').on(t.userId, t.id)],
);

/** System messages: go-live alerts, bans, quiz results, platform notices. */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The receiver; null for everyone. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 1 go-live, 2 ban, 3 quiz result, 4 notice. */
    kind: smallint('kind').notNull(),
    /** The anchor a go-live alert or ban is about. */
    anchorId: integer('anchor_id'),
    content: text('content').notNull().default(''),
    /** Kind-specific fields (ban reason and length, quiz and payout). */
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('system_messages_user_idx').on(t.userId, t.id),
    check('system_messages_kind', sql`${t.kind} between 1 and 4`),
  ],
);

/** How far each user has read the system conversation. */
export const systemReads = pgTable('system_reads', {
  userId: userRef('user_id').primaryKey(),
  readId: bigint('read_id', { mode: 'number' }).notNull().default(0),
});

/** Go-live alerts sent: one per anchor and live session, whatever the stream's reconnects. */
export const goLiveAlerts = pgTable(
  'go_live_alerts',
  {
    anchorId: userRef('anchor_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    followers: integer('followers').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.anchorId, t.startedAt] })],
);

/** Anchors' dynamics: a short update with up to nine images. */
export const dynamics = pgTable(
  'dynamics',
  {
    id: serial('id').primaryKey(),
    anchorId: userRef('anchor_id'),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('dynamics_anchor_idx').on(t.anchorId, t.id)],
);
