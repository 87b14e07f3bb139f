/**
 * Shared steps of the quiz suites: a room with bettors and the hub, sessions, asking a quiz,
 * funding bettors, the money check.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createSession } from '../../src/server/sessions.ts';
import { queryRows, type Db } from '../../src/server/db/index.ts';
import { PLATFORM_ID, QUIZ_ESCROW_ID } from '../../src/server/quiz/accounts.ts';
import { createQuiz } from '../../src/server/quiz/service.ts';
import { applyMoves, readBalances } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import type { QuizView } from '../../src/lib/quiz/types.ts';
import { openTestRuntime, usersWithWallets, type DbKind, type TestRuntime } from './helpers.ts';
import { startHubServer, type HubServer } from './realtime-helpers.ts';

/** The demo anchor whose room is live. */
export const QUIZ_ANCHOR = 100003;

/** An Authorization header for a new session of `userId`. */
export async function authOf(db: Db, userId: number): Promise<Record<string, string>> {
  const token = await createSession(db, userId, `quiz-${userId}-${Math.random()}`);
  return { authorization: `Bearer ${token}` };
}

/** Asks a quiz in the anchor's room directly through the service. */
export async function askQuiz(
  db: Db,
  extra: { minBet?: number; feeBp?: number } = {},
): Promise<QuizView> {
  return createQuiz(db, {
    anchorId: QUIZ_ANCHOR,
    byUserId: QUIZ_ANCHOR,
    question: 'First to score?',
    optionA: 'Arsenal',
    optionB: 'City',
    minBet: extra.minBet ?? 100,
    closeMinutes: 30,
    feeBp: extra.feeBp ?? 0,
  });
}

/** Gives each user `amount` gold through the ledger. */
export async function fund(
  db: Db,
  ids: number[],
  amount: number | ((i: number) => number),
  tag: string,
) {
  for (const [i, userId] of ids.entries()) {
    const value = typeof amount === 'number' ? amount : amount(i);
    if (value <= 0) continue;
    await applyMoves(db, {
      key: `test-fund:${tag}:${userId}`,
      kind: 'grant',
      moves: [{ userId, currency: 'gold', amount: value, kind: 'grant' }],
    });
  }
}

/**
 * A quiz room over the real API and hub: a runtime of `kind`, three bettors holding 10,000 gems
 * each, and a listening hub server. The caller closes the server and disposes of the runtime.
 */
export async function openQuizRoom(
  kind: DbKind,
): Promise<{ t: TestRuntime; server: HubServer; bettors: [number, number, number] }> {
  const t = await openTestRuntime(kind);
  const ids = await usersWithWallets(t.rt.db, '1770000', 3);
  await fund(t.rt.db, ids, 10_000, 'life');
  const server = await startHubServer(t.rt, { tickMs: 20 });
  return { t, server, bettors: ids as [number, number, number] };
}

/** Gold of a user. */
export const goldOf = async (db: Db, userId: number) => (await readBalances(db, userId)).gold;

/**
 * The money rule of a settled quiz, from the ledger: the stakes that went in equal what came
 * out to bettors plus what went to the platform, and nothing of it is left in escrow.
 */
export async function expectQuizBalanced(db: Db, quizId: number): Promise<void> {
  const [row] = await queryRows(
    db,
    sql`select
      coalesce(sum(amount) filter (where user_id = ${QUIZ_ESCROW_ID} and amount > 0), 0) as escrow_in,
      coalesce(-sum(amount) filter (where user_id = ${QUIZ_ESCROW_ID} and amount < 0), 0) as escrow_out,
      coalesce(sum(amount) filter (where user_id = ${QUIZ_ESCROW_ID}), 0) as escrow_net,
      coalesce(sum(amount) filter (where user_id = ${PLATFORM_ID}), 0) as platform
    from ledger_entries where reference = ${`quiz:${quizId}`}
      or reference like ${`quiz:${quizId}:%`}`,
  );
  expect(Number(row!.escrow_net)).toBe(0);
  const [quiz] = await queryRows(
    db,
    sql`select pool_a + pool_b as pool, fee, remainder, status from quizzes where id = ${quizId}`,
  );
  const [paid] = await queryRows(
    db,
    sql`select coalesce(sum(amount), 0) as staked from quiz_stakes where quiz_id = ${quizId}`,
  );
  expect(Number(paid!.staked)).toBe(Number(quiz!.pool));
  // Stakes in = everything out of escrow (payouts, refunds, fee and remainder).
  expect(Number(row!.escrow_out)).toBe(Number(row!.escrow_in));
  expect(isClean(await verifyLedger(db))).toBe(true);
}
