/**
 * Daily and monthly rankings kept as running totals: a gift adds to its rows in one upsert, and
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
import { DEFAULT_AVATAR } from '../../lib/user-info.ts';

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
 * @example await db.transaction((tx) => addContribution(tx, { anchorId, userId, amount: 500, at: new Date() }))
 */
export async function addContribution(tx: Db, gift: Contribution): Promise<void> {
  await addContributions(tx, [gift]);
}

/**
 * Adds many gifts to the rankings with one statement: their rows are summed per ranking row
 * first (a statement may update a row only once) and written in one fixed order, so concurrent
 * writers lock shared rows in the same order and cannot deadlock on them.
 */
export async function addContributions(tx: Db, gifts: Contribution[]): Promise<void> {
  const rows = new Map<string, typeof rankingTotals.$inferInsert & { amount: number }>();
  for (const gift of gifts) {
    if (!Number.isSafeInteger(gift.amount) || gift.amount <= 0) {
      throw new RangeError(`contribution amount must be a positive integer, got ${gift.amount}`);
    }
    const keys = periodKeys(gift.at);
    const add = (
      board: RankingBoard,
      scopeId: number,
      subjectId: number,
      period: RankingPeriod,
    ) => {
      const id = [board, scopeId, period, keys[period], subjectId].join('|');
      const row = rows.get(id);
      if (row) {
        row.amount += gift.amount;
        if (gift.at > row.updatedAt!) row.updatedAt = gift.at;
        return;
      }
      rows.set(id, {
        board,
        scopeId,
        period,
        periodKey: keys[period],
        subjectId,
        amount: gift.amount,
        updatedAt: gift.at,
      });
    };
    for (const p of RANKING_PERIODS) {
      add(RANKING_BOARD.room, gift.anchorId, gift.userId, p);
      add(RANKING_BOARD.fans, SITE_SCOPE, gift.userId, p);
      add(RANKING_BOARD.anchors, SITE_SCOPE, gift.anchorId, p);
    }
  }
  if (rows.size === 0) return;
  const ordered = [...rows.values()].sort(
    (a, b) =>
      a.board.localeCompare(b.board) ||
      a.scopeId - b.scopeId ||
      a.period.localeCompare(b.period) ||
      a.periodKey.localeCompare(b.periodKey) ||
      a.subjectId - b.subjectId,
  );
  // One statement text whatever the number of rows (prepared once per connection): the rows
  // travel as one JSON parameter.
  const items = JSON.stringify(
    ordered.map((r) => [
      r.board,
      r.scopeId,
      r.period,
      r.periodKey,
      r.subjectId,
      r.amount,
      r.updatedAt,
    ]),
  );
  await tx.execute(sql`
    insert into ${rankingTotals} (board, scope_id, period, period_key, subject_id, amount, updated_at)
    select x ->> 0, (x ->> 1)::integer, x ->> 2, x ->> 3, (x ->> 4)::integer, (x ->> 5)::bigint,
      (x ->> 6)::timestamptz
    from jsonb_array_elements(${items}::jsonb) with ordinality as t (x, n)
    order by t.n
    on conflict (board, scope_id, period, period_key, subject_id) do update
    set amount = ${rankingTotals}.amount + excluded.amount,
      updated_at = greatest(${rankingTotals}.updated_at, excluded.updated_at)`);
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
    avatar: r.avatar || DEFAULT_AVATAR,
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
