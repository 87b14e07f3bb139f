/**
 * Paying a quiz out: the jobs of a draw, a cancellation before the draw and a cancellation after
 * it. Each pays the stakes in chunks, one transaction per chunk holding the chunk's ledger
 * operations (one per stake, each under its own key) and the stakes' results, then ends the job
 * with the quiz's final status. settle.ts starts the jobs and runs them.
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/index.ts';
import { quizzes } from '../db/schema.ts';
import type { LedgerOperation } from '../wallet/ledger.ts';
import { applyBatch, type BatchOutcome } from '../wallet/batch.ts';
import {
  BET_RESULT,
  QUIZ_STATUS,
  type QuizOption,
  type QuizStakeView,
} from '../../lib/quiz/types.ts';
import { PLATFORM_ID, QUIZ_ESCROW_ID } from './accounts.ts';
import { QuizError } from './service.ts';

/** A settlement under way. */
export type QuizJob = 'draw' | 'cancel' | 'revoke';

/** What a bettor got from a settlement, with their balances after it when they moved. */
export interface BettorResult {
  userId: number;
  stake: QuizStakeView;
  bal?: { gold: number; diamond: number };
}

/** A quiz as a settlement reads it (under its row lock). */
export interface LockedQuiz {
  status: number;
  job: string | null;
  winner: number | null;
  feeBp: number;
  fee: number;
  remainder: number;
  poolA: number;
  poolB: number;
}

/** Reads quiz `id` and locks its row until the transaction ends. */
export async function lockQuiz(tx: Db, id: number): Promise<LockedQuiz | undefined> {
  const [row] = await queryRows(
    tx,
    sql`select status, job, winner, fee_bp, fee, remainder, pool_a, pool_b
      from quizzes where id = ${id} for update`,
  );
  if (!row) return undefined;
  return {
    status: Number(row.status),
    job: row.job === null ? null : (row.job as string),
    winner: row.winner === null ? null : Number(row.winner),
    feeBp: Number(row.fee_bp),
    fee: Number(row.fee),
    remainder: Number(row.remainder),
    poolA: Number(row.pool_a),
    poolB: Number(row.pool_b),
  };
}

interface StakeRowFull {
  userId: number;
  option: number;
  amount: number;
  bets: number;
  payout: number;
}

async function nextChunk(tx: Db, id: number, size: number, where = sql``): Promise<StakeRowFull[]> {
  const rows = await queryRows(
    tx,
    sql`select user_id, option, amount, bets, payout from quiz_stakes
      where quiz_id = ${id} and result = ${BET_RESULT.calculating} ${where}
      order by user_id limit ${size}`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    option: Number(r.option),
    amount: Number(r.amount),
    bets: Number(r.bets),
    payout: Number(r.payout),
  }));
}

/** Writes the chunk's results; `debts` only for winners a reversal could not take everything from. */
async function markStakes(
  tx: Db,
  id: number,
  marks: { userId: number; result: number; payout: number; debt?: number }[],
): Promise<void> {
  const rows = JSON.stringify(
    marks.map((m) => ({ u: m.userId, r: m.result, p: m.payout, d: m.debt ?? 0 })),
  );
  await tx.execute(sql`
    update quiz_stakes s set result = m.r, payout = m.p, debt = m.d, updated_at = now()
    from jsonb_to_recordset(${rows}::jsonb) as m (u integer, r smallint, p bigint, d bigint)
    where s.quiz_id = ${id} and s.user_id = m.u`);
}

/** A transfer between a user and the escrow: positive credits the user. */
function transfer(
  key: string,
  kind: string,
  userId: number,
  amount: number,
  reference: string,
): LedgerOperation {
  return {
    key,
    kind,
    reference,
    moves: [
      { userId, currency: 'gold', amount, kind },
      { userId: QUIZ_ESCROW_ID, currency: 'gold', amount: -amount, kind },
    ],
  };
}

/** Applies `ops`; anything but applied or applied before is a broken invariant and rolls back. */
async function applyAll(tx: Db, ops: LedgerOperation[]): Promise<BatchOutcome[]> {
  const outcomes = await applyBatch(tx, ops);
  outcomes.forEach((o, i) => {
    if (o.status !== 'ok' && o.status !== 'replayed') {
      throw new Error(`quiz settlement: ${ops[i]!.key} ${o.status}`);
    }
  });
  return outcomes;
}

/** A job being run: where, which quiz, what bettors got so far, stakes per transaction. */
export interface JobRun {
  db: Db;
  id: number;
  results: BettorResult[];
  size: number;
  /** Called after each chunk is committed, with the stakes settled by this run so far. */
  onChunk?: (settled: number) => void;
}

/** Pays chunk after chunk: `plan` says what each stake of a chunk gets. */
async function payChunks(
  { db, id, results, size, onChunk }: JobRun,
  plan: (
    stake: StakeRowFull,
    wallet: Map<number, number>,
  ) => {
    op?: LedgerOperation;
    result: number;
    payout: number;
    debt?: number;
  },
  where = sql``,
  lockWallets = false,
): Promise<void> {
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const chunk = await nextChunk(tx, id, size, where);
      if (chunk.length === 0) return true;
      const wallet = new Map<number, number>();
      if (lockWallets) {
        const users = `{${chunk.map((s) => s.userId).join(',')}}`;
        const rows = await queryRows(
          tx,
          sql`select user_id, gold from wallets where user_id = any(${users}::integer[])
            order by user_id for update`,
        );
        for (const r of rows) wallet.set(Number(r.user_id), Number(r.gold));
      }
      const plans = chunk.map((s) => plan(s, wallet));
      const withOps = plans.flatMap((p, i) => (p.op ? [{ i, op: p.op }] : []));
      const outcomes = await applyAll(
        tx,
        withOps.map((w) => w.op),
      );
      const bal = new Map(withOps.map((w, n) => [w.i, outcomes[n]!]));
      await markStakes(
        tx,
        id,
        chunk.map((s, i) => ({ userId: s.userId, ...plans[i]! })),
      );
      chunk.forEach((s, i) => {
        const b = bal.get(i);
        results.push({
          userId: s.userId,
          stake: {
            option: s.option as QuizOption,
            amount: s.amount,
            bets: s.bets,
            result: plans[i]!.result as QuizStakeView['result'],
            payout: plans[i]!.payout,
          },
          ...(b ? { bal: { gold: b.gold, diamond: b.diamond } } : {}),
        });
      });
      return false;
    });
    if (done) return;
    onChunk?.(results.length);
  }
}

/** Moves `amount` between the escrow and the platform (positive: to the platform). */
async function platformMove(
  db: Db,
  key: string,
  kind: string,
  amount: number,
  reference: string,
): Promise<void> {
  if (amount === 0) return;
  const [outcome] = await applyBatch(db, [
    {
      key,
      kind,
      reference,
      moves: [
        { userId: QUIZ_ESCROW_ID, currency: 'gold', amount: -amount, kind },
        { userId: PLATFORM_ID, currency: 'gold', amount, kind },
      ],
    },
  ]);
  if (outcome!.status === 'short') throw new QuizError('quiz.errors.reserveShort');
  if (outcome!.status !== 'ok' && outcome!.status !== 'replayed') {
    throw new Error(`quiz settlement: ${key} ${outcome!.status}`);
  }
}

/** Ends a job: the quiz's final status, in a transaction that holds the quiz first. */
async function finish(
  db: Db,
  id: number,
  job: QuizJob,
  status: number,
  before?: (tx: Db) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const quiz = await lockQuiz(tx, id);
    if (quiz?.job !== job) return;
    if (before) await before(tx);
    await tx
      .update(quizzes)
      .set({ status, job: null, settledAt: new Date() })
      .where(and(eq(quizzes.id, id), eq(quizzes.job, job)));
  });
}

export async function runDraw(run: JobRun, quiz: LockedQuiz): Promise<void> {
  const { db, id } = run;
  const winner = quiz.winner as QuizOption;
  const refundAll = (winner === 1 ? quiz.poolA : quiz.poolB) === 0;
  const ref = `quiz:${id}`;
  await payChunks(run, (s) => {
    const result = refundAll
      ? BET_RESULT.refunded
      : s.payout > 0
        ? BET_RESULT.won
        : BET_RESULT.lost;
    return {
      result,
      payout: s.payout,
      ...(s.payout > 0
        ? {
            op: transfer(
              `${ref}:${refundAll ? 'refund' : 'payout'}:${s.userId}`,
              refundAll ? 'quiz_refund' : 'quiz_win',
              s.userId,
              s.payout,
              ref,
            ),
          }
        : {}),
    };
  });
  await finish(db, id, 'draw', QUIZ_STATUS.drawn, (tx) =>
    platformMove(tx, `${ref}:fee`, 'quiz_fee', quiz.fee + quiz.remainder, ref),
  );
}

export async function runCancel(run: JobRun): Promise<void> {
  const { db, id } = run;
  const ref = `quiz:${id}`;
  await payChunks(run, (s) => ({
    result: BET_RESULT.refunded,
    payout: s.amount,
    op: transfer(`${ref}:refund:${s.userId}`, 'quiz_refund', s.userId, s.amount, ref),
  }));
  await finish(db, id, 'cancel', QUIZ_STATUS.cancelled);
}

/**
 * Cancellation after the draw. The platform returns the fee and remainder to the escrow; each
 * net winner gives back what they won above their stake, as far as their gold goes (the rest is
 * recorded as their debt and covered by the platform); then everyone else gets back what they
 * staked less what the draw paid them. Every balance ends as if the quiz had not been, except
 * a net winner who had spent the winnings, whose gold ends at 0 and never below.
 */
export async function runRevoke(run: JobRun, quiz: LockedQuiz): Promise<void> {
  const { db, id } = run;
  const ref = `quiz:${id}`;
  const winner = quiz.winner as QuizOption;
  const refundAll = (winner === 1 ? quiz.poolA : quiz.poolB) === 0;
  await platformMove(db, `${ref}:fee-back`, 'quiz_fee_back', -(quiz.fee + quiz.remainder), ref);
  await payChunks(
    run,
    (s, wallet) => {
      const owed = s.payout - s.amount;
      const take = Math.min(owed, wallet.get(s.userId) ?? 0);
      return {
        result: BET_RESULT.withdrawn,
        payout: s.payout,
        debt: owed - take,
        ...(take > 0
          ? { op: transfer(`${ref}:revoke:${s.userId}`, 'quiz_withdraw', s.userId, -take, ref) }
          : {}),
      };
    },
    sql`and payout > amount`,
    true,
  );
  const [debts] = await queryRows(
    db,
    sql`select coalesce(sum(debt), 0) as total from quiz_stakes where quiz_id = ${id}`,
  );
  await platformMove(db, `${ref}:cover`, 'quiz_cover', -Number(debts?.total ?? 0), ref);
  await payChunks(run, (s) => {
    const back = s.amount - s.payout;
    const won = !refundAll && s.option === winner;
    return {
      result: won ? BET_RESULT.withdrawn : BET_RESULT.refunded,
      payout: s.payout,
      ...(back > 0
        ? { op: transfer(`${ref}:revoke:${s.userId}`, 'quiz_refund', s.userId, back, ref) }
        : {}),
    };
  });
  await finish(db, id, 'revoke', QUIZ_STATUS.revoked);
}
