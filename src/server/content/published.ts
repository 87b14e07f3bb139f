/**
 * What readers see of the entries written in the site, held in memory by every process: the
 * published entries whose time has come, and the keys an editor took off the site. A change
 * travels on the bus (`content`), so every process of a cluster drops its copy and its cached
 * pages at once; a scheduled entry drops them itself when its time comes.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { contentEntries } from '../db/schema.ts';
import { clearPageCache } from '../pages/page-cache.ts';
import { renderMarkdown } from './markdown.ts';
import type { Bus } from '../shared/bus.ts';

/** An entry a reader may see. */
export interface PublishedEntry {
  id: number;
  collection: string;
  slug: string;
  locale: string;
  title: string;
  body: string;
  fields: Record<string, unknown>;
  /** The body rendered for readers, once per load rather than once per page. */
  html: string;
  updatedAt: Date;
}

/** The newsroom as readers see it now. */
export interface Published {
  /** Visible entries by `collection/locale/slug`. */
  visible: Map<string, PublishedEntry>;
  /** Keys taken off the site (a shipped file with the key is hidden too). */
  hidden: Set<string>;
}

/** The key of an entry in a Published. */
export function entryKey(collection: string, locale: string, slug: string): string {
  return `${collection}/${locale}/${slug}`;
}

/** Longest a timer may wait (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface State {
  current?: Promise<Published>;
  timer?: ReturnType<typeof setTimeout>;
  unsubscribe?: () => void;
  bus?: Bus;
}

/**
 * Kept per copy of this module: the built pages and the server's own code may each load one,
 * and each copy follows the bus and drops its own pages (`clearPageCache` is per copy too).
 */
const state: State = {};

/** Drops this process's copy and its cached pages: the next reader loads them again. */
export function forgetPublished(): void {
  state.current = undefined;
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  clearPageCache();
}

/** Follows `content` messages of the bus (once per bus). */
function follow(bus: Bus): void {
  if (state.bus === bus) return;
  state.unsubscribe?.();
  state.bus = bus;
  state.unsubscribe = bus.subscribe((message) => {
    if (message.kind === 'content') forgetPublished();
  });
}

async function load(db: Db, now: Date): Promise<Published> {
  const rows = await db
    .select()
    .from(contentEntries)
    .where(inArray(contentEntries.status, ['published', 'unpublished']));
  const visible = new Map<string, PublishedEntry>();
  const hidden = new Set<string>();
  let next: number | undefined;
  for (const row of rows) {
    const key = entryKey(row.collection, row.locale, row.slug);
    if (row.status === 'unpublished') {
      hidden.add(key);
      continue;
    }
    const at = row.publishAt?.getTime();
    if (at !== undefined && at > now.getTime()) {
      next = next === undefined ? at : Math.min(next, at);
      continue;
    }
    visible.set(key, {
      id: row.id,
      collection: row.collection,
      slug: row.slug,
      locale: row.locale,
      title: row.title,
      body: row.body,
      fields: row.fields as Record<string, unknown>,
      html: renderMarkdown(row.body),
      updatedAt: row.updatedAt,
    });
  }
  if (next !== undefined) {
    // The first scheduled entry shows itself: this copy is dropped when its time comes.
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, next - Date.now()) + 5);
    state.timer = setTimeout(forgetPublished, wait);
    state.timer.unref?.();
  }
  return { visible, hidden };
}

/** The published entries, loaded once per change. */
export function publishedContent(db: Db, bus: Bus): Promise<Published> {
  follow(bus);
  if (!state.current) {
    const loading = load(db, new Date());
    state.current = loading;
    // A failed load is not kept: the next reader tries again.
    loading.catch(() => {
      if (state.current === loading) state.current = undefined;
    });
  }
  return state.current;
}

/** Tells every process that what readers see has changed. */
export function announceContentChange(bus: Bus): void {
  bus.publish({ kind: 'content' });
}
