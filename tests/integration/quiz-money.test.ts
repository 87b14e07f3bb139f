/**
 * Quiz money under load: 1,000 concurrent bets from 50 users with random balances and repeated
 * idempotency keys through two bet queues (as two server processes would), then a draw, a
 * cancellation before the draw and a cancellation after it where a winner had spent the
 * winnings. No balance goes negative, every pool equals its accepted stakes, and every quiz pays
 * out exactly what went in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/random.ts';
import { BET_RESULT, QUIZ_STATUS } from '../../src/lib/quiz/types.ts';
import { queryRows } from '../../src/server/db/index.ts';
import { PLATFORM_ID, QUIZ_ESCROW_ID } from '../../src/server/quiz/accounts.ts';
import { BetQueue, type Bet, type BetOutcome } from '../../src/server/quiz/bets.ts';
import { runJob, startCancel, startDraw } from '../../src/server/quiz/settle.ts';
import { findQuiz } from '../../src/server/quiz/views.ts';
import { applyMoves } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { DB_KINDS, openTestRuntime, usersWithWallets, type TestRuntime } from './helpers.ts';
import { askQuiz, expectQuizBalanced, fund, goldOf } from './quiz-helpers.ts';

const ADMIN = 100005;

describe.each(DB_KINDS)('quiz money (%s)', (kind) => {
  let t: TestRuntime;
  let users: number[];
  const start = new Map<number, number>();
  let quizA: number;
  let quizB: number;
  const accepted = new Map<number, number>(); // user -> gold staked in total
  // The demo quizzes hold stakes and fees already: these quizzes are measured from here.
  let escrowBefore = 0;
  let platformBefore = 0;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    users = await usersWithWallets(t.rt.db, '1771', 50);
    const rand = seededRandom(14);
    // Random balances: some users can afford many bets, some one, some none.
    await fund(t.rt.db, users, () => Math.floor(rand() * 40) * 250, 'money');
    for (const u of users) start.set(u, await goldOf(t.rt.db, u));
    escrowBefore = await goldOf(t.rt.db, QUIZ_ESCROW_ID);
    platformBefore = await goldOf(t.rt.db, PLATFORM_ID);
    quizA = (await askQuiz(t.rt.db, { minBet: 100, feeBp: 250 })).guess_id;
    quizB = (await askQuiz(t.rt.db, { minBet: 200 })).guess_id;
  }, 60_000);
  afterAll(async () => t?.dispose());

  it('takes 1,000 concurrent bets with repeats and never lets a balance or a pool drift', async () => {
    const rand = seededRandom(2026);
    const queues = [new BetQueue(t.rt.db), new BetQueue(t.rt.db)];
    const bets: Bet[] = [];
    for (let i = 0; i < 1_000; i += 1) {
      const userId = users[Math.floor(rand() * users.length)]!;
      // A user sticks to one side per quiz most of the time, and now and then tries the other.
      const quizId = rand() < 0.6 ? quizA : quizB;
      const option = ((userId + (rand() < 0.1 ? 1 : 0)) % 2) + 1;
      // One bet in five repeats an earlier key of the same user (a retried press).
      const earlier = bets.filter((b) => b.userId === userId);
      const repeat = rand() < 0.2 && earlier.length > 0;
      bets.push(
        repeat
          ? earlier[Math.floor(rand() * earlier.length)]!
          : {
              userId,
              quizId,
              option: option as 1 | 2,
              amount: [100, 200, 500, 1_000, 90][Math.floor(rand() * 5)]!,
              clientMsgId: `k${i}`,
            },
      );
    }
    const outcomes: BetOutcome[] = await Promise.all(
      bets.map((bet, i) => queues[i % 2]!.place(bet)),
    );
    const statuses = new Map<string, number>();
    for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    // Every kind of answer happened: accepted, repeats, short, below the minimum, other side.
    for (const s of ['ok', 'replayed', 'short', 'below_min', 'other_option']) {
      expect(statuses.get(s) ?? 0, s).toBeGreaterThan(0);
    }
    const seen = new Set<string>();
    outcomes.forEach((o, i) => {
      const bet = bets[i]!;
      const key = `${bet.userId}:${bet.clientMsgId}`;
      if (o.status === 'ok') {
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        accepted.set(bet.userId, (accepted.get(bet.userId) ?? 0) + bet.amount);
      }
    });
    for (const u of users) {
      expect(await goldOf(t.rt.db, u)).toBe(start.get(u)! - (accepted.get(u) ?? 0));
    }
    const pools = await queryRows(
      t.rt.db,
      sql`select q.id, q.pool_a + q.pool_b as pool, q.bettors_a + q.bettors_b as bettors,
          (select coalesce(sum(amount), 0) from quiz_stakes s where s.quiz_id = q.id) as staked,
          (select count(*) from quiz_stakes s where s.quiz_id = q.id) as stakes
        from quizzes q where q.id in (${quizA}, ${quizB})`,
    );
    let inPools = 0;
    for (const p of pools) {
      expect(Number(p.pool)).toBe(Number(p.staked));
      expect(Number(p.bettors)).toBe(Number(p.stakes));
      inPools += Number(p.pool);
    }
    expect(inPools).toBe([...accepted.values()].reduce((a, b) => a + b, 0));
    expect(await goldOf(t.rt.db, QUIZ_ESCROW_ID)).toBe(escrowBefore + inPools);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
  }, 120_000);

  it('draws with a fee, cancels before the draw, and cancels after it when a winner has spent', async () => {
    const stakeRows = async (id: number) =>
      queryRows(
        t.rt.db,
        sql`select user_id, option, amount, payout, result, debt from quiz_stakes where quiz_id = ${id}`,
      );
    // Quiz A: drawn for option 1 with a 2.5 % fee.
    await startDraw(t.rt.db, quizA, 1);
    await runJob(t.rt.db, quizA);
    const a = (await findQuiz(t.rt.db, quizA))!;
    expect(a.status).toBe(QUIZ_STATUS.drawn);
    const rowsA = await stakeRows(quizA);
    const pool = a.pool_a + a.pool_b;
    const payouts = rowsA.reduce((s, r) => s + Number(r.payout), 0);
    const [q] = await queryRows(
      t.rt.db,
      sql`select fee, remainder from quizzes where id = ${quizA}`,
    );
    expect(Number(q!.fee)).toBe(Math.floor((pool * 250) / 10_000));
    expect(payouts + Number(q!.fee) + Number(q!.remainder)).toBe(pool);
    for (const r of rowsA) {
      expect(Number(r.result)).toBe(Number(r.option) === 1 ? BET_RESULT.won : BET_RESULT.lost);
    }
    expect(await goldOf(t.rt.db, PLATFORM_ID)).toBe(
      platformBefore + Number(q!.fee) + Number(q!.remainder),
    );
    await expectQuizBalanced(t.rt.db, quizA);

    // Quiz B: cancelled before its draw, every stake refunded.
    expect(await startCancel(t.rt.db, quizB, ADMIN)).toBe('cancel');
    await runJob(t.rt.db, quizB);
    expect((await findQuiz(t.rt.db, quizB))!.status).toBe(QUIZ_STATUS.cancelled);
    for (const r of await stakeRows(quizB)) {
      expect(Number(r.result)).toBe(BET_RESULT.refunded);
      expect(Number(r.payout)).toBe(Number(r.amount));
    }
    await expectQuizBalanced(t.rt.db, quizB);

    // Quiz A cancelled after its draw: the richest winner has spent all but 1 gem of the gold.
    const winners = rowsA.filter((r) => Number(r.payout) > Number(r.amount));
    const spender = winners.sort((x, y) => Number(y.payout) - Number(x.payout))[0]!;
    const spenderId = Number(spender.user_id);
    const spent = (await goldOf(t.rt.db, spenderId)) - 100;
    await applyMoves(t.rt.db, {
      key: 'test-spend',
      kind: 'purchase',
      moves: [{ userId: spenderId, currency: 'gold', amount: -spent, kind: 'purchase' }],
    });
    // The platform holds only the fee: it cannot cover the spent winnings until topped up.
    const owed = Number(spender.payout) - Number(spender.amount);
    expect(await startCancel(t.rt.db, quizA, ADMIN)).toBe('revoke');
    // The winner owes more than the 1 gem left: part of it becomes a debt the platform covers.
    expect(owed).toBeGreaterThan(100);
    // The fee goes back to escrow first; what the platform held before must cover the debt.
    const short = owed - 100 > platformBefore;
    if (short) {
      await expect(runJob(t.rt.db, quizA)).rejects.toThrow();
      expect((await findQuiz(t.rt.db, quizA))!.settling).toBe(true);
      await applyMoves(t.rt.db, {
        key: 'test-reserve',
        kind: 'grant',
        moves: [{ userId: PLATFORM_ID, currency: 'gold', amount: 10_000_000, kind: 'grant' }],
      });
      expect(await startCancel(t.rt.db, quizA, ADMIN)).toBe('revoke');
    }
    await runJob(t.rt.db, quizA);
    expect((await findQuiz(t.rt.db, quizA))!.status).toBe(QUIZ_STATUS.revoked);
    const after = await stakeRows(quizA);
    for (const r of after) {
      const uid = Number(r.user_id);
      if (uid === spenderId) {
        expect(await goldOf(t.rt.db, uid)).toBe(0);
        expect(Number(r.debt)).toBe(owed - 100);
        expect(Number(r.result)).toBe(BET_RESULT.withdrawn);
      } else {
        expect(Number(r.debt)).toBe(0);
        // Everyone else ends as if quiz A had not been, and quiz B was refunded.
        expect(await goldOf(t.rt.db, uid)).toBe(start.get(uid)!);
      }
    }
    expect(await goldOf(t.rt.db, QUIZ_ESCROW_ID)).toBe(escrowBefore);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
    // Nothing is negative anywhere.
    const [neg] = await queryRows(t.rt.db, sql`select count(*) as n from wallets where gold < 0`);
    expect(Number(neg!.n)).toBe(0);
    // A second cancellation is refused.
    await expect(startCancel(t.rt.db, quizA, ADMIN)).rejects.toThrow('quiz.errors.notCancellable');
  }, 120_000);
});
