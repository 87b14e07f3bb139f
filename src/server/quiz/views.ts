/** Reading quizzes and stakes as the API and the hub show them (QuizView, QuizStakeView). */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { quizStakes, quizzes, users } from '../db/schema.ts';
import type {
  BetResult,
  QuizOption,
  QuizStakeView,
  QuizStatus,
  QuizView,
} from '../../lib/quiz/types.ts';

/** The columns a QuizView needs. */
export const quizColumns = {
  id: quizzes.id,
  anchorId: quizzes.anchorId,
  anchorName: users.nickName,
  question: quizzes.question,
  optionA: quizzes.optionA,
  optionB: quizzes.optionB,
  minBet: quizzes.minBet,
  categoryId: quizzes.categoryId,
  status: quizzes.status,
  job: quizzes.job,
  winner: quizzes.winner,
  poolA: quizzes.poolA,
  poolB: quizzes.poolB,
  bettorsA: quizzes.bettorsA,
  bettorsB: quizzes.bettorsB,
  feeBp: quizzes.feeBp,
  closesAt: quizzes.closesAt,
  createdAt: quizzes.createdAt,
  settledAt: quizzes.settledAt,
};

/** A quiz row as selected with quizColumns. */
export interface QuizRow {
  id: number;
  anchorId: number;
  anchorName: string;
  question: string;
  optionA: string;
  optionB: string;
  minBet: number;
  categoryId: number | null;
  status: number;
  job: string | null;
  winner: number | null;
  poolA: number;
  poolB: number;
  bettorsA: number;
  bettorsB: number;
  feeBp: number;
  closesAt: Date;
  createdAt: Date;
  settledAt: Date | null;
}

/** A stake row as read. */
export interface StakeRow {
  option: number;
  amount: number;
  bets: number;
  result: number;
  payout: number;
}

/** A stake as shown. */
export function stakeView(row: StakeRow): QuizStakeView {
  return {
    option: row.option as QuizOption,
    amount: row.amount,
    bets: row.bets,
    result: row.result as BetResult,
    payout: row.payout,
  };
}

/** A quiz as shown, with the caller's stake when given. */
export function quizView(row: QuizRow, mine?: StakeRow | null): QuizView {
  return {
    guess_id: row.id,
    anchor_id: row.anchorId,
    anchor_name: row.anchorName,
    question: row.question,
    option_a: row.optionA,
    option_b: row.optionB,
    min_bet: row.minBet,
    category_id: row.categoryId,
    status: row.status as QuizStatus,
    settling: row.job !== null,
    winner: (row.winner as QuizOption | null) ?? null,
    pool_a: row.poolA,
    pool_b: row.poolB,
    bettors_a: row.bettorsA,
    bettors_b: row.bettorsB,
    fee_bp: row.feeBp,
    closes_at: row.closesAt.getTime(),
    created_at: row.createdAt.getTime(),
    settled_at: row.settledAt ? row.settledAt.getTime() : null,
    ...(mine !== undefined ? { mine: mine ? stakeView(mine) : null } : {}),
  };
}

/** Quizzes by id, with `userId`'s stakes when given. */
export async function quizzesByIds(db: Db, ids: number[], userId?: number): Promise<QuizView[]> {
  if (ids.length === 0) return [];
  const rows: QuizRow[] = await db
    .select(quizColumns)
    .from(quizzes)
    .innerJoin(users, eq(users.id, quizzes.anchorId))
    .where(inArray(quizzes.id, ids))
    .orderBy(desc(quizzes.id));
  const stakes = userId ? await stakesOf(db, userId, ids) : undefined;
  return rows.map((r) => quizView(r, stakes ? (stakes.get(r.id) ?? null) : undefined));
}

/** One quiz, or undefined. */
export async function findQuiz(db: Db, id: number, userId?: number): Promise<QuizView | undefined> {
  return (await quizzesByIds(db, [id], userId))[0];
}

/** `userId`'s stakes in the quizzes `ids`, by quiz id. */
export async function stakesOf(
  db: Db,
  userId: number,
  ids: number[],
): Promise<Map<number, StakeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      quizId: quizStakes.quizId,
      option: quizStakes.option,
      amount: quizStakes.amount,
      bets: quizStakes.bets,
      result: quizStakes.result,
      payout: quizStakes.payout,
    })
    .from(quizStakes)
    .where(and(eq(quizStakes.userId, userId), inArray(quizStakes.quizId, ids)));
  return new Map(rows.map((r) => [r.quizId, r]));
}

/** Ids of a room's quizzes: those open or awaiting the draw, then the latest settled ones. */
export async function roomQuizIds(db: Db, anchorId: number, settledLimit = 10): Promise<number[]> {
  const rows = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.anchorId, anchorId),
        sql`(${quizzes.status} in (1, 2, 3) or ${quizzes.job} is not null or ${quizzes.id} in (
          select q.id from quizzes q where q.anchor_id = ${anchorId} and q.status in (4, 5, 6)
          order by q.id desc limit ${settledLimit}))`,
      ),
    )
    .orderBy(desc(quizzes.id));
  return rows.map((r) => r.id);
}
