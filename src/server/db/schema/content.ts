/**
 * Content written in the site by editors: notices, news, help articles, activities and the
 * urgent notice, each a Markdown entry per language that adds to (or overrides) the shipped
 * files under src/content; every save is a revision. Editors are granted by administrators.
 */
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Users an administrator made editors (content and the match desk); administrators always are. */
export const editors = pgTable('editors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The administrator who granted it. */
  grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * One entry in one language. Its key (collection, slug, locale) is the same as a shipped file's
 * (`src/content/<collection>/<locale>/<slug>.md`): a published entry overrides that file and an
 * unpublished one hides it.
 */
export const contentEntries = pgTable(
  'content_entries',
  {
    id: serial('id').primaryKey(),
    /** news, notices, help, activities or urgent. */
    collection: text('collection').notNull(),
    /** The id in URLs (/news_detail/{slug}). */
    slug: text('slug').notNull(),
    /** zh-CN or en-US. */
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    /** Markdown; rendered without raw HTML. */
    body: text('body').notNull(),
    /** The collection's other fields (date, summary, cover, tags, pinned, category ...). */
    fields: jsonb('fields').notNull(),
    /** draft (not shown), published (shown from publishAt) or unpublished (hidden). */
    status: text('status').notNull().default('draft'),
    /** When a published entry becomes visible; null once shown at publishing time. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** Raised by every save; a save names the version it edited (two editors, one entry). */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('content_entries_key').on(t.collection, t.slug, t.locale)],
);

/** Every saved state of an entry: who, when, what it said, and what the save did. */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contentEntries.id, { onDelete: 'cascade' }),
    /** The entry's version this revision made. */
    version: integer('version').notNull(),
    /** save, publish, schedule, unpublish or revert. */
    action: text('action').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    fields: jsonb('fields').notNull(),
    status: text('status').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('content_revisions_entry').on(t.entryId, t.version)],
);
