/** Reading replays (recorded lives) for the replay list, anchor pages and the replay player. */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import { categories, matches, replays, secondCategories, users } from '../db/schema.ts';

/** Replays per page of /liveMatchesReplay and /anchorReplay/{id}. */
export const REPLAY_PAGE_SIZE = 12;

/** A replay card: what lists show. */
export interface ReplayCard {
  id: number;
  anchorId: number;
  anchorName: string;
  anchorAvatar: string;
  title: string;
  cover: string;
  categoryId: number;
  secondCategoryId: number | null;
  category: string;
  secondCategory: string | null;
  matchId: number | null;
  durationSec: number;
  views: number;
  recordedAt: Date;
}

/** A replay to play: the card and its recording. */
export interface ReplayView extends ReplayCard {
  streamUrl: string;
  /** Sport of the linked match, for its match centre link. */
  matchSportId: number | null;
}

/** Options of listReplays. */
export interface ListReplaysOptions {
  locale: Locale;
  /** Only this anchor's replays. */
  anchorId?: number;
  /** Only this top category. */
  categoryId?: number;
  /** Only this second category. */
  secondCategoryId?: number;
  /** 1-based page. */
  page?: number;
  pageSize?: number;
}

/** One page of replays with the totals a pager needs. */
export interface ReplayPage {
  items: ReplayCard[];
  total: number;
  /** The page returned (clamped to the last page). */
  page: number;
  pages: number;
  pageSize: number;
}

function columns(locale: Locale) {
  const second = alias(secondCategories, 'sc');
  const zh = locale === 'zh-CN';
  return {
    second,
    fields: {
      id: replays.id,
      anchorId: replays.anchorId,
      anchorName: users.nickName,
      anchorAvatar: users.avatar,
      title: replays.title,
      cover: replays.cover,
      categoryId: replays.categoryId,
      secondCategoryId: replays.secondCategoryId,
      category: zh ? categories.nameZh : categories.nameEn,
      secondCategory: zh ? second.nameZh : second.nameEn,
      matchId: replays.matchId,
      durationSec: replays.durationSec,
      views: replays.views,
      recordedAt: replays.recordedAt,
    },
  };
}

/** Replays newest first, filtered by anchor and category, one page at a time. */
export async function listReplays(db: Db, options: ListReplaysOptions): Promise<ReplayPage> {
  const pageSize = options.pageSize ?? REPLAY_PAGE_SIZE;
  // Replays their anchors hid are left out of every public list.
  const filters: SQL[] = [eq(replays.hidden, false)];
  if (options.anchorId) filters.push(eq(replays.anchorId, options.anchorId));
  if (options.categoryId) filters.push(eq(replays.categoryId, options.categoryId));
  if (options.secondCategoryId) {
    filters.push(eq(replays.secondCategoryId, options.secondCategoryId));
  }
  const where = and(...filters);
  const [totalRow] = await db.select({ n: count() }).from(replays).where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1)), pages);
  const { second, fields } = columns(options.locale);
  const items = await db
    .select(fields)
    .from(replays)
    .innerJoin(users, eq(users.id, replays.anchorId))
    .innerJoin(categories, eq(categories.id, replays.categoryId))
    .leftJoin(second, eq(second.id, replays.secondCategoryId))
    .where(where)
    .orderBy(desc(replays.recordedAt), desc(replays.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, total, page, pages, pageSize };
}

/** The replay `id` with names in `locale`, or null (also when its anchor hid it). */
export async function getReplay(db: Db, id: number, locale: Locale): Promise<ReplayView | null> {
  const { second, fields } = columns(locale);
  const rows = await db
    .select({ ...fields, streamUrl: replays.streamUrl, matchSportId: matches.sportId })
    .from(replays)
    .innerJoin(users, eq(users.id, replays.anchorId))
    .innerJoin(categories, eq(categories.id, replays.categoryId))
    .leftJoin(second, eq(second.id, replays.secondCategoryId))
    .leftJoin(matches, eq(matches.id, replays.matchId))
    .where(and(eq(replays.id, id), eq(replays.hidden, false)))
    .limit(1);
  return rows[0] ?? null;
}

/** Counts one view of replay `id`; returns the new count, or null for an unknown replay. */
export async function addReplayView(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .update(replays)
    .set({ views: sql`${replays.views} + 1` })
    .where(eq(replays.id, id))
    .returning({ views: replays.views });
  return row?.views ?? null;
}
