/** Games: server-side rolls, free plays per Beijing day, stored points, refusals and switches. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_FREE_PLAYS } from '../../src/lib/games/catalog.ts';
import { BOARD, CHANCE_PRIZES, START_BONUS } from '../../src/lib/games/monopoly.ts';
import { sieveOutcome } from '../../src/lib/games/sieve.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { gamesOpen, talentListOpen } from '../../src/server/config/switches.ts';
import {
  appConfig,
  gamePlayers,
  gamePlays,
  ledgerEntries,
  users,
  wallets,
} from '../../src/server/db/schema.ts';
import type { Rng } from '../../src/server/games/dice.ts';
import { GAME_RATE } from '../../src/server/games/routes.ts';
import { gameState, playMonopoly, playSieve } from '../../src/server/games/service.ts';
import type { GameState, MonopolyRoll, SieveRoll } from '../../src/lib/games/api-types.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime, userIdByMobile } from './helpers.ts';

/** An Rng that answers the given values in turn (each must be below the asked maximum). */
function scripted(values: number[]): Rng {
  let i = 0;
  return (max) => {
    const v = values[i++ % values.length]!;
    if (v >= max) throw new Error(`scripted value ${v} not below ${max}`);
    return v;
  };
}

describe.each(DB_KINDS)('games on %s', (kind) => {
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;
  let userSeq = 0;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = createApi(t.rt);
  });
  afterAll(async () => t?.dispose());

  /** A fresh member and the headers of a session of theirs. */
  async function member(): Promise<{ id: number; headers: Record<string, string> }> {
    userSeq += 1;
    const [row] = await t.rt.db
      .insert(users)
      .values({ mobile: `1370000${String(userSeq).padStart(4, '0')}`, nickName: `Gamer${userSeq}` })
      .returning({ id: users.id });
    const token = await createSession(t.rt.db, row!.id, 'games-test');
    return { id: row!.id, headers: { authorization: `Bearer ${token}` } };
  }

  const plays = async (userId: number) =>
    (await t.rt.db.select({ n: count() }).from(gamePlays).where(eq(gamePlays.userId, userId)))[0]!
      .n;

  it('refuses guests with status 2 and stores nothing', async () => {
    const [before] = await t.rt.db.select({ n: count() }).from(gamePlays);
    for (const [method, path, body] of [
      ['GET', '/api/game/state', undefined],
      ['POST', '/api/game/sieve/roll', { bet: 'big' }],
      ['POST', '/api/game/monopoly/roll', {}],
    ] as const) {
      const res = await callApi(api, method, path, body);
      expect(res, path).toMatchObject({ status: 2, msg: 'Please log in first' });
    }
    const [after] = await t.rt.db.select({ n: count() }).from(gamePlays);
    expect(after!.n).toBe(before!.n);
  });

  it('rolls the dice on the server, scores the guess and stores the play and points', async () => {
    const { id, headers } = await member();
    const state = await callApi<GameState>(api, 'GET', '/api/game/state', undefined, headers);
    expect(state.data).toEqual({
      free_plays: DAILY_FREE_PLAYS,
      total_points: 0,
      games: {
        sieve: { plays_left: DAILY_FREE_PLAYS, points: 0, position: 0 },
        monopoly: { plays_left: DAILY_FREE_PLAYS, points: 0, position: 0 },
      },
    });
    let sum = 0;
    for (const [i, body] of [
      { bet: 'big' },
      { bet: 'small' },
      { bet: 'total', total: 10 },
    ].entries()) {
      const res = await callApi<SieveRoll>(api, 'POST', '/api/game/sieve/roll', body, headers);
      expect(res.status).toBe(0);
      const { dice } = res.data;
      expect(dice).toHaveLength(3);
      for (const d of dice) expect([1, 2, 3, 4, 5, 6]).toContain(d);
      const bet =
        body.bet === 'total' ? { kind: 'total' as const, total: 10 } : { kind: body.bet as 'big' };
      const expected = sieveOutcome(dice, bet);
      expect(res.data).toMatchObject({ ...expected, plays_left: DAILY_FREE_PLAYS - i - 1 });
      sum += expected.points;
      expect(res.data.game_points).toBe(sum);
      expect(res.data.total_points).toBe(sum);
    }
    const rows = await t.rt.db.select().from(gamePlays).where(eq(gamePlays.userId, id));
    expect(rows.map((r) => r.bet)).toEqual(['big', 'small', 'total:10']);
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(sum);
    const [player] = await t.rt.db.select().from(gamePlayers).where(eq(gamePlayers.userId, id));
    expect(player).toMatchObject({ game: 'sieve', playsToday: 3, points: sum });
  });

  it('refuses bad guesses with a clear message and takes no play', async () => {
    const { id, headers } = await member();
    const cases: [unknown, string][] = [
      [{ bet: 'huge' }, 'Choose big, small or an exact total'],
      [{}, 'Choose big, small or an exact total'],
      [{ bet: 'total' }, 'Choose a total from 3 to 18'],
      [{ bet: 'total', total: 19 }, 'Choose a total from 3 to 18'],
      [{ bet: 'total', total: 2 }, 'Choose a total from 3 to 18'],
      [{ bet: 'total', total: 7.5 }, 'Must be a whole number'],
      [{ bet: 'total', total: '11' }, 'Must be a number'],
      ['{not json', 'The request body is not valid JSON'],
    ];
    for (const [body, msg] of cases) {
      const res = await callApi(api, 'POST', '/api/game/sieve/roll', body, headers);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 1, msg });
    }
    const zh = await callApi(
      api,
      'POST',
      '/api/game/sieve/roll',
      { bet: 'total', total: 20 },
      {
        ...headers,
        lang: 'zh_cn',
      },
    );
    expect(zh.msg).toBe('请选择 3 到 18 之间的点数');
    expect(await plays(id)).toBe(0);
    const state = await gameState(t.rt.db, id);
    expect(state.games.sieve.plays_left).toBe(DAILY_FREE_PLAYS);
  });

  it(`gives ${DAILY_FREE_PLAYS} free plays per game and day, even to parallel requests`, async () => {
    const { id, headers } = await member();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        callApi<SieveRoll>(api, 'POST', '/api/game/sieve/roll', { bet: 'small' }, headers),
      ),
    );
    expect(results.filter((r) => r.status === 0)).toHaveLength(DAILY_FREE_PLAYS);
    const refused = results.filter((r) => r.status !== 0);
    expect(refused).toHaveLength(12 - DAILY_FREE_PLAYS);
    expect(refused[0]!.msg).toBe(
      `No free plays left today (${DAILY_FREE_PLAYS} a day). Come back tomorrow!`,
    );
    expect(await plays(id)).toBe(DAILY_FREE_PLAYS);
    const points = results.reduce((s, r) => s + (r.status === 0 ? r.data.points : 0), 0);
    const state = await gameState(t.rt.db, id);
    expect(state.games.sieve).toMatchObject({ plays_left: 0, points });
    // Each game has its own plays.
    const board = await callApi<MonopolyRoll>(api, 'POST', '/api/game/monopoly/roll', {}, headers);
    expect(board.status).toBe(0);
    expect(board.data.plays_left).toBe(DAILY_FREE_PLAYS - 1);
    expect(board.data.total_points).toBe(points + board.data.points);
  });

  it('starts the free plays again at midnight Beijing time', async () => {
    const { id } = await member();
    const lateEvening = new Date('2031-05-01T15:59:00Z'); // 23:59 in Beijing
    for (let i = 0; i < DAILY_FREE_PLAYS; i += 1) {
      await playSieve(t.rt.db, id, { kind: 'big' }, { now: lateEvening });
    }
    await expect(playSieve(t.rt.db, id, { kind: 'big' }, { now: lateEvening })).rejects.toThrow(
      'games.api.noPlaysLeft',
    );
    const midnight = new Date('2031-05-01T16:00:00Z');
    expect((await gameState(t.rt.db, id, midnight)).games.sieve.plays_left).toBe(DAILY_FREE_PLAYS);
    const next = await playSieve(t.rt.db, id, { kind: 'big' }, { now: midnight });
    expect(next.plays_left).toBe(DAILY_FREE_PLAYS - 1);
    const days = await t.rt.db
      .select({ day: gamePlays.day })
      .from(gamePlays)
      .where(eq(gamePlays.userId, id));
    expect(new Set(days.map((d) => d.day))).toEqual(new Set(['2031-05-01', '2031-05-02']));
  });

  it('moves the monopoly token from where it stopped and scores tiles, chances and the start', async () => {
    const { id } = await member();
    const now = new Date('2031-06-01T04:00:00Z');
    // Die 3 (rng 2) from 0 lands on the first chance tile; chance index 4 is the top prize.
    const first = await playMonopoly(t.rt.db, id, { now, rng: scripted([2, 4]) });
    expect(BOARD[3]!.kind).toBe('chance');
    expect(first).toMatchObject({
      die: 3,
      from: 0,
      path: [1, 2, 3],
      position: 3,
      chance_points: CHANCE_PRIZES[4],
      points: CHANCE_PRIZES[4],
    });
    // Die 6 from 3 stops on tile 9; one more reaches the 100-point jackpot corner.
    const second = await playMonopoly(t.rt.db, id, { now, rng: scripted([5, 0]) });
    expect(second).toMatchObject({ from: 3, position: 9, points: BOARD[9]!.points });
    const third = await playMonopoly(t.rt.db, id, { now, rng: scripted([0, 0]) });
    expect(third).toMatchObject({ from: 9, position: 10, points: 100, chance_points: null });
    await t.rt.db.update(gamePlayers).set({ position: 18 }).where(eq(gamePlayers.userId, id));
    const lap = await playMonopoly(t.rt.db, id, { now, rng: scripted([3, 0]) });
    expect(lap).toMatchObject({
      from: 18,
      path: [19, 0, 1, 2],
      position: 2,
      passed_start: true,
      points: BOARD[2]!.points + START_BONUS,
    });
    const state = await gameState(t.rt.db, id, now);
    expect(state.games.monopoly).toEqual({
      plays_left: DAILY_FREE_PLAYS - 4,
      position: 2,
      points: first.points + second.points + third.points + lap.points,
    });
  });

  it('the board game over the API remembers the token between requests', async () => {
    const { headers } = await member();
    const a = await callApi<MonopolyRoll>(api, 'POST', '/api/game/monopoly/roll', {}, headers);
    const b = await callApi<MonopolyRoll>(api, 'POST', '/api/game/monopoly/roll', {}, headers);
    expect(a.data.from).toBe(0);
    expect(a.data.die).toBeGreaterThanOrEqual(1);
    expect(a.data.die).toBeLessThanOrEqual(6);
    expect(a.data.position).toBe(a.data.die);
    expect(b.data.from).toBe(a.data.position);
    expect(b.data.path).toHaveLength(b.data.die);
  });

  it('never touches gold, diamond or the ledger', async () => {
    const viewer = await userIdByMobile(t.rt.db, '13900000001');
    const headers = { authorization: `Bearer ${await createSession(t.rt.db, viewer, 'g')}` };
    const [walletBefore] = await t.rt.db.select().from(wallets).where(eq(wallets.userId, viewer));
    const [ledgerBefore] = await t.rt.db.select({ n: count() }).from(ledgerEntries);
    await callApi(api, 'POST', '/api/game/sieve/roll', { bet: 'big' }, headers);
    await callApi(api, 'POST', '/api/game/monopoly/roll', {}, headers);
    const [walletAfter] = await t.rt.db.select().from(wallets).where(eq(wallets.userId, viewer));
    const [ledgerAfter] = await t.rt.db.select({ n: count() }).from(ledgerEntries);
    expect(walletAfter).toEqual(walletBefore);
    expect(ledgerAfter!.n).toBe(ledgerBefore!.n);
  });

  it(`limits rolls to ${GAME_RATE.perMinute} a minute per user`, async () => {
    const { headers } = await member();
    const answers = [];
    for (let i = 0; i < GAME_RATE.perMinute + 1; i += 1) {
      answers.push(await callApi(api, 'POST', '/api/game/sieve/roll', { bet: 'nope' }, headers));
    }
    expect(answers.slice(0, -1).every((a) => a.http === 200)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ http: 429, status: 1 });
  });

  it('follows lottery_switch and talent_list_status', async () => {
    const { id, headers } = await member();
    const set = (key: string, value: number) =>
      t.rt.db.update(appConfig).set({ value }).where(eq(appConfig.key, key));
    expect(await gamesOpen(t.rt.db)).toBe(true);
    expect(await talentListOpen(t.rt.db)).toBe(true);
    await set('lottery_switch', 0);
    await set('talent_list_status', 0);
    try {
      expect(await gamesOpen(t.rt.db)).toBe(false);
      expect(await talentListOpen(t.rt.db)).toBe(false);
      const roll = await callApi(api, 'POST', '/api/game/sieve/roll', { bet: 'big' }, headers);
      expect(roll).toMatchObject({ status: 1, msg: 'Games are closed right now' });
      const talent = await callApi(api, 'GET', '/api/live/talentList');
      expect(talent).toMatchObject({ status: 1, msg: 'The talent list is not open right now' });
      expect(await plays(id)).toBe(0);
    } finally {
      await set('lottery_switch', 1);
      await set('talent_list_status', 1);
    }
    const again = await callApi(api, 'POST', '/api/game/sieve/roll', { bet: 'big' }, headers);
    expect(again.status).toBe(0);
  });
});
