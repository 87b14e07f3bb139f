/**
 * Live tables: the rooms with their managers, chat and bans, recorded lives (replays), planned
 * lives, and the live sessions with their daily statistics and viewer samples for the anchor
 * centre.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { users } from './accounts.ts';
import { categories, secondCategories } from './catalog.ts';
import { createdAt } from './columns.ts';
import { matches } from './sports.ts';

/** One live room per anchor; the room id is the anchor's user id. */
export const liveRooms = pgTable(
  'live_rooms',
  {
    /** The anchor's user id. */
    anchorId: integer('anchor_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Horizontal cover (18:10). */
    cover: text('cover').notNull(),
    /** Vertical cover. */
    coverV: text('cover_v').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    secondCategoryId: integer('second_category_id').references(() => secondCategories.id),
    /** Linked match for sports lives. */
    matchId: integer('match_id').references(() => matches.id),
    /** 1 while broadcasting. */
    isLive: boolean('is_live').notNull().default(false),
    /** Heat value shown in lists and the room. */
    heat: bigint('heat', { mode: 'number' }).notNull().default(0),
    /** HLS playlist the player loads. */
    streamUrl: text('stream_url').notNull().default(''),
    /** Tickets needed to enter; 0 for a free room. */
    ticket: integer('ticket').notNull().default(0),
    /** Room announcement. */
    announcement: text('announcement').notNull().default(''),
    /** Contacts shown under the announcement: [{ title, value }]. */
    contacts: jsonb('contacts').$type<{ title: string; value: string }[]>().notNull().default([]),
    /** When the current or last live started. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The anchor's push key (anchor_secret), rotatable; null until first asked for. */
    streamKey: text('stream_key'),
    /** True from startLive to endLive: the ingest accepts the anchor's key only then. */
    sessionOpen: boolean('session_open').notNull().default(false),
    /** When the server ends the open live by itself (the anchor logged out); null for never. */
    autoEndAt: timestamp('auto_end_at', { withTimezone: true }),
  },
  (t) => [
    index('live_rooms_live_idx').on(t.isLive),
    uniqueIndex('live_rooms_stream_key_idx').on(t.streamKey),
  ],
);

/** Users who may moderate an anchor's room besides the anchor. */
export const roomManagers = pgTable(
  'room_managers',
  {
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.anchorId, t.userId] })],
);

// Live chat

/** Chat messages of live rooms, kept for history (loginRep) and comment management. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The room: its anchor's user id. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The speaker. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Text as sent, trimmed. */
    content: text('content').notNull(),
    /** Chat prop used: 0 none, 100 speaker, 101 colourful chat. */
    propType: smallint('prop_type').notNull().default(0),
    /** Colourful chat colour (props_id 2, 3 or 4); 0 without. */
    propsId: smallint('props_id').notNull().default(0),
    createdAt: createdAt(),
    /** Set when a manager deletes it or clears the chat; hidden from history from then on. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.anchorId, t.id),
    // A replay's chat track reads one room's messages between two times.
    index('chat_messages_room_time_idx').on(t.anchorId, t.createdAt),
  ],
);

/** Bans from speaking in a room, by a manager or by the automatic chat rules. */
export const chatBans = pgTable(
  'chat_bans',
  {
    id: serial('id').primaryKey(),
    /** The room: its anchor's user id. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who may not speak. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Reason code: advertising, porn, false_info, abuse, illegal, political, others, auto. */
    reason: text('reason').notNull(),
    /** End of the ban; null for a permanent ban. */
    until: timestamp('until', { withTimezone: true }),
    /** The manager who banned; null for an automatic ban. */
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set when unbanned before the end. */
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [index('chat_bans_room_user_idx').on(t.anchorId, t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Anchor pages: recorded lives (replays) and planned lives.
// ---------------------------------------------------------------------------------------------

/** A room's chat modes (lib/live/chat-modes.ts); a room without a row has every mode off. */
export const chatModes = pgTable(
  'chat_modes',
  {
    anchorId: integer('anchor_id')
      .primaryKey()
      .references(() => liveRooms.anchorId, { onDelete: 'cascade' }),
    /** Seconds between one viewer's messages; 0 off. */
    slowSeconds: integer('slow_seconds').notNull().default(0),
    /** Minutes a speaker must have followed the anchor (0: any follower); null off. */
    followersMinutes: integer('followers_minutes'),
    fansOnly: boolean('fans_only').notNull().default(false),
    emoteOnly: boolean('emote_only').notNull().default(false),
    /** Who set them last (the anchor or a manager). */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_modes_slow', sql`${t.slowSeconds} = 0 OR ${t.slowSeconds} BETWEEN 3 AND 120`),
    check('chat_modes_followers', sql`${t.followersMinutes} >= 0`),
  ],
);
/** Recorded lives that viewers can watch again (/liveMatchesReplay, /anchorReplay/{id}). */
export const replays = pgTable(
  'replays',
  {
    id: serial('id').primaryKey(),
    /** The anchor who broadcast it. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Horizontal cover (16:9). */
    cover: text('cover').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    secondCategoryId: integer('second_category_id').references(() => secondCategories.id),
    /** The match the live covered, if any. */
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    /** HLS playlist of the recording. */
    streamUrl: text('stream_url').notNull(),
    /** Length of the recording in seconds. */
    durationSec: integer('duration_sec').notNull(),
    /** Times the replay was opened. */
    views: integer('views').notNull().default(0),
    /** When the live ended and the recording was kept. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** When the recorded stream began; null for seeded rows. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The ingest's recording file it was made from (`<anchorId>-<unix>.flv`); null for seeded rows. */
    recording: text('recording'),
    /** The live it recorded: a later push of the same live joins this replay. Null for seeded rows. */
    liveSessionId: integer('live_session_id').references(() => liveSessions.id, {
      onDelete: 'set null',
    }),
    /** Hidden by its anchor: left out of public lists and pages. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('replays_recording_idx').on(t.recording),
    index('replays_session_idx').on(t.liveSessionId),
    index('replays_anchor_idx').on(t.anchorId, t.recordedAt),
    index('replays_recorded_idx').on(t.recordedAt),
    index('replays_category_idx').on(t.categoryId, t.secondCategoryId, t.recordedAt),
    check('replays_duration_pos', sql`${t.durationSec} > 0`),
    check('replays_views_nonneg', sql`${t.views} >= 0`),
  ],
);

/** Live plan states: 0 planned, 1 cancelled, 2 started (the anchor went live for it). */
export const LIVE_PLAN_STATUS = { planned: 0, cancelled: 1, started: 2 } as const;

/** Lives an anchor scheduled ahead (POST /api/live/anchor_plan_create). */
export const livePlans = pgTable(
  'live_plans',
  {
    id: serial('id').primaryKey(),
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    secondCategoryId: integer('second_category_id').references(() => secondCategories.id),
    /** Linked match (only for category 2, sports). */
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    /** Horizontal cover. */
    cover: text('cover').notNull().default(''),
    /** When the anchor plans to go live. */
    planTime: timestamp('plan_time', { withTimezone: true }).notNull(),
    /** Tickets needed to enter; 0 for a free live. */
    ticket: integer('ticket').notNull().default(0),
    /** See LIVE_PLAN_STATUS. */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_plans_anchor_idx').on(t.anchorId, t.planTime),
    index('live_plans_status_idx').on(t.status, t.planTime),
    check('live_plans_ticket_nonneg', sql`${t.ticket} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Live statistics for the anchor centre (income and data analysis)
// ---------------------------------------------------------------------------------------------

/**
 * One broadcast of an anchor, from startLive to endLive, with running totals kept by the events
 * themselves (a gift adds to its live in the gift's transaction), never by scanning afterwards.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: serial('id').primaryKey(),
    /** The anchor (and room). */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Title of the live as started. */
    title: text('title').notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    secondCategoryId: integer('second_category_id').references(() => secondCategories.id),
    /** When startLive opened it. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When endLive (or the logout rule) closed it; null while it runs. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Most viewers in the room at once (sampled every minute). */
    peakViewers: integer('peak_viewers').notNull().default(0),
    /** Distinct viewers (users and guest devices) who entered during the live. */
    viewers: integer('viewers').notNull().default(0),
    /** Chat messages accepted. */
    messages: integer('messages').notNull().default(0),
    /** Gifts received (pieces, paid and from backpacks). */
    gifts: integer('gifts').notNull().default(0),
    /** What viewers paid for the gifts, minor units. */
    giftValue: bigint('gift_value', { mode: 'number' }).notNull().default(0),
    /** The anchor's share of it credited to income, minor units. */
    income: bigint('income', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('live_sessions_anchor_idx').on(t.anchorId, t.startedAt),
    // At most one running live per anchor.
    uniqueIndex('live_sessions_open_idx')
      .on(t.anchorId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** Per anchor and Beijing-time day: the same totals as live_sessions, by when things happened. */
export const anchorDailyStats = pgTable(
  'anchor_daily_stats',
  {
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the site's time zone. */
    day: text('day').notNull(),
    /** Most viewers in the room at once that day. */
    peakViewers: integer('peak_viewers').notNull().default(0),
    /** Distinct viewers who entered the room that day. */
    viewers: integer('viewers').notNull().default(0),
    /** Chat messages accepted. */
    messages: integer('messages').notNull().default(0),
    /** Gifts received (pieces). */
    gifts: integer('gifts').notNull().default(0),
    /** What viewers paid for them, minor units. */
    giftValue: bigint('gift_value', { mode: 'number' }).notNull().default(0),
    /** The anchor's income from them, minor units (equals the day's gift_income ledger rows). */
    income: bigint('income', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.anchorId, t.day] })],
);

/**
 * Who has entered a room, once per scope: `d:YYYY-MM-DD` for a day, `s:<session id>` for a live.
 * A row that is new adds one to that day's or that live's distinct viewers.
 */
export const liveViewers = pgTable(
  'live_viewers',
  {
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `d:<day>` or `s:<session id>`. */
    scope: text('scope').notNull(),
    /** `u:<user id>` for members, `g:<guest id>` for guests. */
    viewerKey: text('viewer_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.anchorId, t.scope, t.viewerKey] })],
);

/** Viewers in a live room per minute, as counted by each server process (summed on read). */
export const liveViewerSamples = pgTable(
  'live_viewer_samples',
  {
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Start of the minute. */
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    /** The server process that counted (random per process start). */
    node: text('node').notNull(),
    /** Sockets in the room on that process. */
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.anchorId, t.minute, t.node] })],
);
