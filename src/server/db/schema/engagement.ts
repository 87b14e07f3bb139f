/**
 * Engagement tables: daily check-ins (one row per user and Beijing day, the unique index being
 * what makes a second check-in impossible), lottery draws and the watch history.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RewardSpec } from '../../../lib/rewards/types.ts';
import { userRef } from './accounts.ts';
import { createdAt } from './columns.ts';

/** One check-in of a user on a Beijing day, with what it paid. */
export const checkins = pgTable(
  'checkins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef('user_id'),
    /** Beijing calendar day, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** Day of the 7-day cycle this check-in was (1-7). */
    cycleDay: smallint('cycle_day').notNull(),
    /** Consecutive days up to and including this one. */
    continuous: integer('continuous').notNull(),
    /** Experience it gave. */
    exp: integer('exp').notNull(),
    /** Rewards it paid, as configured that day. */
    rewards: jsonb('rewards').$type<RewardSpec[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkins_user_day_idx').on(t.userId, t.day),
    check('checkins_cycle_day', sql`${t.cycleDay} between 1 and 7`),
  ],
);

/** One spin of the lottery wheel and the prize it paid. */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef('user_id'),
    /** Prize id on the wheel at the time. */
    prizeId: integer('prize_id').notNull(),
    /** What it paid. */
    reward: jsonb('reward').$type<RewardSpec>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lottery_draws_user_idx').on(t.userId, t.id)],
);

/** The last visit of a user to an anchor's room or replays: one row per user and room. */
export const watchHistory = pgTable(
  'watch_history',
  {
    userId: userRef('user_id'),
    anchorId: userRef('anchor_id'),
    /** 1 the live room, 2 a replay. */
    kind: smallint('kind').notNull(),
    /** The replay watched last (kind 2). */
    replayId: integer('replay_id'),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.anchorId] }),
    index('watch_history_recent_idx').on(t.userId, t.visitedAt),
  ],
);
