/**
 * Cancellations an administrator must be able to finish, over the real API and hub: a winner
 * stakes the winnings on another quiz, the cancellation of the first quiz stops because the
 * platform reserve cannot cover them, the administrator tops the platform account up from the
 * console (audited) and cancels again, and every quiz balances with a clean ledger. Also: a bet
 * press id reused on another quiz is a new bet there, and a replay on its own quiz.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReserveView, TopUpView } from '../../src/lib/admin/views.ts';
import { CLIENT_FRAME, SERVER_FRAME, type Frame } from '../../src/lib/realtime/protocol/index.ts';
import {
  BET_RESULT,
  QUIZ_STATUS,
  type BetRepData,
  type QuizView,
} from '../../src/lib/quiz/types.ts';
import { queryRows } from '../../src/server/db/index.ts';
import { adminAudit } from '../../src/server/db/schema.ts';
import { PLATFORM_ID, QUIZ_ESCROW_ID } from '../../src/server/quiz/accounts.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import {
  callApi,
  DB_KINDS,
  openTestRuntime,
  usersWithWallets,
  type TestRuntime,
} from './helpers.ts';
import { joinAsUser, startHubServer, type HubServer, type TestClient } from './realtime-helpers.ts';
import { authOf, expectQuizBalanced, fund, goldOf, QUIZ_ANCHOR } from './quiz-helpers.ts';
import { until } from './wait.ts';

const ADMIN = 100005;

describe.each(DB_KINDS)('cancellations that stall and are finished (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  let winner: number;
  let loser: number;
  const api = { request: (url: string, init?: RequestInit) => fetch(`${server.url}${url}`, init) };

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    [winner, loser] = (await usersWithWallets(t.rt.db, '1772000', 2)) as [number, number];
    server = await startHubServer(t.rt, { tickMs: 20 });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  async function ask(question: string): Promise<QuizView> {
    const created = await callApi<QuizView>(
      api,
      'POST',
      '/api/guess/create',
      { question, option_a: 'Yes', option_b: 'No', min_bet: 100, close_minutes: 30 },
      await authOf(t.rt.db, QUIZ_ANCHOR),
    );
    expect(created.status, created.msg).toBe(0);
    return created.data;
  }

  /** Sends a bet and waits for its answer: the betRep or the error. */
  async function bet(
    client: TestClient,
    guess_id: number,
    option: 1 | 2,
    amount: number,
    client_msg_id: string,
  ): Promise<Frame> {
    const seen = client.frames.length;
    client.send(CLIENT_FRAME.bet, { guess_id, option, amount, client_msg_id });
    return until(
      'the answer to the bet',
      () =>
        client.frames
          .slice(seen)
          .find((f) => f.type === SERVER_FRAME.betRep || f.type === SERVER_FRAME.error),
      5_000,
      20,
    );
  }

  const adminCancel = async (guess_id: number, lang = 'en') =>
    callApi<QuizView & { cancelled: boolean }>(
      api,
      'POST',
      '/api/admin/guess/cancel',
      { guess_id },
      { ...(await authOf(t.rt.db, ADMIN)), lang },
    );

  it('takes a press id reused on another quiz as a new bet, and on its own quiz as a replay', async () => {
    await fund(t.rt.db, [winner], 1_000, 'press');
    const a = await ask('Corner next?');
    const b = await ask('Card next?');
    const client = await joinAsUser(server, t.rt, winner, QUIZ_ANCHOR);
    const first = await bet(client, a.guess_id, 1, 200, 'press-1');
    expect(first.type).toBe(SERVER_FRAME.betRep);
    const other = await bet(client, b.guess_id, 2, 300, 'press-1');
    expect(other.type, JSON.stringify(other.data)).toBe(SERVER_FRAME.betRep);
    expect(other.data as BetRepData).toMatchObject({
      guess_id: b.guess_id,
      client_msg_id: 'press-1',
      stake: { option: 2, amount: 300, bets: 1 },
      bal: { gold: 500 },
    });
    const replay = await bet(client, a.guess_id, 1, 200, 'press-1');
    expect(replay.data as BetRepData).toMatchObject({
      guess_id: a.guess_id,
      stake: { option: 1, amount: 200, bets: 1 },
      bal: { gold: 500 },
    });
    expect(await goldOf(t.rt.db, winner)).toBe(500);
    client.close();
    // Both cancelled before their draw: every stake comes back, each cancellation audited.
    for (const quiz of [a, b]) {
      const done = await adminCancel(quiz.guess_id);
      expect(done.data).toMatchObject({ status: QUIZ_STATUS.cancelled, cancelled: true });
      await expectQuizBalanced(t.rt.db, quiz.guess_id);
    }
    expect(await goldOf(t.rt.db, winner)).toBe(1_000);
    const audits = await t.rt.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'quiz.cancel'));
    expect(audits.map((r) => r.target)).toEqual([`quiz:${a.guess_id}`, `quiz:${b.guess_id}`]);
    expect(audits[0]).toMatchObject({ actorId: ADMIN, detail: { job: 'cancel', resumed: false } });
  });

  it('finishes a cancellation after the draw once the platform account is topped up', async () => {
    const admin = await authOf(t.rt.db, ADMIN);
    const consoleCall = (method: 'GET' | 'POST', path: string, body?: unknown, lang = 'en') =>
      callApi<unknown>(api, method, `/api/admin/console${path}`, body, { ...admin, lang });
    const platformBefore = await goldOf(t.rt.db, PLATFORM_ID);
    const escrowBefore = await goldOf(t.rt.db, QUIZ_ESCROW_ID);
    // The loser stakes more than the platform holds; the winner takes it all (no fee).
    const big = platformBefore + 500_000;
    await fund(t.rt.db, [loser], big, 'stall');
    const winnerStart = await goldOf(t.rt.db, winner);
    const first = await ask('Goal before 60?');
    const w = await joinAsUser(server, t.rt, winner, QUIZ_ANCHOR);
    const l = await joinAsUser(server, t.rt, loser, QUIZ_ANCHOR);
    expect((await bet(w, first.guess_id, 1, 1_000, 'w-1')).type).toBe(SERVER_FRAME.betRep);
    expect((await bet(l, first.guess_id, 2, big, 'l-1')).type).toBe(SERVER_FRAME.betRep);
    const drawn = await callApi<QuizView>(
      api,
      'POST',
      '/api/guess/draw',
      { guess_id: first.guess_id, winner: 1 },
      await authOf(t.rt.db, QUIZ_ANCHOR),
    );
    expect(drawn.data.status).toBe(QUIZ_STATUS.drawn);
    const won = await goldOf(t.rt.db, winner);
    expect(won).toBe(winnerStart + big);

    // The winner stakes everything on the next quiz.
    const second = await ask('Goal before 80?');
    expect((await bet(w, second.guess_id, 1, won, 'w-2')).type).toBe(SERVER_FRAME.betRep);
    expect(await goldOf(t.rt.db, winner)).toBe(0);
    w.close();
    l.close();

    // The cancellation stops: the platform cannot cover the spent winnings.
    const stalled = await adminCancel(first.guess_id);
    expect(stalled).toMatchObject({
      status: 1,
      msg: 'Cancellation failed: the platform reserve cannot cover winnings already spent; top it up and try again',
    });
    const stalledZh = await adminCancel(first.guess_id, 'zh_cn');
    expect(stalledZh.msg).toMatch(/^取消失败: 平台备付金不足/);
    const stakes = async () =>
      new Map(
        (
          await queryRows(
            t.rt.db,
            sql`select user_id, result, debt from quiz_stakes where quiz_id = ${first.guess_id}`,
          )
        ).map((r) => [Number(r.user_id), { result: Number(r.result), debt: Number(r.debt) }]),
      );
    expect((await stakes()).get(loser)!.result).toBe(BET_RESULT.calculating);
    const reserve = (await consoleCall('GET', '/reserve')).data as ReserveView;
    expect(reserve.platform).toBe(platformBefore);
    expect(reserve.cancellations).toEqual([
      {
        guess_id: first.guess_id,
        question: 'Goal before 60?',
        anchor_id: QUIZ_ANCHOR,
        job: 'revoke',
        need: big,
        short: 500_000,
      },
    ]);

    // Bad top-ups are refused with their reason, in both languages, and change nothing.
    const auditsBefore = (await t.rt.db.select().from(adminAudit)).length;
    expect((await consoleCall('POST', '/reserve/topup', { amount: 0, reason: 'x' })).status).toBe(
      1,
    );
    const noReason = await consoleCall('POST', '/reserve/topup', { amount: 100, reason: ' ' });
    expect(noReason.status).toBe(1);
    const noReasonZh = await consoleCall(
      'POST',
      '/reserve/topup',
      { amount: 100, reason: '' },
      'zh_cn',
    );
    expect(noReasonZh.status).toBe(1);
    expect(noReasonZh.msg).not.toBe(noReason.msg);
    expect(await goldOf(t.rt.db, PLATFORM_ID)).toBe(platformBefore);
    expect((await t.rt.db.select().from(adminAudit)).length).toBe(auditsBefore);

    // The top-up: one ledger operation and one audit row naming who, how much and why.
    const topped = await consoleCall('POST', '/reserve/topup', {
      amount: 500_000,
      reason: 'Cover quiz reversal',
    });
    expect(topped.status, topped.msg).toBe(0);
    expect(topped.data as TopUpView).toMatchObject({
      amount: 500_000,
      platform: platformBefore + 500_000,
    });
    const [entry] = await t.rt.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'platform.topup'));
    expect(entry).toMatchObject({
      actorId: ADMIN,
      target: `user:${PLATFORM_ID}`,
      detail: {
        amount: 500_000,
        reason: 'Cover quiz reversal',
        source: 'owner_capital',
        balance_after: platformBefore + 500_000,
      },
    });
    const after = (await consoleCall('GET', '/reserve')).data as ReserveView;
    expect(after.paid_in).toBe(500_000);
    expect(after.cancellations[0]).toMatchObject({ need: big, short: 0 });

    // Cancelling again finishes from where it stopped.
    const finished = await adminCancel(first.guess_id);
    expect(finished.status, finished.msg).toBe(0);
    expect(finished.data).toMatchObject({ status: QUIZ_STATUS.revoked, cancelled: true });
    const end = await stakes();
    expect(end.get(loser)).toEqual({ result: BET_RESULT.refunded, debt: 0 });
    // What the winner could not give back is their recorded debt; the platform covered it.
    expect(end.get(winner)).toEqual({ result: BET_RESULT.withdrawn, debt: big });
    expect(await goldOf(t.rt.db, loser)).toBe(big);
    expect(await goldOf(t.rt.db, winner)).toBe(0);
    expect(await goldOf(t.rt.db, PLATFORM_ID)).toBe(platformBefore + 500_000 - big);
    expect(await goldOf(t.rt.db, QUIZ_ESCROW_ID)).toBe(escrowBefore + won);
    await expectQuizBalanced(t.rt.db, first.guess_id);
    expect(((await consoleCall('GET', '/reserve')).data as ReserveView).cancellations).toEqual([]);
    const resumed = await t.rt.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `quiz:${first.guess_id}`));
    expect(resumed.map((r) => (r.detail as { resumed: boolean }).resumed)).toEqual([
      false,
      true,
      true,
    ]);

    // The second quiz is still whole: cancelled before its draw, the winner's stake comes back.
    expect((await adminCancel(second.guess_id)).data.status).toBe(QUIZ_STATUS.cancelled);
    expect(await goldOf(t.rt.db, winner)).toBe(won);
    await expectQuizBalanced(t.rt.db, second.guess_id);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
    const [neg] = await queryRows(t.rt.db, sql`select count(*) as n from wallets where gold < 0`);
    expect(Number(neg!.n)).toBe(0);
  }, 120_000);
});
