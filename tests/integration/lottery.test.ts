/**
 * Lottery: the published odds match 100,000 seeded draws, chances spent concurrently from two
 * sessions are spent once each, prizes land in the wallet and backpack, and refusals change
 * nothing.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import {
  DEFAULT_LOTTERY_PRIZES,
  LOTTERY_CHANCE_ITEM,
  type LotteryPrize,
} from '../../src/lib/rewards/types.ts';
import { createSession } from '../../src/server/sessions.ts';
import { grantItems, itemQuantity } from '../../src/server/backpack/service.ts';
import { appConfig, lotteryDraws, users } from '../../src/server/db/schema.ts';
import { drawLottery, pickPrize } from '../../src/server/lottery/service.ts';
import { readBalances } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { apiSuite, callApi, DB_KINDS, usersWithWallets } from './helpers.ts';

/** A seeded uniform source (mulberry32), so the distribution check is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return (max: number) => Math.floor(next() * max);
}

describe('lottery odds', () => {
  it('lands on each prize as often as its published odds say, over 100,000 draws', () => {
    const below = seeded(20261125);
    const counts = new Map<number, number>();
    const n = 100_000;
    for (let i = 0; i < n; i += 1) {
      const prize = pickPrize(DEFAULT_LOTTERY_PRIZES, below);
      counts.set(prize.id, (counts.get(prize.id) ?? 0) + 1);
    }
    const total = DEFAULT_LOTTERY_PRIZES.reduce((s, p) => s + p.weight, 0);
    for (const prize of DEFAULT_LOTTERY_PRIZES) {
      const p = prize.weight / total;
      // Five standard deviations of a binomial count: a fair source fails this about never.
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs((counts.get(prize.id) ?? 0) - n * p), `prize ${prize.id}`).toBeLessThan(
        5 * sd,
      );
    }
  });

  it('maps the edges of the range to the first and last prize', () => {
    const prizes: LotteryPrize[] = [
      { id: 1, weight: 3, color: '#000000', reward: { reward_type: 0, quantity: 1, props_id: 0 } },
      { id: 2, weight: 1, color: '#ffffff', reward: { reward_type: 1, quantity: 1, props_id: 0 } },
    ];
    expect(pickPrize(prizes, () => 0).id).toBe(1);
    expect(pickPrize(prizes, () => 2).id).toBe(1);
    expect(pickPrize(prizes, () => 3).id).toBe(2);
    expect(() => pickPrize(prizes, () => 4)).toThrow(RangeError);
  });
});

describe.each(DB_KINDS)('lottery on %s', (kind) => {
  const { t, api } = apiSuite(kind);
  let prefix = 13500;

  async function member(chances: number) {
    prefix += 1;
    const [id] = await usersWithWallets(t.rt.db, `${prefix}00`, 1);
    if (chances > 0) {
      await grantItems(t.rt.db, {
        userId: id!,
        type: LOTTERY_CHANCE_ITEM,
        count: chances,
        kind: 'grant',
      });
    }
    const session = async () => ({
      authorization: `Bearer ${await createSession(t.rt.db, id!, 'lottery-test')}`,
    });
    return { id: id!, session };
  }

  const draws = async (userId: number) =>
    (
      await t.rt.db.select({ n: count() }).from(lotteryDraws).where(eq(lotteryDraws.userId, userId))
    )[0]!.n;

  it('spends three chances once each when two sessions draw 12 times at once', async () => {
    const { id, session } = await member(3);
    const [a, b] = [await session(), await session()];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        callApi<{ chances: number }>(api, 'POST', '/api/lottery/draw', {}, i % 2 ? a : b),
      ),
    );
    const won = answers.filter((r) => r.status === 0);
    // A prize of spins may add chances back; count what was granted to know how many to expect.
    expect(won.length).toBeGreaterThanOrEqual(3);
    expect(await draws(id)).toBe(won.length);
    for (const r of answers.filter((x) => x.status !== 0)) {
      expect(r.msg).toBe('No spins left. Check in daily to earn more.');
    }
    expect(await itemQuantity(t.rt.db, id, { type: LOTTERY_CHANCE_ITEM })).toBe(0);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
  });

  it('pays the drawn prize into the wallet, the backpack or the level', async () => {
    const { id } = await member(4);
    // One draw on each of four prizes: gems, a colour prop, a ticket, experience.
    const land = (prizeId: number) => {
      const prizes = DEFAULT_LOTTERY_PRIZES;
      const offset = prizes
        .slice(
          0,
          prizes.findIndex((p) => p.id === prizeId),
        )
        .reduce((s, p) => s + p.weight, 0);
      return () => offset;
    };
    for (const prizeId of [2, 3, 6, 1]) {
      const outcome = await drawLottery(t.rt.db, id, land(prizeId));
      expect(outcome?.prize.id).toBe(prizeId);
    }
    expect((await readBalances(t.rt.db, id)).gold).toBe(100);
    expect(await itemQuantity(t.rt.db, id, { type: PROP_TYPE.colorful, propsId: 3 })).toBe(1);
    expect(await itemQuantity(t.rt.db, id, { type: PROP_TYPE.ticket })).toBe(1);
    const [user] = await t.rt.db.select({ exp: users.exp }).from(users).where(eq(users.id, id));
    expect(user!.exp).toBe(20);
    expect(await drawLottery(t.rt.db, id, land(1))).toBeNull();
    expect(await draws(id)).toBe(4);
  });

  it('publishes the prizes and odds to guests, and refuses their draws', async () => {
    const info = await callApi<{ prizes: { odds: number; reward: { title: string } }[] }>(
      api,
      'POST',
      '/api/lottery/getLotteryInfo',
      {},
    );
    expect(info.status).toBe(0);
    expect(info.data.prizes).toHaveLength(DEFAULT_LOTTERY_PRIZES.length);
    expect(info.data.prizes.reduce((s, p) => s + p.odds, 0)).toBeCloseTo(1, 9);
    expect(info.data.prizes[1]!.reward.title).toBe('Gems');
    expect((await callApi(api, 'POST', '/api/lottery/draw', {})).status).toBe(2);
  });

  it('refuses draws without chances and while the lottery is off, changing nothing', async () => {
    const { id, session } = await member(0);
    const headers = await session();
    const none = await callApi(api, 'POST', '/api/lottery/draw', {}, { ...headers, lang: 'zh_cn' });
    expect(none).toMatchObject({ status: 1, msg: '抽奖机会已用完，每日签到可获得更多机会。' });
    await grantItems(t.rt.db, { userId: id, type: LOTTERY_CHANCE_ITEM, count: 1, kind: 'grant' });
    await t.rt.db.update(appConfig).set({ value: 0 }).where(eq(appConfig.key, 'lottery_switch'));
    try {
      const off = await callApi(api, 'POST', '/api/lottery/draw', {}, headers);
      expect(off).toMatchObject({ status: 1, msg: 'The lottery is not open right now' });
    } finally {
      await t.rt.db.update(appConfig).set({ value: 1 }).where(eq(appConfig.key, 'lottery_switch'));
    }
    expect(await itemQuantity(t.rt.db, id, { type: LOTTERY_CHANCE_ITEM })).toBe(1);
    expect(await draws(id)).toBe(0);
    const history = await callApi<{ list: unknown[] }>(
      api,
      'POST',
      '/api/lottery/getLotteryHistory',
      { page: 1, size: 10 },
      headers,
    );
    expect(history.data.list).toEqual([]);
  });
});
