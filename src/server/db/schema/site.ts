/**
 * The site's settings and notices: the common config, ad banners, maintenance windows and
 * feedback.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Key/value application settings: the common config of spec §3 and its lists. */
export const appConfig = pgTable('app_config', {
  /** Setting name, e.g. checkin_switch. */
  key: text('key').primaryKey(),
  /** JSON value (number, string, array or object). */
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ad banners of getLongMenAg. */
export const adBanners = pgTable('ad_banners', {
  id: serial('id').primaryKey(),
  /** 6 home, 11 other pages. */
  category: integer('category').notNull(),
  /** 1 web. */
  equipment: integer('equipment').notNull().default(1),
  title: text('title').notNull(),
  image: text('image').notNull(),
  /** Route for jump_type 1, http(s) address for jump_type 2. */
  jumpUrl: text('jump_url').notNull(),
  /** 1 internal route, 2 external link. */
  jumpType: smallint('jump_type').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Planned maintenance windows (spec: maintenance record). */
export const maintenanceWindows = pgTable('maintenance_windows', {
  id: serial('id').primaryKey(),
  /** Device the notice is for (1 web). */
  device: integer('device').notNull().default(1),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  contentZh: text('content_zh').notNull(),
  contentEn: text('content_en').notNull(),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  /** When reminders start; null for no reminder. */
  remindTime: timestamp('remind_time', { withTimezone: true }),
});

/** Feedback sent from /about/3. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    /** Sender when logged in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** bug, suggestion, complaint or other. */
    kind: text('kind').notNull(),
    content: text('content').notNull(),
    /** Optional phone or email to reply to. */
    contact: text('contact').notNull().default(''),
    /** Device fingerprint and IP, for the flood limits. */
    device: text('device').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_device_idx').on(t.device, t.createdAt),
    index('feedback_ip_idx').on(t.ip, t.createdAt),
  ],
);
