/** Following anchors, and applications to become one. */
import { sql } from 'drizzle-orm';
import {
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
import { users } from './accounts.ts';
import { secondCategories } from './catalog.ts';
import { createdAt } from './columns.ts';

/** Viewers following anchors (attentAnchor). */
export const follows = pgTable(
  'follows',
  {
    /** The follower. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The anchor followed. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.anchorId] }),
    index('follows_anchor_idx').on(t.anchorId),
  ],
);
/** Anchor application states (spec §8): under review, approved, refused (the user may retry). */
export const ANCHOR_APPLY_STATUS = { verifying: 0, verified: 1, failed: 2 } as const;

/** Applications to become an anchor; the newest row of a user is their current state. */
export const anchorApplications = pgTable(
  'anchor_applications',
  {
    id: serial('id').primaryKey(),
    /** The applicant. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Live type: the secondary category the applicant means to stream. */
    secondCategoryId: integer('second_category_id')
      .notNull()
      .references(() => secondCategories.id),
    /** Live experience: 0 none, 1 under a year, 2 one to three years, 3 over three years. */
    experience: smallint('experience').notNull(),
    /** Real name, 2-20 characters. */
    realName: text('real_name').notNull(),
    /** WeChat, QQ or e-mail, up to 50 characters. */
    contact: text('contact').notNull(),
    /** 18-character resident ID number; only ever shown masked. */
    idNumber: text('id_number').notNull(),
    /** Upload path of the ID photo. */
    idPhoto: text('id_photo').notNull(),
    /** Personal profile, at least 15 words, up to 500 characters. */
    profile: text('profile').notNull(),
    /** Contact phone, verified by an SMS code. */
    mobile: text('mobile').notNull(),
    /** Who introduced the applicant; empty for nobody. */
    introducer: text('introducer').notNull().default(''),
    /** See ANCHOR_APPLY_STATUS. */
    status: smallint('status').notNull().default(0),
    /** Why the application was refused; empty otherwise. */
    reason: text('reason').notNull().default(''),
    /** The administrator who decided; null while verifying or when decided from the CLI. */
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the application was approved or refused. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('anchor_applications_user_idx').on(t.userId, t.createdAt),
    index('anchor_applications_status_idx').on(t.status, t.createdAt),
    // At most one open application per user, even under concurrent submissions.
    uniqueIndex('anchor_applications_open_idx')
      .on(t.userId)
      .where(sql`${t.status} = 0`),
  ],
);
