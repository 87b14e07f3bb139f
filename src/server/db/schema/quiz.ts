/**
 * Quizzes anchors ask in their rooms, and the stakes viewers place on them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { categories } from './catalog.ts';
import { createdAt } from './columns.ts';
import { liveSessions } from './live.ts';

export { BET_RESULT, QUIZ_STATUS } from '../../../lib/quiz/types.ts';

/** Quiz statuses and bet results live with the shared quiz types. */

/** Quizzes anchors ask in their rooms: two options, viewers stake gems, the pool pays out. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    /** The room (anchor) the quiz belongs to. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The live it was asked in. */
    liveId: integer('live_id').references(() => liveSessions.id),
    categoryId: integer('category_id').references(() => categories.id),
    /** Who created it: the anchor or a room manager. */
    createdBy: integer('created_by').notNull(),
    /** Question, at most 16 characters. */
    question: text('question').notNull(),
    /** Option A and option B, at most 8 characters each. */
    optionA: text('option_a').notNull(),
    optionB: text('option_b').notNull(),
    /** Smallest stake of one bet, minor units of gold. */
    minBet: bigint('min_bet', { mode: 'number' }).notNull(),
    /** Close time as asked, in minutes after creation (at least 10). */
    closeMinutes: integer('close_minutes').notNull(),
    /** When betting stops by itself. */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** See QUIZ_STATUS. */
    status: smallint('status').notNull().default(1),
    /** A settlement under way: 'draw', 'cancel' or 'revoke'; null when none. */
    job: text('job'),
    /** The winning option once drawn: 1 (A) or 2 (B). */
    winner: smallint('winner'),
    /** Stakes on each option, minor units, and how many viewers staked on each. */
    poolA: bigint('pool_a', { mode: 'number' }).notNull().default(0),
    poolB: bigint('pool_b', { mode: 'number' }).notNull().default(0),
    bettorsA: integer('bettors_a').notNull().default(0),
    bettorsB: integer('bettors_b').notNull().default(0),
    /** Platform fee in basis points, fixed when the quiz was created. */
    feeBp: integer('fee_bp').notNull().default(0),
    /** At the draw: the fee taken and the rounding remainder, both to the platform account. */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    remainder: bigint('remainder', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    /** When betting stopped (close time, early close, draw or cancellation). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the draw or the cancellation finished. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The administrator who cancelled it. */
    cancelledBy: integer('cancelled_by'),
  },
  (t) => [
    index('quizzes_anchor_idx').on(t.anchorId, t.id),
    index('quizzes_status_idx').on(t.status, t.closesAt),
    check('quizzes_winner', sql`${t.winner} is null or ${t.winner} in (1, 2)`),
    check('quizzes_pools_nonneg', sql`${t.poolA} >= 0 and ${t.poolB} >= 0`),
  ],
);

/** One viewer's stake in one quiz: every bet of theirs on it adds up here (one option only). */
export const quizStakes = pgTable(
  'quiz_stakes',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 (A) or 2 (B). */
    option: smallint('option').notNull(),
    /** Total staked, minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Number of bets that make it up. */
    bets: integer('bets').notNull().default(1),
    /** See BET_RESULT. */
    result: smallint('result').notNull().default(1),
    /** What the draw paid (or a no-winner draw refunded), minor units. */
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** Winnings a cancellation after the draw could not take back (already spent). */
    debt: bigint('debt', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.userId] }),
    index('quiz_stakes_user_idx').on(t.userId, t.createdAt),
    index('quiz_stakes_result_idx').on(t.quizId, t.result),
    check('quiz_stakes_option', sql`${t.option} in (1, 2)`),
    check('quiz_stakes_amount_pos', sql`${t.amount} > 0`),
  ],
);
