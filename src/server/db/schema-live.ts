/**
 * Live tables: recorded lives (replays), planned lives, and the live sessions with their daily
 * statistics and viewer samples for the anchor centre.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { categories, matches, secondCategories, users } from './schema.ts';

// ---------------------------------------------------------------------------------------------
// Anchor pages: recorded lives (replays) and planned lives.
// ---------------------------------------------------------------------------------------------

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
