/**
 * Content written in the site (the newsroom): which collections editors write, the fields each
 * one has, and the calls' requests; shared by the editor's forms and the API.
 */
import { z } from 'zod';
import { HELP_CATEGORIES, NEWS_SPORTS } from '../content/kinds.ts';
import { INT4_MAX, wholeNumber } from './numbers.ts';
import { showsSomething } from './text.ts';
import { dateTimeSchema } from './times.ts';

/** Collections editors write in the site, in the editor's order. */
export const EDITABLE_COLLECTIONS = ['notices', 'news', 'help', 'activities', 'urgent'] as const;

/** One of EDITABLE_COLLECTIONS. */
export type EditableCollection = (typeof EDITABLE_COLLECTIONS)[number];

/** Languages an entry is written in. */
export const CONTENT_LOCALES = ['zh-CN', 'en-US'] as const;

/** Longest Markdown body, in characters. */
export const MAX_BODY = 100_000;
/** Longest title. */
export const MAX_TITLE = 120;
/** Longest summary. */
export const MAX_SUMMARY = 300;

/** The id in URLs: lower-case letters, digits and dashes. */
export const slugSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'newsroom.errors.badSlug' });

const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' })
    .refine(showsSomething, { error: 'validation.blank' });

/** A date and time as the browser sends it (ISO 8601), within years 2000-2100. */
const when = dateTimeSchema('newsroom.errors.badDate');

/** A picture: shipped content art or an upload of this site. */
const picture = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^\/(?:content|uploads)\/[\w/.-]+\.(?:svg|png|jpe?g|webp)$/, {
    error: 'newsroom.errors.badPicture',
  });

/** The fields of each collection besides title and body. */
export const FIELD_SCHEMAS = {
  notices: z.strictObject({ date: when, pinned: z.boolean({ error: 'validation.required' }) }),
  news: z.strictObject({
    date: when,
    cover: picture,
    summary: text(MAX_SUMMARY),
    tags: z
      .array(text(20), { error: 'validation.required' })
      .max(8, { error: 'validation.tooLong' }),
    sport: z.enum(NEWS_SPORTS, { error: 'newsroom.errors.badChoice' }),
  }),
  help: z.strictObject({
    category: z.enum(HELP_CATEGORIES, { error: 'newsroom.errors.badChoice' }),
    order: wholeNumber(0, 10_000),
  }),
  activities: z
    .strictObject({ cover: picture, start: when, end: when, summary: text(MAX_SUMMARY) })
    .refine((f) => Date.parse(f.end) > Date.parse(f.start), {
      error: 'newsroom.errors.endBeforeStart',
    }),
  urgent: z.strictObject({ date: when }),
} as const satisfies Record<EditableCollection, z.ZodType>;

/** The fields of one collection, as stored. */
export type EntryFields<C extends EditableCollection = EditableCollection> = z.infer<
  (typeof FIELD_SCHEMAS)[C]
>;

const collection = z.enum(EDITABLE_COLLECTIONS, { error: 'newsroom.errors.badCollection' });
const locale = z.enum(CONTENT_LOCALES, { error: 'newsroom.errors.badLocale' });
const id = wholeNumber(1);

/** An entry's key in a query string. */
export const entryKeyRequest = z.strictObject({ collection, slug: slugSchema, locale });

/** GET list: one collection's entries. */
export const listRequest = z.strictObject({ collection });

/**
 * POST save: a new entry (version 0) or a new version of one; fields are checked against the
 * collection's schema after this.
 */
export const saveRequest = z.strictObject({
  collection,
  slug: slugSchema,
  locale,
  title: text(MAX_TITLE),
  body: z.string({ error: 'validation.required' }).max(MAX_BODY, { error: 'validation.tooLong' }),
  fields: z.record(z.string(), z.unknown(), { error: 'validation.required' }),
  /** The version the editor started from; 0 for a new entry. */
  version: wholeNumber(0, INT4_MAX),
});

/** POST publish: now, or at `publish_at` (in the future). */
export const publishRequest = z.strictObject({
  id,
  version: wholeNumber(1),
  publish_at: when.optional(),
});

/** POST unpublish. */
export const unpublishRequest = z.strictObject({ id, version: wholeNumber(1) });

/** POST revert: the entry takes the title, body and fields of one of its revisions. */
export const revertRequest = z.strictObject({ id, version: wholeNumber(1), to: wholeNumber(1) });

/** GET revision: one revision and what it changed. */
export const revisionRequest = z.strictObject({
  id: z.coerce.number({ error: 'validation.wholeNumber' }).int().min(1).max(INT4_MAX),
  version: z.coerce.number({ error: 'validation.wholeNumber' }).int().min(1).max(INT4_MAX),
});

/** POST preview: Markdown to HTML by the public page's rendering. */
export const previewRequest = z.strictObject({
  body: z.string({ error: 'validation.required' }).max(MAX_BODY, { error: 'validation.tooLong' }),
});

/** POST grant / revoke of the editor role. */
export const editorRequest = z.strictObject({ user_id: id });
