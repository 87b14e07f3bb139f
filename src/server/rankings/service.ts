/**
 * Daily and monthly rankings kept as running totals: a gift adds to six rows in one upsert, and
 * reads take the top of one board for the current Beijing-time period.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { activeNobleLevel } from '../../lib/mall/noble.ts';
import { RANKING_PERIODS, periodKey, periodKeys } from '../../lib/rankings/periods.ts';
import type { RankingPeriod } from '../../lib/rankings/periods.ts';
import type { RankingEntry, RankingList, TalentList } from '../../lib/rankings/types.ts';
import { levelOf } from '../../lib/rules/level.ts';
import type { Db } from '../db/index.ts';
import { RANKING_BOARD, rankingTotals, users } from '../db/schema.ts';

/** One of RANKING_BOARD's values. */
export type RankingBoard = (typeof RANKING_BOARD)[keyof typeof RANKING_BOARD];

/** Scope id of the site-wide boards. */
export const SITE_SCOPE = 0;

/** A gift's worth of contribution: who gave, to whom, how much (minor units) and when. */
export interface Contribution {
  /** The anchor whose room received the gift. */
  anchorId: number;
  /** The user who sent it. */
  userId: number;
  /** Value in minor units; a positive integer. */
  amount: number;
  /** When it was sent; picks the Beijing day and month. */
  at: Date;
}

/**
 * Adds a gift to the room's, the giver's and the anchor's daily and monthly totals with one
 * statement. Call it inside the gift's transaction: it commits or rolls back with the debit.
 * Rows are always locked in the same order (room, fans, anchors), so concurrent gifts cannot
 * deadlock on them.
 * @example await db.transaction((tx) => addContribution(tx, { anchorId, userId, amount: 500, at: new Date() }))
 */
export async function addContribution(tx: Db, gift: Contribution): Promise<void> {
  if (!Number.isSafeInteger(gift.amount) || gift.amount <= 0) {
    throw new RangeError(`contribution amount must be a positive integer, got ${gift.amount}`);
  }
  const keys = periodKeys(gift.at);
  const row = (board: RankingBoard, scopeId: number, subjectId: number, period: RankingPeriod) => ({
    board,
    scopeId,
    period,
    periodKey: keys[period],
    subjectId,
    amount: gift.amount,
    updatedAt: gift.at,
  });
  const rows = [
    ...RANKING_PERIODS.map((p) => row(RANKING_BOARD.room, gift.anchorId, gift.userId, p)),
    ...RANKING_PERIODS.map((p) => row(RANKING_BOARD.fans, SITE_SCOPE, gift.userId, p)),
    ...RANKING_PERIODS.map((p) => row(RANKING_BOARD.anchors, SITE_SCOPE, gift.anchorId, p)),
  ];
  await tx
    .insert(rankingTotals)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        rankingTotals.board,
        rankingTotals.scopeId,
        rankingTotals.period,
        rankingTotals.periodKey,
        rankingTotals.subjectId,
      ],
      set: {
        amount: sql`${rankingTotals.amount} + excluded.amount`,
        updatedAt: sql`greatest(${rankingTotals.updatedAt}, excluded.updated_at)`,
      },
    });
}

/** What topRanking reads. */
export interface BoardQuery {
  board: RankingBoard;
  /** Anchor id for the room board, SITE_SCOPE otherwise. */
  scopeId: number;
  period: RankingPeriod;
  /** Any instant of the period to read; now by default. */
  at?: Date;
  /** How many entries (the top N). */
  limit: number;
}

/** The top of one board for the period containing `at`, with each user's name, avatar and level. */
export async function topRanking(db: Db, query: BoardQuery): Promise<RankingList> {
  const at = query.at ?? new Date();
  const key = periodKey(query.period, at);
  const rows = await db
    .select({
      userId: users.id,
      nickName: users.nickName,
      avatar: users.avatar,
      exp: users.exp,
      vipLevel: users.vipLevel,
      vipExpiresAt: users.vipExpiresAt,
      amount: rankingTotals.amount,
    })
    .from(rankingTotals)
    .innerJoin(users, eq(users.id, rankingTotals.subjectId))
    .where(
      and(
        eq(rankingTotals.board, query.board),
        eq(rankingTotals.scopeId, query.scopeId),
        eq(rankingTotals.period, query.period),
        eq(rankingTotals.periodKey, key),
      ),
    )
    .orderBy(desc(rankingTotals.amount), asc(rankingTotals.updatedAt), asc(rankingTotals.subjectId))
    .limit(query.limit);
  // Levels and noble badges are shown as they are now, whatever period is read.
  const now = new Date();
  const list: RankingEntry[] = rows.map((r, i) => ({
    rank: i + 1,
    user_id: r.userId,
    nick_name: r.nickName,
    avatar: r.avatar || '/avatar-default.svg',
    level: levelOf(r.exp).level,
    vip_level: activeNobleLevel({ level: r.vipLevel, expiresAt: r.vipExpiresAt }, now),
    amount: r.amount,
  }));
  return { period: query.period, period_key: key, list };
}

/** A room's contribution list: who gave the most in the anchor's room this day or month. */
export function roomRanking(
  db: Db,
  anchorId: number,
  period: RankingPeriod,
  limit = 20,
  at = new Date(),
): Promise<RankingList> {
  return topRanking(db, { board: RANKING_BOARD.room, scopeId: anchorId, period, limit, at });
}

/** The talent list (/ranking): anchors by gifts received and users by gifts given. */
export async function talentList(
  db: Db,
  period: RankingPeriod,
  limit = 20,
  at = new Date(),
): Promise<TalentList> {
  const [anchors, fans] = await Promise.all([
    topRanking(db, { board: RANKING_BOARD.anchors, scopeId: SITE_SCOPE, period, limit, at }),
    topRanking(db, { board: RANKING_BOARD.fans, scopeId: SITE_SCOPE, period, limit, at }),
  ]);
  return { period, period_key: anchors.period_key, anchors: anchors.list, users: fans.list };
}
