/** Planned lives: what anchors scheduled ahead, read for the anchor page. */
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/i18n/locale.ts';
import type { Db } from '../db/index.ts';
import {
  categories,
  livePlans,
  LIVE_PLAN_STATUS,
  matches,
  secondCategories,
  users,
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

/** The second-category alias the plan queries join. */
function secondAlias() {
  return alias(secondCategories, 'sc');
}

/** The columns of a plan card, names in `locale`. */
function planColumns(zh: boolean, second: ReturnType<typeof secondAlias>) {
  return {
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
  };
}

/** A plan in the anchor's own list: the card with its state and form values. */
export interface OwnPlan extends PlanCard {
  status: number;
  categoryId: number;
  secondCategoryId: number | null;
}

/** The anchor's own plans, newest plan time first (planned, started and cancelled), at most 50. */
export async function listOwnPlans(db: Db, anchorId: number, locale: Locale): Promise<OwnPlan[]> {
  const second = secondAlias();
  return db
    .select({
      ...planColumns(locale === 'zh-CN', second),
      status: livePlans.status,
      categoryId: livePlans.categoryId,
      secondCategoryId: livePlans.secondCategoryId,
    })
    .from(livePlans)
    .innerJoin(categories, eq(categories.id, livePlans.categoryId))
    .leftJoin(second, eq(second.id, livePlans.secondCategoryId))
    .leftJoin(matches, eq(matches.id, livePlans.matchId))
    .where(eq(livePlans.anchorId, anchorId))
    .orderBy(desc(livePlans.planTime))
    .limit(50);
}

/** Cancels the anchor's own planned live; false when there is no such planned live. */
export async function cancelPlan(db: Db, anchorId: number, planId: number): Promise<boolean> {
  const rows = await db
    .update(livePlans)
    .set({ status: LIVE_PLAN_STATUS.cancelled })
    .where(
      and(
        eq(livePlans.id, planId),
        eq(livePlans.anchorId, anchorId),
        eq(livePlans.status, LIVE_PLAN_STATUS.planned),
      ),
    )
    .returning({ id: livePlans.id });
  return rows.length > 0;
}

/** A planned live on the site-wide preview, with its anchor. */
export interface PlannedLive extends PlanCard {
  anchorName: string;
  anchorAvatar: string;
}

/** Every anchor's planned lives still to come, soonest first (for /schedule-preview). */
export async function listPlannedLives(
  db: Db,
  locale: Locale,
  { now = new Date(), limit = 24 }: { now?: Date; limit?: number } = {},
): Promise<PlannedLive[]> {
  const second = secondAlias();
  return db
    .select({
      ...planColumns(locale === 'zh-CN', second),
      anchorName: users.nickName,
      anchorAvatar: users.avatar,
    })
    .from(livePlans)
    .innerJoin(users, eq(users.id, livePlans.anchorId))
    .innerJoin(categories, eq(categories.id, livePlans.categoryId))
    .leftJoin(second, eq(second.id, livePlans.secondCategoryId))
    .leftJoin(matches, eq(matches.id, livePlans.matchId))
    .where(and(eq(livePlans.status, LIVE_PLAN_STATUS.planned), gt(livePlans.planTime, now)))
    .orderBy(asc(livePlans.planTime))
    .limit(limit);
}

/** An anchor's planned lives still to come (not cancelled or started), soonest first. */
export async function listUpcomingPlans(
  db: Db,
  anchorId: number,
  locale: Locale,
  { now = new Date(), limit = 10 }: { now?: Date; limit?: number } = {},
): Promise<PlanCard[]> {
  const second = secondAlias();
  return db
    .select(planColumns(locale === 'zh-CN', second))
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
