/** Rankings: addContribution under concurrency, Beijing-time periods, reads and the two calls. */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { RANKING_BOARD, rankingTotals, users } from '../../src/server/db/schema.ts';
import {
  addContribution,
  roomRanking,
  SITE_SCOPE,
  talentList,
  topRanking,
} from '../../src/server/rankings/service.ts';
import type { RankingList, TalentList } from '../../src/lib/rankings/types.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';

describe.each(DB_KINDS)('rankings on %s', (kind) => {
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;
  let ids: Map<string, number>;
  const id = (mobile: string) => ids.get(mobile)!;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = createApi(t.rt);
    const rows = await t.rt.db.select({ id: users.id, mobile: users.mobile }).from(users);
    ids = new Map(rows.map((r) => [r.mobile, r.id]));
  });
  afterAll(async () => t?.dispose());

  /** Every period of these tests lies in 2031, far from the seeded rankings of today. */
  const beijing = (local: string) => new Date(`${local}+08:00`);

  it('adds a gift to the room, fan and anchor boards of its day and month', async () => {
    const at = beijing('2031-01-10T12:00:00');
    const anchor = id('13900000003');
    const fan = id('13900000001');
    await t.rt.db.transaction((tx) =>
      addContribution(tx, { anchorId: anchor, userId: fan, amount: 1_500, at }),
    );
    await t.rt.db.transaction((tx) =>
      addContribution(tx, { anchorId: anchor, userId: fan, amount: 500, at }),
    );
    const rows = await t.rt.db
      .select()
      .from(rankingTotals)
      .where(inArray(rankingTotals.periodKey, ['2031-01-10', '2031-01']));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.amount))).toEqual(new Set([2_000]));
    const room = await roomRanking(t.rt.db, anchor, 'day', 10, at);
    expect(room).toMatchObject({ period: 'day', period_key: '2031-01-10' });
    expect(room.list).toEqual([
      {
        rank: 1,
        user_id: fan,
        nick_name: 'SkyRider',
        avatar: '/demo/avatars/u1.webp',
        level: 5,
        vip_level: 0,
        amount: 2_000,
      },
    ]);
    const talent = await talentList(t.rt.db, 'month', 10, at);
    expect(talent.anchors.map((e) => [e.user_id, e.amount])).toEqual([[anchor, 2_000]]);
    expect(talent.users.map((e) => [e.user_id, e.amount])).toEqual([[fan, 2_000]]);
  });

  it('refuses amounts that are not positive whole numbers, and rolls back with the gift', async () => {
    const at = beijing('2031-02-01T08:00:00');
    const gift = { anchorId: id('13900000003'), userId: id('13900000001'), at };
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(addContribution(t.rt.db, { ...gift, amount })).rejects.toThrow(RangeError);
    }
    await expect(
      t.rt.db.transaction(async (tx) => {
        await addContribution(tx, { ...gift, amount: 100 });
        throw new Error('debit failed');
      }),
    ).rejects.toThrow('debit failed');
    const rows = await t.rt.db
      .select()
      .from(rankingTotals)
      .where(eq(rankingTotals.periodKey, '2031-02-01'));
    expect(rows).toEqual([]);
  });

  it('sums concurrent gifts exactly on every board', async () => {
    const at = beijing('2031-03-15T20:00:00');
    const anchors = ['13900000003', '13900000010', '13900000011'].map(id);
    const fans = ['13900000001', '13900000002', '13900000004', '13900000020', '13900000021'].map(
      id,
    );
    const gifts = Array.from({ length: 300 }, (_, i) => ({
      anchorId: anchors[i % anchors.length]!,
      userId: fans[(i * 7) % fans.length]!,
      amount: 100 + (i % 13) * 37,
      at: new Date(at.getTime() + i * 1000),
    }));
    await Promise.all(gifts.map((gift) => t.rt.db.transaction((tx) => addContribution(tx, gift))));
    const expected = new Map<string, number>();
    const add = (key: string, amount: number) =>
      expected.set(key, (expected.get(key) ?? 0) + amount);
    for (const g of gifts) {
      add(`room:${g.anchorId}:${g.userId}`, g.amount);
      add(`fans:0:${g.userId}`, g.amount);
      add(`anchors:0:${g.anchorId}`, g.amount);
    }
    for (const [period, key] of [
      ['day', '2031-03-15'],
      ['month', '2031-03'],
    ] as const) {
      const rows = await t.rt.db
        .select()
        .from(rankingTotals)
        .where(and(eq(rankingTotals.period, period), eq(rankingTotals.periodKey, key)));
      const actual = new Map(rows.map((r) => [`${r.board}:${r.scopeId}:${r.subjectId}`, r.amount]));
      expect(actual).toEqual(expected);
    }
    const total = gifts.reduce((s, g) => s + g.amount, 0);
    const top = await talentList(t.rt.db, 'day', 50, at);
    expect(top.anchors.reduce((s, e) => s + e.amount, 0)).toBe(total);
    expect(top.users.reduce((s, e) => s + e.amount, 0)).toBe(total);
  });

  it('starts a new day and month at midnight Beijing time', async () => {
    const anchor = id('13900000012');
    const fan = id('13900000022');
    const gift = (local: string, amount: number) =>
      addContribution(t.rt.db, { anchorId: anchor, userId: fan, amount, at: beijing(local) });
    await gift('2031-04-30T23:59:59.999', 100); // 15:59:59.999 UTC, still April 30 in Beijing
    await gift('2031-05-01T00:00:00', 200); // 16:00 UTC on April 30 is May 1 in Beijing
    await gift('2031-05-01T23:30:00', 400);
    const amount = async (period: 'day' | 'month', local: string) =>
      (await roomRanking(t.rt.db, anchor, period, 5, beijing(local))).list[0]?.amount ?? 0;
    expect(await amount('day', '2031-04-30T08:00:00')).toBe(100);
    expect(await amount('month', '2031-04-02T00:00:00')).toBe(100);
    expect(await amount('day', '2031-05-01T00:00:00')).toBe(600);
    expect(await amount('month', '2031-05-31T23:59:59')).toBe(600);
    expect(await amount('day', '2031-05-02T00:00:00')).toBe(0);
    expect(
      (await roomRanking(t.rt.db, anchor, 'day', 5, new Date('2031-04-30T16:00:00Z'))).period_key,
    ).toBe('2031-05-01');
  });

  it('ranks higher amounts first and, among equals, who got there first', async () => {
    const at = beijing('2031-06-06T10:00:00');
    const anchor = id('13900000013');
    const [a, b, c] = ['13900000023', '13900000024', '13900000025'].map(id) as [
      number,
      number,
      number,
    ];
    const give = (userId: number, amount: number, seconds: number) =>
      addContribution(t.rt.db, {
        anchorId: anchor,
        userId,
        amount,
        at: new Date(at.getTime() + seconds * 1000),
      });
    await give(a, 300, 30);
    await give(b, 300, 10);
    await give(c, 900, 20);
    const room = await roomRanking(t.rt.db, anchor, 'day', 10, at);
    expect(room.list.map((e) => [e.rank, e.user_id])).toEqual([
      [1, c],
      [2, b],
      [3, a],
    ]);
    const top2 = await topRanking(t.rt.db, {
      board: RANKING_BOARD.room,
      scopeId: anchor,
      period: 'day',
      at,
      limit: 2,
    });
    expect(top2.list).toHaveLength(2);
    // The noble fan shows her level while it lasts.
    expect(room.list[1]).toMatchObject({ vip_level: 3 });
    const site = await topRanking(t.rt.db, {
      board: RANKING_BOARD.fans,
      scopeId: SITE_SCOPE,
      period: 'day',
      at,
      limit: 10,
    });
    expect(site.list.map((e) => e.user_id)).toEqual([c, b, a]);
  });

  it('GET /api/live/rankings answers a room list and refuses bad input', async () => {
    const anchor = id('13900000003');
    const ok = await callApi<RankingList>(
      api,
      'GET',
      `/api/live/rankings?anchor_id=${anchor}&period=month`,
    );
    expect(ok).toMatchObject({ http: 200, status: 0, data: { period: 'month' } });
    expect(ok.data.period_key).toMatch(/^\d{4}-\d{2}$/);
    const amounts = ok.data.list.map((e) => e.amount);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    expect(ok.data.list.map((e) => e.rank)).toEqual(amounts.map((_, i) => i + 1));

    const day = await callApi<RankingList>(api, 'GET', `/api/live/rankings?anchor_id=${anchor}`);
    expect(day.data.period).toBe('day');
    expect(day.data.period_key).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const bad = await callApi(api, 'GET', `/api/live/rankings?anchor_id=${anchor}&period=week`);
    expect(bad).toMatchObject({ status: 1, msg: 'The period must be day or month' });
    const zh = await callApi(
      api,
      'GET',
      `/api/live/rankings?anchor_id=${anchor}&period=year`,
      undefined,
      {
        lang: 'zh_cn',
      },
    );
    expect(zh.msg).toBe('榜单周期只能是日榜或月榜');
    const missing = await callApi(api, 'GET', '/api/live/rankings');
    expect(missing.status).toBe(1);
    const viewer = await callApi(api, 'GET', `/api/live/rankings?anchor_id=${id('13900000001')}`);
    expect(viewer).toMatchObject({ status: 1, msg: 'This live room does not exist' });
    const tooMany = await callApi(api, 'GET', `/api/live/rankings?anchor_id=${anchor}&limit=500`);
    expect(tooMany.status).toBe(1);
  });

  it('GET /api/live/talentList answers both boards of the seeded period', async () => {
    const res = await callApi<TalentList>(api, 'GET', '/api/live/talentList?period=day&limit=5');
    expect(res.status).toBe(0);
    expect(res.data.anchors.length).toBeGreaterThan(0);
    expect(res.data.anchors.length).toBeLessThanOrEqual(5);
    expect(res.data.users.length).toBe(5);
    const anchorRoles = await t.rt.db
      .select({ role: users.role })
      .from(users)
      .where(
        inArray(
          users.id,
          res.data.anchors.map((e) => e.user_id),
        ),
      );
    expect(anchorRoles.every((r) => r.role === 2)).toBe(true);
  });
});
