/**
 * Markdown content collections. Every entry lives at `src/content/<collection>/<locale>/<id>.md`
 * (locale `en-US` or `zh-CN`); its collection id is `<locale>/<id>`, and a zh-CN entry that is
 * missing falls back to its en-US twin (see src/server/content/index.ts).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { HELP_CATEGORIES, NEWS_SPORTS } from './lib/content/kinds.ts';

/** Loads `<locale>/<id>.md` files of one collection, keeping `<locale>/<id>` as the entry id. */
function markdown(collection: string) {
  return glob({
    pattern: '{en-US,zh-CN}/*.md',
    base: `./src/content/${collection}`,
    // The default id is a lower-cased slug ("en-us/1"); keep the locale as written.
    generateId: ({ entry }) => entry.replace(/\.md$/, ''),
  });
}

/** A path of a picture under public/content/. */
const cover = z.string().regex(/^\/content\/[\w/.-]+\.(svg|png|jpe?g|webp)$/);

/** News articles: /news and /news_detail/{id}. */
const news = defineCollection({
  loader: markdown('news'),
  schema: z.object({
    /** Headline. */
    title: z.string().min(1),
    /** Publication date; lists are newest first. */
    date: z.coerce.date(),
    /** Cover picture, a path under /content/ (1200x675). */
    cover,
    /** One or two sentences for lists, search results and meta description. */
    summary: z.string().min(1),
    /** Keywords shown as chips and matched by search. */
    tags: z.array(z.string().min(1)).default([]),
    /** Sport the article is filed under. */
    sport: z.enum(NEWS_SPORTS),
  }),
});

/** Platform notices: /notice. */
const notices = defineCollection({
  loader: markdown('notices'),
  schema: z.object({
    /** Notice title. */
    title: z.string().min(1),
    /** Publication date; newest first after pinned notices. */
    date: z.coerce.date(),
    /** Keeps the notice at the top of the list. */
    pinned: z.boolean().optional(),
  }),
});

/** Help-centre articles: /help. */
const help = defineCollection({
  loader: markdown('help'),
  schema: z.object({
    /** Question or topic the article answers. */
    title: z.string().min(1),
    /** Group the article is listed under. */
    category: z.enum(HELP_CATEGORIES),
    /** Position inside its category, ascending. */
    order: z.number().int(),
  }),
});

/** Agreements: /protocol/{id}/{channel} and /privacy/{id} (1 user, 2 privacy, 3 live, 4 recharge). */
const agreements = defineCollection({
  loader: markdown('agreements'),
  schema: z.object({
    /** Agreement name. */
    title: z.string().min(1),
    /** Date the current text took effect. */
    updated: z.coerce.date(),
  }),
});

/** About pages: /about/{id} (1 about us, 2 contact, 3 feedback intro, 4 business cooperation). */
const about = defineCollection({
  loader: markdown('about'),
  schema: z.object({
    /** Page title. */
    title: z.string().min(1),
  }),
});

/** Campaigns: /activity and /activity_details/{id}. */
const activities = defineCollection({
  loader: markdown('activities'),
  schema: z.object({
    /** Campaign name. */
    title: z.string().min(1),
    /** Banner picture, a path under /content/ (1200x500). */
    cover,
    /** First moment the campaign runs. */
    start: z.coerce.date(),
    /** Last moment the campaign runs. */
    end: z.coerce.date(),
    /** One or two sentences for the list. */
    summary: z.string().min(1),
  }),
});

/** The emergency notice: /urgent (one entry, id 1). */
const urgent = defineCollection({
  loader: markdown('urgent'),
  schema: z.object({
    /** Notice title. */
    title: z.string().min(1),
    /** Date the notice was issued. */
    date: z.coerce.date(),
  }),
});

/** Licences of the platform: /certificate1 and /certificate2 (ids 1 and 2). */
const certificates = defineCollection({
  loader: markdown('certificates'),
  schema: z.object({
    /** Name of the licence. */
    title: z.string().min(1),
    /** One or two sentences on what the licence allows; meta description. */
    summary: z.string().min(1),
    /** Company the licence is issued to. */
    holder: z.string().min(1),
    /** Licence or registration number as printed. */
    number: z.string().min(1),
    /** Registered address of the holder. */
    address: z.string().min(1),
    /** Business the licence covers, as printed. */
    scope: z.string().min(1),
    /** Authority that issued it. */
    issuer: z.string().min(1),
    /** Date of issue. */
    issued: z.coerce.date(),
    /** Last day of validity; absent for a licence without a term. */
    expires: z.coerce.date().optional(),
    /** Picture of the document, a path under /content/ (drawn by scripts/make-certificate-art.ts). */
    image: cover,
  }),
});

/** Astro reads the collections from this export. */
export const collections = {
  news,
  notices,
  help,
  agreements,
  about,
  activities,
  urgent,
  certificates,
};
