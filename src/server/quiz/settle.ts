/**
 * Draws and cancellations. Each is started in one transaction that fixes what every stake gets
 * (the quiz's `job` is set, stakes show "to be calculated"), then a job pays it out in chunks:
 * each chunk is one transaction of ledger operations (one per stake, each under its own key) and
 * the stakes' results. A crash leaves the job set; the quiz clock runs it again at start (`pendingJobs`), and the
 * keys make every payment happen once. Money rule: for every quiz, stakes = payouts + refunds +
 * fee + remainder, with the fee and remainder credited to the platform account.
 */
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/index.ts';
import { quizzes } from '../db/schema.ts';
import { splitPool } from '../../lib/quiz/payout.ts';
import { BET_RESULT, QUIZ_STATUS, type QuizOption, type QuizView } from '../../lib/quiz/types.ts';
import {
  lockQuiz,
  runCancel,
  runDraw,
  runRevoke,
  type BettorResult,
  type JobRun,
  type LockedQuiz,
  type QuizJob,
} from './payouts.ts';
import { QuizError } from './service.ts';
import { findQuiz } from './views.ts';

export type { BettorResult, QuizJob } from './payouts.ts';

/** Stakes paid per transaction: measured on PostgreSQL, 250-500 settle 10,000 stakes fastest (the ledger_batch function's arrays grow with the chunk). */
export const SETTLE_CHUNK = 500;

/** A finished settlement: the quiz after it and each bettor's result. */
export interface Settled {
  quiz: QuizView;
  results: BettorResult[];
}

const AWAITING_DRAW = [QUIZ_STATUS.open, QUIZ_STATUS.toDraw, QUIZ_STATUS.closed] as number[];

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
 * `record` runs in the same transaction (the audit row). Returns the job to run.
 */
export async function startCancel(
  db: Db,
  id: number,
  adminId: number | null,
  now = new Date(),
  record?: (tx: Db, job: QuizJob, resumed: boolean) => Promise<void>,
): Promise<QuizJob> {
  return db.transaction(async (tx) => {
    const quiz = await lockQuiz(tx, id);
    if (!quiz) throw new QuizError('quiz.errors.notFound');
    if (quiz.job === 'cancel' || quiz.job === 'revoke') {
      await record?.(tx, quiz.job, true);
      return quiz.job;
    }
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
    await record?.(tx, job, false);
    return job;
  });
}

/** Runs under way, per database and quiz (quiz ids repeat across databases). */
const runningByDb = new WeakMap<Db, Map<number, Promise<Settled | undefined>>>();

/**
 * Runs the quiz's job to the end (see the module comment); undefined when it has none. Calls for
 * one quiz of one database in one process share the run.
 */
export function runJob(
  db: Db,
  id: number,
  options: { chunk?: number; onChunk?: (settled: number) => void } = {},
): Promise<Settled | undefined> {
  let running = runningByDb.get(db);
  if (!running) {
    running = new Map();
    runningByDb.set(db, running);
  }
  const current = running.get(id);
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
  })().finally(() => running.delete(id));
  running.set(id, run);
  return run;
}

/** Ids of quizzes with a job left by a stop or crash. */
export async function pendingJobs(db: Db): Promise<number[]> {
  const rows = await queryRows(db, sql`select id from quizzes where job is not null order by id`);
  return rows.map((r) => Number(r.id));
}
