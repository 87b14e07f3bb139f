/** The quiz lists of the pages: across rooms (/guessList), an anchor's, a viewer's bets, the admin's. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { liveRooms, quizStakes, quizzes, users } from '../db/schema.ts';
import type { QuizStakeView, QuizView } from '../../lib/quiz/types.ts';
import { quizColumns, quizView, quizzesByIds, stakeView, type QuizRow } from './views.ts';

/** A page of a list with its total. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/**
 * Quizzes across rooms: those taking bets in live rooms first (closing soonest first), then
 * those awaiting their draw, then recently settled ones; with the caller's stakes.
 */
export async function publicQuizzes(
  db: Db,
  page: number,
  size: number,
  userId?: number,
): Promise<Page<QuizView & { room_live: boolean }>> {
  const order = sql`case when ${quizzes.status} = 1 and ${liveRooms.isLive} then 0
    when ${quizzes.status} in (1, 2, 3) then 1 else 2 end`;
  const rows = await db
    .select({ id: quizzes.id, live: liveRooms.isLive })
    .from(quizzes)
    .innerJoin(liveRooms, eq(liveRooms.anchorId, quizzes.anchorId))
    .where(sql`${quizzes.createdAt} > now() - interval '7 days'`)
    .orderBy(
      order,
      sql`case when ${quizzes.status} = 1 then ${quizzes.closesAt} end asc`,
      desc(quizzes.id),
    )
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db
    .select({ n: count() })
    .from(quizzes)
    .where(sql`${quizzes.createdAt} > now() - interval '7 days'`);
  const views = new Map(
    (
      await quizzesByIds(
        db,
        rows.map((r) => r.id),
        userId,
      )
    ).map((q) => [q.guess_id, q]),
  );
  return {
    list: rows.map((r) => ({ ...views.get(r.id)!, room_live: r.live })),
    total: total?.n ?? 0,
    page,
    size,
  };
}

/** A quiz as its anchor manages it: with the number of bets. */
export type ManagedQuiz = QuizView & { bets: number };

/** An anchor's quizzes, newest first. */
export async function anchorQuizzes(
  db: Db,
  anchorId: number,
  page: number,
  size: number,
): Promise<Page<ManagedQuiz>> {
  const rows: QuizRow[] = await db
    .select(quizColumns)
    .from(quizzes)
    .innerJoin(users, eq(users.id, quizzes.anchorId))
    .where(eq(quizzes.anchorId, anchorId))
    .orderBy(desc(quizzes.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db
    .select({ n: count() })
    .from(quizzes)
    .where(eq(quizzes.anchorId, anchorId));
  const ids = rows.map((r) => r.id);
  const bets = ids.length
    ? await db
        .select({ id: quizStakes.quizId, n: sql<number>`sum(${quizStakes.bets})::integer` })
        .from(quizStakes)
        .where(inArray(quizStakes.quizId, ids))
        .groupBy(quizStakes.quizId)
    : [];
  const betsOf = new Map(bets.map((b) => [b.id, b.n]));
  return {
    list: rows.map((r) => ({ ...quizView(r), bets: betsOf.get(r.id) ?? 0 })),
    total: total?.n ?? 0,
    page,
    size,
  };
}

/** A viewer's stake with its quiz, for the bet history. */
export type BetHistoryEntry = QuizStakeView & { debt: number; placed_at: number; guess: QuizView };

/** A viewer's stakes, newest first. */
export async function userBets(
  db: Db,
  userId: number,
  page: number,
  size: number,
): Promise<Page<BetHistoryEntry>> {
  const rows = await db
    .select({
      quizId: quizStakes.quizId,
      option: quizStakes.option,
      amount: quizStakes.amount,
      bets: quizStakes.bets,
      result: quizStakes.result,
      payout: quizStakes.payout,
      debt: quizStakes.debt,
      createdAt: quizStakes.createdAt,
    })
    .from(quizStakes)
    .where(eq(quizStakes.userId, userId))
    .orderBy(desc(quizStakes.createdAt), desc(quizStakes.quizId))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db
    .select({ n: count() })
    .from(quizStakes)
    .where(eq(quizStakes.userId, userId));
  const quizzesOf = new Map(
    (
      await quizzesByIds(
        db,
        rows.map((r) => r.quizId),
      )
    ).map((q) => [q.guess_id, q]),
  );
  return {
    list: rows.map((r) => ({
      ...stakeView(r),
      debt: r.debt,
      placed_at: r.createdAt.getTime(),
      guess: quizzesOf.get(r.quizId)!,
    })),
    total: total?.n ?? 0,
    page,
    size,
  };
}

/** Every quiz for administrators, newest first, optionally of one status. */
export async function allQuizzes(
  db: Db,
  page: number,
  size: number,
  status?: number,
): Promise<Page<ManagedQuiz>> {
  const where = status ? eq(quizzes.status, status) : undefined;
  const rows = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(where)
    .orderBy(desc(quizzes.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(quizzes).where(where);
  const list = await quizzesByIds(
    db,
    rows.map((r) => r.id),
  );
  const ids = list.map((q) => q.guess_id);
  const bets = ids.length
    ? await db
        .select({ id: quizStakes.quizId, n: sql<number>`sum(${quizStakes.bets})::integer` })
        .from(quizStakes)
        .where(and(inArray(quizStakes.quizId, ids)))
        .groupBy(quizStakes.quizId)
    : [];
  const betsOf = new Map(bets.map((b) => [b.id, b.n]));
  return {
    list: list.map((q) => ({ ...q, bets: betsOf.get(q.guess_id) ?? 0 })),
    total: total?.n ?? 0,
    page,
    size,
  };
}
