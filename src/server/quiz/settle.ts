/**
 * Draws and cancellations. Each is started in one transaction that fixes what every stake gets
 * (the quiz's `job` is set, stakes show "to be calculated"), then a job pays it out in chunks:
 * each chunk is one transaction of ledger operations (one per stake, each under its own key) and
 * the stakes' results. A crash leaves the job set; `resumeJobs` at start runs it again, and the
 * keys make every payment happen once. Money rule: for every quiz, stakes = payouts + refunds +
 * fee + remainder, with the fee and remainder credited to the platform account.
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/index.ts';
import { quizzes } from '../db/schema.ts';
import type { LedgerOperation } from '../wallet/ledger.ts';
import { applyBatch, type BatchOutcome } from '../wallet/batch.ts';
import { splitPool } from '../../lib/quiz/payout.ts';
import {
  BET_RESULT,
  QUIZ_STATUS,
  type QuizOption,
  type QuizStakeView,
  type QuizView,
} from '../../lib/quiz/types.ts';
import { PLATFORM_ID, QUIZ_ESCROW_ID } from './accounts.ts';
import { QuizError } from './service.ts';
import { findQuiz } from './views.ts';

/** Stakes paid per transaction: measured on PostgreSQL, 250-500 settle 10,000 stakes fastest (the ledger_batch function's arrays grow with the chunk). */
export const SETTLE_CHUNK = 500;

/** A settlement under way. */
export type QuizJob = 'draw' | 'cancel' | 'revoke';

/** What a bettor got from a settlement, with their balances after it when they moved. */
export interface BettorResult {
  userId: number;
  stake: QuizStakeView;
  bal?: { gold: number; diamond: number };
}

/** A finished settlement: the quiz after it and each bettor's result. */
export interface Settled {
  quiz: QuizView;
  results: BettorResult[];
}

const AWAITING_DRAW = [QUIZ_STATUS.open, QUIZ_STATUS.toDraw, QUIZ_STATUS.closed] as number[];

interface LockedQuiz {
  status: number;
  job: string | null;
  winner: number | null;
  feeBp: number;
  fee: number;
  remainder: number;
  poolA: number;
  poolB: number;
}

async function lockQuiz(tx: Db, id: number): Promise<LockedQuiz | undefined> {
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

/**
 * Starts the draw of `winner`: betting stops, every stake's payout is fixed (pari-mutuel, see
 * splitPool) and the job is set. Refused unless the quiz awaits its draw.
 */
export async function startDraw(
  db: Db,
  id: number,
  winner: QuizOption,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const quiz = await lockQuiz(tx, id);
    if (!quiz) throw new QuizError('quiz.errors.notFound');
    if (!AWAITING_DRAW.includes(quiz.status) || quiz.job !== null) {
      throw new QuizError('quiz.errors.notDrawable');
    }
    const stakes = await queryRows(
      tx,
      sql`select user_id, option, amount from quiz_stakes where quiz_id = ${id} order by user_id`,
    );
    const split = splitPool(
      stakes.map((s) => ({
        userId: Number(s.user_id),
        option: Number(s.option) as QuizOption,
        amount: Number(s.amount),
      })),
      winner,
      quiz.feeBp,
    );
    if (stakes.length > 0) {
      const payouts = JSON.stringify(
        stakes.map((s, i) => ({ u: Number(s.user_id), p: split.payouts[i] })),
      );
      await tx.execute(sql`
        update quiz_stakes s set payout = p.p, result = ${BET_RESULT.calculating}, updated_at = now()
        from jsonb_to_recordset(${payouts}::jsonb) as p (u integer, p bigint)
        where s.quiz_id = ${id} and s.user_id = p.u`);
    }
    await tx
      .update(quizzes)
      .set({
        job: 'draw',
        winner,
        fee: split.fee,
        remainder: split.remainder,
        status: quiz.status === QUIZ_STATUS.open ? QUIZ_STATUS.closed : quiz.status,
        closedAt: sql`coalesce(${quizzes.closedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(quizzes.id, id));
  });
}

/**
 * Starts an administrator's cancellation: before the draw every stake is refunded; after it the
 * winnings are taken back and the stakes refunded (cancellation after draw). A cancellation
 * that stopped half-way (the platform reserve could not cover spent winnings) is taken up again.
 * Returns the job to run.
 */
export async function startCancel(
  db: Db,
  id: number,
  adminId: number,
  now = new Date(),
): Promise<QuizJob> {
  return db.transaction(async (tx) => {
    const quiz = await lockQuiz(tx, id);
    if (!quiz) throw new QuizError('quiz.errors.notFound');
    if (quiz.job === 'cancel' || quiz.job === 'revoke') return quiz.job;
    if (quiz.job !== null) throw new QuizError('quiz.errors.settling');
    let job: QuizJob;
    if (AWAITING_DRAW.includes(quiz.status)) job = 'cancel';
    else if (quiz.status === QUIZ_STATUS.drawn) job = 'revoke';
    else throw new QuizError('quiz.errors.notCancellable');
    await tx.execute(sql`
      update quiz_stakes set result = ${BET_RESULT.calculating}, updated_at = now()
      ${job === 'cancel' ? sql`, payout = 0` : sql``}
      where quiz_id = ${id}`);
    await tx
      .update(quizzes)
      .set({
        job,
        cancelledBy: adminId,
        closedAt: sql`coalesce(${quizzes.closedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(quizzes.id, id));
    return job;
  });
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
interface JobRun {
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

async function runDraw(run: JobRun, quiz: LockedQuiz): Promise<void> {
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

async function runCancel(run: JobRun): Promise<void> {
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
async function runRevoke(run: JobRun, quiz: LockedQuiz): Promise<void> {
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

const running = new Map<string, Promise<Settled | undefined>>();

/**
 * Runs the quiz's job to the end (see the module comment); undefined when it has none. Calls for
 * one quiz in one process share the run.
 */
export function runJob(
  db: Db,
  id: number,
  options: { chunk?: number; onChunk?: (settled: number) => void } = {},
): Promise<Settled | undefined> {
  const key = `${id}`;
  const current = running.get(key);
  if (current) return current;
  const run = (async () => {
    const [row] = await queryRows(
      db,
      sql`select status, job, winner, fee_bp, fee, remainder, pool_a, pool_b from quizzes where id = ${id}`,
    );
    if (!row || row.job === null) return undefined;
    const quiz: LockedQuiz = {
      status: Number(row.status),
      job: row.job as string,
      winner: row.winner === null ? null : Number(row.winner),
      feeBp: Number(row.fee_bp),
      fee: Number(row.fee),
      remainder: Number(row.remainder),
      poolA: Number(row.pool_a),
      poolB: Number(row.pool_b),
    };
    const job: JobRun = {
      db,
      id,
      results: [],
      size: options.chunk ?? SETTLE_CHUNK,
      onChunk: options.onChunk,
    };
    if (quiz.job === 'draw') await runDraw(job, quiz);
    else if (quiz.job === 'cancel') await runCancel(job);
    else await runRevoke(job, quiz);
    return { quiz: (await findQuiz(db, id))!, results: job.results };
  })().finally(() => running.delete(key));
  running.set(key, run);
  return run;
}

/** Ids of quizzes with a job left by a stop or crash. */
export async function pendingJobs(db: Db): Promise<number[]> {
  const rows = await queryRows(db, sql`select id from quizzes where job is not null order by id`);
  return rows.map((r) => Number(r.id));
}
