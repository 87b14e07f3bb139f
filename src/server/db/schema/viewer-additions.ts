/**
 * What viewers add to recorded lives: barrage at a replay's playhead, and clips cut from a live
 * or a replay.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { liveSessions, replays } from './live.ts';

/** Barrage viewers add to a replay at its playhead, played with the live's own chat track. */
export const replayComments = pgTable(
  'replay_comments',
  {
    id: serial('id').primaryKey(),
    replayId: integer('replay_id')
      .notNull()
      .references(() => replays.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where in the replay it was said, in ms from the start. */
    offsetMs: integer('offset_ms').notNull(),
    /** Text as sent, trimmed. */
    content: text('content').notNull(),
    /** Chat prop used: 0 none, 100 speaker, 101 colourful chat. */
    propType: smallint('prop_type').notNull().default(0),
    /** Colourful chat colour (props_id 2, 3 or 4); 0 without. */
    propsId: smallint('props_id').notNull().default(0),
    createdAt: createdAt(),
    /** Set when the anchor or a room manager deletes it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('replay_comments_offset_idx').on(t.replayId, t.offsetMs),
    check('replay_comments_offset_nonneg', sql`${t.offsetMs} >= 0`),
  ],
);

/** Clip states: 0 being cut, 1 ready to play, 2 the cut failed. */
export const CLIP_STATUS = { processing: 0, ready: 1, failed: 2 } as const;

/**
 * Short cuts of a live's last seconds or of a replay's range that viewers share (/clip/{id}),
 * copied from the HLS segments without re-encoding into `<dataDir>/clips/<id>.mp4`.
 */
export const clips = pgTable(
  'clips',
  {
    id: serial('id').primaryKey(),
    /** The room (anchor) it was cut from. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who cut it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The replay it was cut from; null for a cut of the live. */
    replayId: integer('replay_id').references(() => replays.id, { onDelete: 'set null' }),
    /** The live it was cut from (running, or the replay's). */
    liveSessionId: integer('live_session_id').references(() => liveSessions.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    /** Where the clip really starts in its source, seconds (a keyframe at or before the asked start). */
    startSec: integer('start_sec').notNull().default(0),
    /** The start the viewer asked for, seconds into the source. */
    askedStartSec: integer('asked_start_sec').notNull().default(0),
    /** Length of the clip as cut, milliseconds (0 while it is cut). */
    durationMs: integer('duration_ms').notNull().default(0),
    /** The length the viewer asked for, seconds. */
    askedSec: integer('asked_sec').notNull(),
    /** The MP4's file name under the clips folder ('' until ready). */
    file: text('file').notNull().default(''),
    /** The thumbnail's file name under the clips folder ('' until ready). */
    thumb: text('thumb').notNull().default(''),
    /** Picture size of the MP4 (0 until ready). */
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    /** See CLIP_STATUS. */
    status: smallint('status').notNull().default(0),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
    /** When it was removed (left out everywhere, its files deleted); null while shown. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('clips_anchor_idx').on(t.anchorId, t.createdAt),
    index('clips_user_idx').on(t.userId, t.createdAt),
    check('clips_views_nonneg', sql`${t.views} >= 0`),
    check('clips_asked_range', sql`${t.askedSec} BETWEEN 5 AND 60`),
  ],
);
