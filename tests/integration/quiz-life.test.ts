/**
 * A quiz's whole life over the real API and hub: the anchor asks, viewers bet with chips and see
 * the pools move, the anchor draws, each bettor is told their result and balance, and the money
 * adds up; a quiz stops taking bets at its close time by itself. The refusals are in
 * quiz-refusals.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
  type LoginRepData,
} from '../../src/lib/realtime/protocol/index.ts';
import {
  BET_RESULT,
  QUIZ_STATUS,
  type BetRepData,
  type GuessSettledData,
  type QuizFrameData,
  type QuizView,
} from '../../src/lib/quiz/types.ts';
import { PLATFORM_ID, QUIZ_ESCROW_ID } from '../../src/server/quiz/accounts.ts';
import { callApi, DB_KINDS, type TestRuntime } from './helpers.ts';
import { joinAsUser, type HubServer } from './realtime-helpers.ts';
import { authOf, expectQuizBalanced, goldOf, openQuizRoom, QUIZ_ANCHOR } from './quiz-helpers.ts';

describe.each(DB_KINDS)('a quiz from question to payout (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  let alice: number;
  let bob: number;
  let carol: number;
  const api = { request: (url: string, init?: RequestInit) => fetch(`${server.url}${url}`, init) };

  beforeAll(async () => {
    ({
      t,
      server,
      bettors: [alice, bob, carol],
    } = await openQuizRoom(kind));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  it('asks, takes bets from both sides, draws and pays the exact share', async () => {
    const anchor = await authOf(t.rt.db, QUIZ_ANCHOR);
    // The demo quizzes of other rooms hold stakes in escrow already: this quiz is measured apart.
    const escrowBefore = await goldOf(t.rt.db, QUIZ_ESCROW_ID);
    const platformBefore = await goldOf(t.rt.db, PLATFORM_ID);
    const a = await joinAsUser(server, t.rt, alice, QUIZ_ANCHOR);
    const b = await joinAsUser(server, t.rt, bob, QUIZ_ANCHOR);
    const c = await joinAsUser(server, t.rt, carol, QUIZ_ANCHOR);
    const created = await callApi<QuizView>(
      api,
      'POST',
      '/api/guess/create',
      {
        question: 'First to score?',
        option_a: 'Arsenal',
        option_b: 'City',
        min_bet: 100,
        close_minutes: 15,
      },
      anchor,
    );
    expect(created.msg).toBe('SUCCESS');
    const quiz = created.data;
    expect(quiz).toMatchObject({
      status: QUIZ_STATUS.open,
      pool_a: 0,
      pool_b: 0,
      anchor_id: QUIZ_ANCHOR,
    });
    expect(quiz.closes_at - quiz.created_at).toBe(15 * 60_000);
    const opened = (await c.next(SERVER_FRAME.quiz)).data as QuizFrameData;
    expect(opened).toMatchObject({ guess_id: quiz.guess_id, message: 'open' });

    a.send(CLIENT_FRAME.bet, {
      guess_id: quiz.guess_id,
      option: 1,
      amount: 1_000,
      client_msg_id: 'a-1',
    });
    const repA = (await a.next(SERVER_FRAME.betRep)).data as BetRepData;
    expect(repA).toMatchObject({
      guess_id: quiz.guess_id,
      stake: { option: 1, amount: 1_000, bets: 1 },
    });
    expect(repA.bal.gold).toBe(9_000);
    // The same press again is applied once; a second press adds up.
    a.send(CLIENT_FRAME.bet, {
      guess_id: quiz.guess_id,
      option: 1,
      amount: 1_000,
      client_msg_id: 'a-1',
    });
    a.send(CLIENT_FRAME.bet, {
      guess_id: quiz.guess_id,
      option: 1,
      amount: 500,
      client_msg_id: 'a-2',
    });
    await a.next(SERVER_FRAME.betRep, (d: BetRepData) => d.client_msg_id === 'a-2');
    b.send(CLIENT_FRAME.bet, {
      guess_id: quiz.guess_id,
      option: 2,
      amount: 2_000,
      client_msg_id: 'b-1',
    });
    await b.next(SERVER_FRAME.betRep);
    c.send(CLIENT_FRAME.bet, {
      guess_id: quiz.guess_id,
      option: 2,
      amount: 1_001,
      client_msg_id: 'c-1',
    });
    await c.next(SERVER_FRAME.betRep);
    expect(await goldOf(t.rt.db, alice)).toBe(8_500);
    // The room hears the pools (at most once a second).
    const update = await c.next(
      SERVER_FRAME.quiz,
      (d: QuizFrameData) => d.message === 'update' && d.guess.pool_b === 3_001,
    );
    expect((update.data as QuizFrameData).guess).toMatchObject({
      pool_a: 1_500,
      bettors_a: 1,
      bettors_b: 2,
    });

    // The anchor shows the quiz to the room again; a viewer may not.
    const host = await joinAsUser(server, t.rt, QUIZ_ANCHOR, QUIZ_ANCHOR);
    host.send(CLIENT_FRAME.quizPrompt, { guess_id: quiz.guess_id, groupId: String(QUIZ_ANCHOR) });
    expect((await host.next(SERVER_FRAME.quizPrompt)).data).toEqual({ guess_id: quiz.guess_id });
    await c.next(SERVER_FRAME.quiz, (d: QuizFrameData) => d.message === 'prompt');
    a.send(CLIENT_FRAME.quizPrompt, { guess_id: quiz.guess_id, groupId: String(QUIZ_ANCHOR) });
    expect(((await a.next(SERVER_FRAME.error)).data as ErrorData).code).toBe(
      REALTIME_ERROR.forbidden,
    );
    host.close();

    const drawn = await callApi<QuizView>(
      api,
      'POST',
      '/api/guess/draw',
      { guess_id: quiz.guess_id, winner: 2 },
      anchor,
    );
    expect(drawn.status).toBe(0);
    expect(drawn.data).toMatchObject({ status: QUIZ_STATUS.drawn, winner: 2, settling: false });
    // Pool 4,501 shared by 3,001 on B: bob 2,000 × 4,501 / 3,001 = 2,999 (rounded down),
    // carol 1,001 × 4,501 / 3,001 = 1,501; the remainder 1 goes to the platform.
    const settledB = (
      await b.next(SERVER_FRAME.guessSettled, (d: GuessSettledData) => d.mine !== undefined)
    ).data as GuessSettledData;
    expect(settledB.mine).toMatchObject({
      result: BET_RESULT.won,
      payout: 2_999,
      bal: { gold: 8_000 + 2_999 },
    });
    const settledA = (
      await a.next(SERVER_FRAME.guessSettled, (d: GuessSettledData) => d.mine !== undefined)
    ).data as GuessSettledData;
    expect(settledA.mine).toMatchObject({ result: BET_RESULT.lost, payout: 0 });
    expect(await goldOf(t.rt.db, carol)).toBe(10_000 - 1_001 + 1_501);
    expect(await goldOf(t.rt.db, QUIZ_ESCROW_ID)).toBe(escrowBefore);
    expect(await goldOf(t.rt.db, PLATFORM_ID)).toBe(platformBefore + 1);
    await expectQuizBalanced(t.rt.db, quiz.guess_id);

    // Histories: the bettor's and the anchor's, and a late joiner's loginRep.
    const mine = await callApi<{ list: { result: number; payout: number }[]; total: number }>(
      api,
      'GET',
      '/api/guess/mine?page=1',
      undefined,
      await authOf(t.rt.db, bob),
    );
    expect(mine.data.list[0]).toMatchObject({ result: BET_RESULT.won, payout: 2_999 });
    const managed = await callApi<{ list: { guess_id: number; bets: number }[] }>(
      api,
      'GET',
      '/api/guess/manage',
      undefined,
      anchor,
    );
    expect(managed.data.list.find((q) => q.guess_id === quiz.guess_id)?.bets).toBe(4);
    const late = await joinAsUser(server, t.rt, bob, QUIZ_ANCHOR);
    const rep = (late.frames.find((f) => f.type === SERVER_FRAME.loginRep)!.data as LoginRepData)
      .guess;
    expect(rep.find((q) => q.guess_id === quiz.guess_id)).toMatchObject({
      status: QUIZ_STATUS.drawn,
      mine: { result: BET_RESULT.won },
    });
    for (const s of [a, b, c, late]) s.close();
  });

  it('stops taking bets at the close time by itself and tells the room', async () => {
    const watcher = await joinAsUser(server, t.rt, carol, QUIZ_ANCHOR);
    const quiz = (
      await callApi<QuizView>(
        api,
        'POST',
        '/api/guess/create',
        {
          question: 'Corner next?',
          option_a: 'Yes',
          option_b: 'No',
          min_bet: 100,
          close_minutes: 10,
        },
        await authOf(t.rt.db, QUIZ_ANCHOR),
      )
    ).data;
    // Its close time comes (moved forward here instead of waiting ten minutes).
    await t.rt.db.execute(
      sql`update quizzes set closes_at = now() - interval '1 second' where id = ${quiz.guess_id}`,
    );
    const closed = await watcher.next(
      SERVER_FRAME.quiz,
      (d: QuizFrameData) => d.guess_id === quiz.guess_id && d.message === 'closed',
    );
    expect((closed.data as QuizFrameData).guess.status).toBe(QUIZ_STATUS.toDraw);
    watcher.send(CLIENT_FRAME.bet, {
      guess_id: quiz.guess_id,
      option: 1,
      amount: 100,
      client_msg_id: 'late',
    });
    expect(((await watcher.next(SERVER_FRAME.error)).data as ErrorData).msg).toBe(
      'Betting on this quiz has closed',
    );
    // Drawn with no bets: nothing moves, the quiz is settled.
    const drawn = await callApi<QuizView>(
      api,
      'POST',
      '/api/guess/draw',
      { guess_id: quiz.guess_id, winner: 1 },
      await authOf(t.rt.db, QUIZ_ANCHOR),
    );
    expect(drawn.data.status).toBe(QUIZ_STATUS.drawn);
    watcher.close();
  });
});
