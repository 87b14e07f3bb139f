/**
 * What a quiz's rules forbid, over the real API and hub: bad questions and options, askers who
 * may not ask, bets below the minimum, on both sides, beyond the balance or after the close,
 * bets by the room's own staff, and closing, drawing or cancelling by the wrong people. Every
 * refusal changes nothing; a quiz nobody backed on the winning side refunds every stake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
} from '../../src/lib/realtime/protocol/index.ts';
import type { QuizView } from '../../src/lib/quiz/types.ts';
import { callApi, DB_KINDS, type TestRuntime } from './helpers.ts';
import { joinAsUser, type HubServer } from './realtime-helpers.ts';
import { authOf, expectQuizBalanced, goldOf, openQuizRoom, QUIZ_ANCHOR } from './quiz-helpers.ts';

const MANAGER = 100004;

describe.each(DB_KINDS)('quiz refusals (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  let alice: number;
  const api = { request: (url: string, init?: RequestInit) => fetch(`${server.url}${url}`, init) };

  beforeAll(async () => {
    ({
      t,
      server,
      bettors: [alice],
    } = await openQuizRoom(kind));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  it('refuses what the rules forbid and changes nothing', async () => {
    const anchor = await authOf(t.rt.db, QUIZ_ANCHOR);
    const viewer = await authOf(t.rt.db, alice);
    const bad = [
      { question: '', option_a: 'A', option_b: 'B', min_bet: 100, close_minutes: 10 },
      { question: 'x'.repeat(17), option_a: 'A', option_b: 'B', min_bet: 100, close_minutes: 10 },
      { question: 'Q', option_a: '123456789', option_b: 'B', min_bet: 100, close_minutes: 10 },
      { question: 'Q', option_a: 'A', option_b: 'B', min_bet: 100, close_minutes: 9 },
      { question: 'Q', option_a: 'A', option_b: 'B', min_bet: '100', close_minutes: 10 },
      { question: 'Q', option_a: 'A', option_b: 'B', min_bet: 50, close_minutes: 10 },
    ];
    const messages = [];
    for (const body of bad) {
      const res = await callApi(api, 'POST', '/api/guess/create', body, anchor);
      expect(res.status).toBe(1);
      messages.push(res.msg);
    }
    expect(messages[1]).toBe('The question can be at most 16 characters');
    expect(messages[3]).toBe('The close time must be at least 10 minutes');
    const zh = await callApi(api, 'POST', '/api/guess/create', bad[2], {
      ...anchor,
      lang: 'zh_cn',
    });
    expect(zh.msg).toBe('选项最多 8 个字');
    const form = {
      question: 'Next goal?',
      option_a: 'Home',
      option_b: 'Away',
      min_bet: 200,
      close_minutes: 10,
    };
    const stranger = await callApi(
      api,
      'POST',
      '/api/guess/create',
      { ...form, anchor_id: QUIZ_ANCHOR },
      viewer,
    );
    expect(stranger.msg).toBe('Creation failed: only the anchor and the room managers can do this');
    const offline = await callApi(
      api,
      'POST',
      '/api/guess/create',
      { ...form, anchor_id: 100001 },
      viewer,
    );
    expect(offline.status).toBe(1);
    const byManager = await callApi<QuizView>(
      api,
      'POST',
      '/api/guess/create',
      form,
      await authOf(t.rt.db, MANAGER),
    );
    expect(byManager.status).toBe(1); // a manager asks in the room they manage, not their own
    const quiz = (
      await callApi<QuizView>(
        api,
        'POST',
        '/api/guess/create',
        { ...form, anchor_id: QUIZ_ANCHOR },
        await authOf(t.rt.db, MANAGER),
      )
    ).data;
    expect(quiz.anchor_id).toBe(QUIZ_ANCHOR);

    const a = await joinAsUser(server, t.rt, alice, QUIZ_ANCHOR);
    const m = await joinAsUser(server, t.rt, MANAGER, QUIZ_ANCHOR);
    const before = await goldOf(t.rt.db, alice);
    // Each refusal names the bet it refuses by its client_msg_id.
    const refusal = async (data: unknown, id: string) => {
      a.send(CLIENT_FRAME.bet, data);
      return (await a.next(SERVER_FRAME.error, (d: ErrorData) => d.client_msg_id === id))
        .data as ErrorData;
    };
    expect(
      (
        await refusal(
          { guess_id: quiz.guess_id, option: 1, amount: 199, client_msg_id: 'r1' },
          'r1',
        )
      ).msg,
    ).toBe('The minimum bet is 2 gems');
    expect(
      (
        await refusal(
          { guess_id: quiz.guess_id, option: 3, amount: 500, client_msg_id: 'r2' },
          'r2',
        )
      ).code,
    ).toBe(REALTIME_ERROR.badFrame);
    expect(
      (
        await refusal(
          { guess_id: quiz.guess_id, option: 1, amount: '500', client_msg_id: 'r3' },
          'r3',
        )
      ).code,
    ).toBe(REALTIME_ERROR.badFrame);
    expect(
      (
        await refusal(
          { guess_id: quiz.guess_id, option: 1, amount: 10_000_000, client_msg_id: 'r4' },
          'r4',
        )
      ).code,
    ).toBe(REALTIME_ERROR.insufficientBalance);
    expect(
      (await refusal({ guess_id: 999_999, option: 1, amount: 500, client_msg_id: 'r5' }, 'r5')).msg,
    ).toBe('This quiz does not exist');
    // A bet without a valid id is refused without one.
    a.send(CLIENT_FRAME.bet, {
      guess_id: quiz.guess_id,
      option: 1,
      amount: 500,
      client_msg_id: 'not valid',
    });
    expect(
      (
        (await a.next(SERVER_FRAME.error, (d: ErrorData) => d.client_msg_id === undefined))
          .data as ErrorData
      ).code,
    ).toBe(REALTIME_ERROR.badFrame);
    expect(await goldOf(t.rt.db, alice)).toBe(before);
    a.send(CLIENT_FRAME.bet, {
      guess_id: quiz.guess_id,
      option: 1,
      amount: 500,
      client_msg_id: 'ok-1',
    });
    await a.next(SERVER_FRAME.betRep);
    expect(
      (
        await refusal(
          { guess_id: quiz.guess_id, option: 2, amount: 500, client_msg_id: 'r6' },
          'r6',
        )
      ).msg,
    ).toBe('You have already bet on the other option');
    m.send(CLIENT_FRAME.bet, {
      guess_id: quiz.guess_id,
      option: 2,
      amount: 500,
      client_msg_id: 'm-1',
    });
    expect((await m.next(SERVER_FRAME.error)).data).toMatchObject({
      msg: 'The anchor and the room managers cannot bet on their own quizzes',
      client_msg_id: 'm-1',
    });
    // A viewer cannot close, draw or cancel; the anchor cannot cancel.
    expect(
      (await callApi(api, 'POST', '/api/guess/close', { guess_id: quiz.guess_id }, viewer)).msg,
    ).toBe('Closing failed: only the anchor and the room managers can do this');
    expect(
      (
        await callApi(
          api,
          'POST',
          '/api/guess/draw',
          { guess_id: quiz.guess_id, winner: 1 },
          viewer,
        )
      ).status,
    ).toBe(1);
    expect(
      (await callApi(api, 'POST', '/api/admin/guess/cancel', { guess_id: quiz.guess_id }, anchor))
        .msg,
    ).toBe('Only administrators can do this');
    // Closed early: no more bets; closing twice fails; drawing works once.
    expect(
      (await callApi(api, 'POST', '/api/guess/close', { guess_id: quiz.guess_id }, anchor)).status,
    ).toBe(0);
    expect(
      (await callApi(api, 'POST', '/api/guess/close', { guess_id: quiz.guess_id }, anchor)).msg,
    ).toBe('Closing failed: the quiz is not taking bets');
    expect(
      (
        await refusal(
          { guess_id: quiz.guess_id, option: 1, amount: 500, client_msg_id: 'r7' },
          'r7',
        )
      ).msg,
    ).toBe('Betting on this quiz has closed');
    const afterBet = await goldOf(t.rt.db, alice);
    expect(afterBet).toBe(before - 500);
    // Nobody backed B: drawing B refunds every stake.
    expect(
      (
        await callApi(
          api,
          'POST',
          '/api/guess/draw',
          { guess_id: quiz.guess_id, winner: 2 },
          anchor,
        )
      ).status,
    ).toBe(0);
    expect(await goldOf(t.rt.db, alice)).toBe(before);
    const again = await callApi(
      api,
      'POST',
      '/api/guess/draw',
      { guess_id: quiz.guess_id, winner: 1 },
      anchor,
    );
    expect(again.msg).toBe('Draw failed: the quiz has been drawn or cancelled already');
    expect(await goldOf(t.rt.db, alice)).toBe(before);
    await expectQuizBalanced(t.rt.db, quiz.guess_id);
    a.close();
    m.close();
  });
});
