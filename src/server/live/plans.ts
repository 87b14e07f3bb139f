/** Planned lives: what anchors scheduled ahead, read for the anchor page. */
import { and, asc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import {
  categories,
  livePlans,
  LIVE_PLAN_STATUS,
  matches,
  secondCategories,
} from '../db/schema.ts';

/** A planned live as lists show it. */
export interface PlanCard {
  id: number;
  anchorId: number;
  title: string;
  cover: string;
  category: string;
  secondCategory: string | null;
  matchId: number | null;
  /** Sport of the linked match, for its match centre link. */
  matchSportId: number | null;
  planTime: Date;
  ticket: number;
}

/** An anchor's planned lives still to come (not cancelled or started), soonest first. */
export async function listUpcomingPlans(
  db: Db,
  anchorId: number,
  locale: Locale,
  { now = new Date(), limit = 10 }: { now?: Date; limit?: number } = {},
): Promise<PlanCard[]> {
  const second = alias(secondCategories, 'sc');
  const zh = locale === 'zh-CN';
  return db
    .select({
      id: livePlans.id,
      anchorId: livePlans.anchorId,
      title: livePlans.title,
      cover: livePlans.cover,
      category: zh ? categories.nameZh : categories.nameEn,
      secondCategory: zh ? second.nameZh : second.nameEn,
      matchId: livePlans.matchId,
      matchSportId: matches.sportId,
      planTime: livePlans.planTime,
      ticket: livePlans.ticket,
    })
    .from(livePlans)
    .innerJoin(categories, eq(categories.id, livePlans.categoryId))
    .leftJoin(second, eq(second.id, livePlans.secondCategoryId))
    .leftJoin(matches, eq(matches.id, livePlans.matchId))
    .where(
      and(
        eq(livePlans.anchorId, anchorId),
        eq(livePlans.status, LIVE_PLAN_STATUS.planned),
        gt(livePlans.planTime, now),
      ),
    )
    .orderBy(asc(livePlans.planTime))
    .limit(limit);
}
