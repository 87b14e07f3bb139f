/** Reading live rooms for lists: cover, title, anchor, heat, category. */
import { and, asc, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import { categories, liveRooms, matches, secondCategories, users } from '../db/schema.ts';
import { liveCover } from '../media/frames.ts';
import { ingestPlaybackUrl } from '../media/ladder/paths.ts';
import { isIngestUrl } from '../media/stream.ts';

/** A room card. */
export interface RoomCard {
  anchorId: number;
  title: string;
  /** The cover the anchor uploaded, or while live the newest frame of the stream (/frames/). */
  cover: string;
  isLive: boolean;
  heat: number;
  anchorName: string;
  anchorAvatar: string;
  category: string;
  secondCategory: string | null;
}

/** Options of listRooms. */
export interface ListRoomsOptions {
  locale: Locale;
  /** Only rooms broadcasting now. */
  liveOnly?: boolean;
  /** Only this top category. */
  categoryId?: number;
  /** Only this second category. */
  secondCategoryId?: number;
  /** Only these rooms. */
  anchorIds?: number[];
  limit?: number;
}

/** Rooms ordered live first, then by heat. */
export async function listRooms(db: Db, options: ListRoomsOptions): Promise<RoomCard[]> {
  const second = alias(secondCategories, 'sc');
  const filters: SQL[] = [];
  if (options.liveOnly) filters.push(eq(liveRooms.isLive, true));
  if (options.categoryId) filters.push(eq(liveRooms.categoryId, options.categoryId));
  if (options.secondCategoryId) {
    filters.push(eq(liveRooms.secondCategoryId, options.secondCategoryId));
  }
  if (options.anchorIds) {
    if (options.anchorIds.length === 0) return [];
    filters.push(inArray(liveRooms.anchorId, options.anchorIds));
  }
  const zh = options.locale === 'zh-CN';
  const rows = await db
    .select({
      anchorId: liveRooms.anchorId,
      title: liveRooms.title,
      cover: liveRooms.cover,
      isLive: liveRooms.isLive,
      ticket: liveRooms.ticket,
      heat: liveRooms.heat,
      anchorName: users.nickName,
      anchorAvatar: users.avatar,
      category: zh ? categories.nameZh : categories.nameEn,
      secondCategory: zh ? second.nameZh : second.nameEn,
    })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .innerJoin(categories, eq(categories.id, liveRooms.categoryId))
    .leftJoin(second, eq(second.id, liveRooms.secondCategoryId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(liveRooms.isLive), desc(liveRooms.heat))
    .limit(options.limit ?? 60);
  return rows.map(({ ticket, ...row }) => ({ ...row, cover: liveCover({ ...row, ticket }) }));
}

/** Rooms whose linked match has not kicked off yet, soonest first (the live preview). */
export async function listUpcomingRoomIds(
  db: Db,
  now = new Date(),
): Promise<{ anchorId: number; matchId: number }[]> {
  const rows = await db
    .select({ anchorId: liveRooms.anchorId, matchId: matches.id })
    .from(liveRooms)
    .innerJoin(matches, eq(matches.id, liveRooms.matchId))
    .where(and(gt(matches.startTime, now), eq(matches.status, 0)))
    .orderBy(asc(matches.startTime))
    .limit(60);
  return rows;
}

/** The committed demo clip (`npm run media:demo`), a master playlist of three renditions. */
export const DEMO_STREAM_URL = '/media/demo/master.m3u8';

/**
 * What the player loads for a stream: a stream pushed to our own ingest plays for real (its
 * quality ladder's master while one runs in `mediaDir`, else its source; a live pinned to an
 * ingest machine already names the right one, see media/ladder/sync.ts); other rooms play the
 * demo clip when MEDIA=demo, else their own stream.
 */
export function playbackUrl(media: 'demo' | 'live', streamUrl: string, mediaDir?: string): string {
  if (isIngestUrl(streamUrl)) return mediaDir ? ingestPlaybackUrl(mediaDir, streamUrl) : streamUrl;
  return media === 'demo' ? DEMO_STREAM_URL : streamUrl;
}

/** A room page: the card plus what the room screen needs. */
export interface RoomView extends RoomCard {
  streamUrl: string;
  coverV: string;
  ticket: number;
  announcement: string;
  contacts: { title: string; value: string }[];
  matchId: number | null;
  /** Sport of the linked match (for its match centre link), null without one. */
  matchSportId: number | null;
  categoryId: number;
  startedAt: Date | null;
}

/** The room of anchor `anchorId` with names in `locale`, or null. */
export async function getRoomView(
  db: Db,
  anchorId: number,
  locale: Locale,
): Promise<RoomView | null> {
  const second = alias(secondCategories, 'sc');
  const zh = locale === 'zh-CN';
  const rows = await db
    .select({
      anchorId: liveRooms.anchorId,
      title: liveRooms.title,
      cover: liveRooms.cover,
      coverV: liveRooms.coverV,
      isLive: liveRooms.isLive,
      heat: liveRooms.heat,
      anchorName: users.nickName,
      anchorAvatar: users.avatar,
      category: zh ? categories.nameZh : categories.nameEn,
      categoryId: liveRooms.categoryId,
      secondCategory: zh ? second.nameZh : second.nameEn,
      streamUrl: liveRooms.streamUrl,
      ticket: liveRooms.ticket,
      announcement: liveRooms.announcement,
      contacts: liveRooms.contacts,
      matchId: liveRooms.matchId,
      matchSportId: matches.sportId,
      startedAt: liveRooms.startedAt,
    })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .innerJoin(categories, eq(categories.id, liveRooms.categoryId))
    .leftJoin(second, eq(second.id, liveRooms.secondCategoryId))
    .leftJoin(matches, eq(matches.id, liveRooms.matchId))
    .where(eq(liveRooms.anchorId, anchorId))
    .limit(1);
  return rows[0] ?? null;
}
