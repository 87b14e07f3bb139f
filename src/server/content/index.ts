/**
 * Typed queries over the Markdown collections for Astro pages. A zh-CN reader gets each entry in
 * zh-CN when that file exists and its en-US twin otherwise; every item says which it got.
 *
 * @example
 * const item = await getNews(Astro.params.id ?? '', Astro.locals.locale);
 * if (!item) return Astro.redirect('/home', 302);
 * const { Content } = await render(item);
 */
import { getCollection, type CollectionEntry, type DataEntryMap } from 'astro:content';
import type { Locale } from '../../lib/i18n/index.ts';
import { HELP_CATEGORIES, type HelpCategory } from '../../lib/content/kinds.ts';
import { EDITABLE_COLLECTIONS } from '../../lib/validation/newsroom.ts';
import { peekRuntime } from '../runtime.ts';
import { entryKey, publishedContent, type Published, type PublishedEntry } from './published.ts';

export {
  ABOUT_IDS,
  AGREEMENT_IDS,
  agreementPath,
  CERTIFICATE_IDS,
  CHANNEL_PATTERN,
  HELP_CATEGORIES,
  NEWS_SPORTS,
  PRIVACY_PAGES,
} from '../../lib/content/kinds.ts';
export type { HelpCategory, NewsSport } from '../../lib/content/kinds.ts';

/** Name of a content collection. */
export type CollectionName = keyof DataEntryMap;

/** An entry in the reader's language (or its en-US fallback); pass it to `render()` as is. */
export type ContentItem<C extends CollectionName> = CollectionEntry<C> & {
  /** The id in URLs and file names ("1"); `id` keeps the collection id ("zh-CN/1"). */
  slug: string;
  /** Locale of the file this item came from. */
  locale: Locale;
  /** True when the reader asked for another locale and got en-US. */
  fallback: boolean;
  /** The HTML of an entry written in the site (shipped files are rendered by Astro). */
  html?: string;
};

/** A page of news. */
export interface NewsPage {
  /** Articles of this page, newest first. */
  items: ContentItem<'news'>[];
  /** The page returned, counting from 1 (the requested one clamped into 1..pages). */
  page: number;
  /** Articles in all pages. */
  total: number;
  /** Number of pages, at least 1. */
  pages: number;
}

/** Help articles of one category. */
export interface HelpGroup {
  /** The category. */
  category: HelpCategory;
  /** Its articles by `order`. */
  items: ContentItem<'help'>[];
}

const FALLBACK_LOCALE: Locale = 'en-US';

/** Splits a collection id "zh-CN/1" into its locale and slug. */
function splitId(id: string): { locale: string; slug: string } {
  const cut = id.indexOf('/');
  return { locale: id.slice(0, cut), slug: id.slice(cut + 1) };
}

/** Fields written in the site that the collections hold as dates. */
const DATE_FIELDS = new Set(['date', 'start', 'end', 'updated', 'issued', 'expires']);

/** An entry written in the site, shaped like the collection's entries. */
function fromSite<C extends CollectionName>(
  collection: C,
  entry: PublishedEntry,
  locale: Locale,
): ContentItem<C> {
  const data: Record<string, unknown> = { title: entry.title };
  for (const [name, value] of Object.entries(entry.fields)) {
    data[name] = DATE_FIELDS.has(name) && typeof value === 'string' ? new Date(value) : value;
  }
  return {
    id: `${entry.locale}/${entry.slug}`,
    collection,
    data,
    body: entry.body,
    slug: entry.slug,
    locale: entry.locale as Locale,
    fallback: entry.locale !== locale,
    html: entry.html,
  } as unknown as ContentItem<C>;
}

/** What the newsroom publishes, or nothing outside a running server (builds, checks). */
async function siteContent(collection: CollectionName): Promise<Published | undefined> {
  if (!(EDITABLE_COLLECTIONS as readonly string[]).includes(collection)) return undefined;
  const rt = peekRuntime();
  return rt ? publishedContent(rt.db, rt.bus) : undefined;
}

/**
 * Every entry of a collection in `locale`, falling back per entry to en-US. An entry written in
 * the site wins over a shipped file with its key; one taken off the site hides that file, and a
 * reader of its language gets no fallback for it either.
 */
async function localized<C extends CollectionName>(
  collection: C,
  locale: Locale,
): Promise<ContentItem<C>[]> {
  const [entries, site] = await Promise.all([
    getCollection(collection) as Promise<CollectionEntry<C>[]>,
    siteContent(collection),
  ]);
  const files = new Map<string, CollectionEntry<C>>();
  const slugs = new Set<string>();
  for (const entry of entries) {
    const { locale: from, slug } = splitId(entry.id);
    files.set(`${from}/${slug}`, entry);
    slugs.add(slug);
  }
  for (const entry of site?.visible.values() ?? []) {
    if (entry.collection === collection) slugs.add(entry.slug);
  }
  const pick = (from: Locale, slug: string): ContentItem<C> | null | undefined => {
    const key = entryKey(collection, from, slug);
    if (site?.hidden.has(key)) return null;
    const written = site?.visible.get(key);
    if (written) return fromSite(collection, written, locale);
    const file = files.get(`${from}/${slug}`);
    return file && { ...file, slug, locale: from, fallback: from !== locale };
  };
  const items: ContentItem<C>[] = [];
  for (const slug of slugs) {
    const own = pick(locale, slug);
    // Hidden in the reader's language: no fallback either.
    if (own === null) continue;
    const item = own ?? (locale === FALLBACK_LOCALE ? undefined : pick(FALLBACK_LOCALE, slug));
    if (item) items.push(item);
  }
  return items;
}

/** One entry by slug in `locale` (or en-US), undefined when neither file exists. */
async function localizedOne<C extends CollectionName>(
  collection: C,
  slug: string,
  locale: Locale,
): Promise<ContentItem<C> | undefined> {
  return (await localized(collection, locale)).find((item) => item.slug === slug);
}

/** Orders newest first, then by slug so equal dates keep a stable order. */
function byDateDesc<C extends 'news' | 'notices'>(a: ContentItem<C>, b: ContentItem<C>): number {
  return (
    b.data.date.getTime() - a.data.date.getTime() ||
    a.slug.localeCompare(b.slug, 'en', { numeric: true })
  );
}

/** One page of news, newest first; `page` counts from 1 and is clamped into range. */
export async function listNews(
  locale: Locale,
  { page = 1, pageSize = 10 }: { page?: number; pageSize?: number } = {},
): Promise<NewsPage> {
  const all = (await localized('news', locale)).sort(byDateDesc);
  const size = Math.max(1, Math.floor(pageSize));
  const pages = Math.max(1, Math.ceil(all.length / size));
  const current = Math.min(pages, Math.max(1, Math.floor(page) || 1));
  const items = all.slice((current - 1) * size, current * size);
  return { items, page: current, total: all.length, pages };
}

/** One news article, undefined when it exists in neither language. */
export function getNews(id: string, locale: Locale): Promise<ContentItem<'news'> | undefined> {
  return localizedOne('news', id, locale);
}

/** News whose title, summary or a tag contains `keyword` (case-insensitive), newest first. */
export async function searchNews(keyword: string, locale: Locale): Promise<ContentItem<'news'>[]> {
  const needle = keyword.trim().toLocaleLowerCase(locale);
  if (!needle) return [];
  const has = (text: string) => text.toLocaleLowerCase(locale).includes(needle);
  return (await localized('news', locale))
    .filter(({ data }) => has(data.title) || has(data.summary) || data.tags.some(has))
    .sort(byDateDesc);
}

/** All notices: pinned first, then newest first. */
export async function listNotices(locale: Locale): Promise<ContentItem<'notices'>[]> {
  return (await localized('notices', locale)).sort(
    (a, b) => Number(b.data.pinned ?? false) - Number(a.data.pinned ?? false) || byDateDesc(a, b),
  );
}

/** Help articles grouped by category in HELP_CATEGORIES order; empty categories are left out. */
export async function listHelp(locale: Locale): Promise<HelpGroup[]> {
  const items = await localized('help', locale);
  return HELP_CATEGORIES.map((category) => ({
    category,
    items: items
      .filter((item) => item.data.category === category)
      .sort((a, b) => a.data.order - b.data.order || a.slug.localeCompare(b.slug)),
  })).filter((group) => group.items.length > 0);
}

/** One help article, undefined when missing. */
export function getHelp(id: string, locale: Locale): Promise<ContentItem<'help'> | undefined> {
  return localizedOne('help', id, locale);
}

/** An agreement (1 user, 2 privacy, 3 live streaming, 4 recharge), undefined when missing. */
export function getAgreement(
  id: string,
  locale: Locale,
): Promise<ContentItem<'agreements'> | undefined> {
  return localizedOne('agreements', id, locale);
}

/** An about page (1 about us, 2 contact, 3 feedback intro, 4 business), undefined when missing. */
export function getAbout(id: string, locale: Locale): Promise<ContentItem<'about'> | undefined> {
  return localizedOne('about', id, locale);
}

/** All activities, the latest to start first. */
export async function listActivities(locale: Locale): Promise<ContentItem<'activities'>[]> {
  return (await localized('activities', locale)).sort(
    (a, b) =>
      b.data.start.getTime() - a.data.start.getTime() ||
      a.slug.localeCompare(b.slug, 'en', { numeric: true }),
  );
}

/** One activity, undefined when missing. */
export function getActivity(
  id: string,
  locale: Locale,
): Promise<ContentItem<'activities'> | undefined> {
  return localizedOne('activities', id, locale);
}

/** Whether an activity runs at `now`: 'upcoming', 'running' or 'ended'. */
export function activityState(
  item: ContentItem<'activities'>,
  now: Date = new Date(),
): 'upcoming' | 'running' | 'ended' {
  if (now < item.data.start) return 'upcoming';
  return now > item.data.end ? 'ended' : 'running';
}

/** The emergency notice (id 1), undefined when there is none. */
export function getUrgent(locale: Locale): Promise<ContentItem<'urgent'> | undefined> {
  return localizedOne('urgent', '1', locale);
}

/** Every agreement, by id. */
export async function listAgreements(locale: Locale): Promise<ContentItem<'agreements'>[]> {
  return (await localized('agreements', locale)).sort((a, b) =>
    a.slug.localeCompare(b.slug, 'en', { numeric: true }),
  );
}

/** A licence (1 business licence, 2 network culture licence), undefined when missing. */
export function getCertificate(
  id: string,
  locale: Locale,
): Promise<ContentItem<'certificates'> | undefined> {
  return localizedOne('certificates', id, locale);
}

/** Every licence, by id. */
export async function listCertificates(locale: Locale): Promise<ContentItem<'certificates'>[]> {
  return (await localized('certificates', locale)).sort((a, b) =>
    a.slug.localeCompare(b.slug, 'en', { numeric: true }),
  );
}
