/**
 * Operations tables: the administrators' audit trail, platform-wide account bans and the results
 * of ledger verifications.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** One administrator action (console or command line): who, what, on what, and when. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The administrator; null for the command line. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** How the actor is shown: a nickname with id, or `command line (os user)`. */
    actor: text('actor').notNull(),
    /** What was done, e.g. `config.set`, `user.ban`, `maintenance.create`. */
    action: text('action').notNull(),
    /** What it was done to, e.g. `user:100001`, `config:checkin_switch`. */
    target: text('target').notNull(),
    /** The change itself: new values, the old ones where they matter, the reason. */
    detail: jsonb('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);

/** A ban from the whole platform: no login and no session while it runs. */
export const accountBans = pgTable(
  'account_bans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Why, as the administrator wrote it; shown to the user at login. */
    reason: text('reason').notNull(),
    /** End of the ban; null for a permanent ban. */
    until: timestamp('until', { withTimezone: true }),
    /** The administrator; null for the command line. */
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set when lifted before its end. */
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    index('account_bans_active_idx')
      .on(t.userId)
      .where(sql`${t.liftedAt} is null`),
  ],
);

/** The result of one ledger verification (command line, console or schedule). */
export const ledgerVerifications = pgTable('ledger_verifications', {
  id: serial('id').primaryKey(),
  /** True when no drift, no negative balance and no empty operation was found. */
  clean: boolean('clean').notNull(),
  /** The report (see VerifyReport). */
  report: jsonb('report').notNull(),
  /** Who ran it: `command line`, or the administrator as in admin_audit. */
  source: text('source').notNull(),
  createdAt: createdAt(),
});
