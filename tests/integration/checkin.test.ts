/**
 * Daily check-in: the 7-day cycle with a missed day on an injected clock, the rewards landing in
 * the wallet, the backpack and the level, one reward for 50 concurrent calls, the spec's calls
 * and messages, and the switch.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import {
  DEFAULT_CHECKIN_REWARDS,
  LOTTERY_CHANCE_ITEM,
  type RewardEntry,
} from '../../src/lib/rewards/types.ts';
import { createSession } from '../../src/server/sessions.ts';
import { itemQuantity } from '../../src/server/backpack/service.ts';
import { checkIn, checkinState } from '../../src/server/checkin/service.ts';
import { appConfig, checkins, ledgerOperations, users } from '../../src/server/db/schema.ts';
import { readBalances } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { apiSuite, callApi, DB_KINDS, usersWithWallets } from './helpers.ts';

/** Noon in Beijing on 2026-03-{day} (04:00 UTC). */
const noon = (day: number) => new Date(Date.UTC(2026, 2, day, 4));

interface Info {
  CheckinDetails: { Day: number; ExpNum: number; IsChecked: boolean; IsToday: boolean }[];
  Continuous: number;
  IsCheckedToday: boolean;
}

describe.each(DB_KINDS)('check-in on %s', (kind) => {
  const { t, api } = apiSuite(kind);
  let prefix = 13600;

  async function member() {
    prefix += 1;
    const [id] = await usersWithWallets(t.rt.db, String(prefix) + '00', 1);
    const token = await createSession(t.rt.db, id!, 'checkin-test');
    return { id: id!, headers: { authorization: `Bearer ${token}` } };
  }

  const exp = async (id: number) =>
    (await t.rt.db.select({ exp: users.exp }).from(users).where(eq(users.id, id)))[0]!.exp;

  it('runs the 7-day cycle, restarts after a missed day and after day seven', async () => {
    const { id } = await member();
    const days: number[] = [];
    // March 1-5 in a row, miss the 6th, then 7-15 in a row (day 7 of the cycle on the 13th).
    for (const d of [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15]) {
      const outcome = await checkIn(t.rt.db, id, noon(d));
      expect(outcome.done).toBe(true);
      if (outcome.done) days.push(outcome.cycleDay);
    }
    expect(days).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, 1, 2]);
    const state = await checkinState(t.rt.db, id, noon(15));
    expect(state).toMatchObject({ checkedToday: true, doneInCycle: 2, continuous: 9 });
    // The next morning the run goes on; two days later it is broken.
    expect(await checkinState(t.rt.db, id, noon(16))).toMatchObject({
      checkedToday: false,
      todayCycleDay: 3,
      continuous: 9,
    });
    expect(await checkinState(t.rt.db, id, noon(17))).toMatchObject({
      todayCycleDay: 1,
      doneInCycle: 0,
      continuous: 0,
    });
    // Days turn at midnight Beijing time: 15:59 UTC is still the 15th, 16:00 UTC the 16th.
    expect((await checkIn(t.rt.db, id, new Date(Date.UTC(2026, 2, 15, 15, 59)))).done).toBe(false);
    expect((await checkIn(t.rt.db, id, new Date(Date.UTC(2026, 2, 15, 16, 0)))).done).toBe(true);
  });

  it('pays each day: experience, gems, diamonds, props, tickets and lottery chances', async () => {
    const { id } = await member();
    for (let d = 1; d <= 7; d += 1) await checkIn(t.rt.db, id, noon(d));
    const sum = (type: number) =>
      DEFAULT_CHECKIN_REWARDS.flatMap((d) => d.rewards)
        .filter((r) => r.reward_type === type)
        .reduce((s, r) => s + r.quantity, 0);
    const balances = await readBalances(t.rt.db, id);
    expect(balances.gold).toBe(sum(1));
    expect(balances.diamond).toBe(sum(2));
    expect(await exp(id)).toBe(DEFAULT_CHECKIN_REWARDS.reduce((s, d) => s + d.exp, 0));
    expect(await itemQuantity(t.rt.db, id, { type: PROP_TYPE.speaker })).toBe(1);
    expect(await itemQuantity(t.rt.db, id, { type: PROP_TYPE.colorful, propsId: 2 })).toBe(1);
    expect(await itemQuantity(t.rt.db, id, { type: PROP_TYPE.ticket })).toBe(1);
    expect(await itemQuantity(t.rt.db, id, { type: LOTTERY_CHANCE_ITEM })).toBe(sum(6));
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
  });

  it('gives one reward to 50 concurrent check-ins of one user', async () => {
    const { id, headers } = await member();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        callApi(api, 'POST', '/api/checkin/checkinToday', {}, headers),
      ),
    );
    expect(answers.filter((a) => a.status === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 0)) {
      expect(['Already checked in today', 'Too many requests, please try again later']).toContain(
        a.msg,
      );
    }
    const [rows] = await t.rt.db
      .select({ n: count() })
      .from(checkins)
      .where(eq(checkins.userId, id));
    expect(rows!.n).toBe(1);
    const first = DEFAULT_CHECKIN_REWARDS[0]!;
    expect((await readBalances(t.rt.db, id)).gold).toBe(first.rewards[0]!.quantity);
    expect(await exp(id)).toBe(first.exp);
    const [ops] = await t.rt.db
      .select({ n: count() })
      .from(ledgerOperations)
      .where(eq(ledgerOperations.idempotencyKey, `checkin:${id}:${checkinStateDay()}`));
    expect(ops!.n).toBe(1);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
  });

  it('answers the spec calls with the spec fields and messages, in both languages', async () => {
    const { headers } = await member();
    const before = await callApi<Info>(api, 'POST', '/api/checkin/getCheckinInfo', {}, headers);
    expect(before.status).toBe(0);
    expect(before.data.CheckinDetails).toHaveLength(7);
    expect(before.data.CheckinDetails[6]).toMatchObject({ Day: 7, IsChecked: false });
    expect(before.data).toMatchObject({ Continuous: 0, IsCheckedToday: false });
    expect(before.data.CheckinDetails[0]).toMatchObject({ Day: 1, IsToday: true, ExpNum: 10 });

    const zh = { ...headers, lang: 'zh_cn' };
    const done = await callApi<{ RewardList: RewardEntry[]; userInfo: { gold: number } }>(
      api,
      'POST',
      '/api/checkin/checkinToday',
      undefined,
      zh,
    );
    expect(done).toMatchObject({ status: 0, msg: '签到成功' });
    expect(done.data.RewardList).toEqual([
      { reward_type: 1, quantity: 200, props_id: 0, title: '宝石', icon: '/rewards/gem.svg' },
    ]);
    expect(done.data.userInfo.gold).toBe(200);
    const again = await callApi(api, 'POST', '/api/checkin/checkinToday', {}, zh);
    expect(again).toMatchObject({ status: 1, msg: '今天已签到' });
    const againEn = await callApi(api, 'POST', '/api/checkin/checkinToday', {}, headers);
    expect(againEn).toMatchObject({ status: 1, msg: 'Already checked in today' });

    const after = await callApi<Info>(api, 'POST', '/api/checkin/getCheckinInfo', {}, headers);
    expect(after.data).toMatchObject({ Continuous: 1, IsCheckedToday: true });
    expect(after.data.CheckinDetails.map((d) => d.IsChecked)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const history = await callApi<{
      CheckinHistory: { RewardDesc: string; CycleDay: number }[];
      RewardDesc: string;
      total: number;
    }>(api, 'POST', '/api/checkin/getCheckinHistory', {}, headers);
    expect(history.data.total).toBe(1);
    expect(history.data.CheckinHistory[0]).toMatchObject({ CycleDay: 1 });
    expect(history.data.RewardDesc).toBe('+10 EXP · Gems ×2');
  });

  it('refuses guests, bad pages and a closed check-in, changing nothing', async () => {
    for (const path of ['getCheckinInfo', 'getCheckinHistory', 'checkinToday']) {
      const res = await callApi(api, 'POST', `/api/checkin/${path}`, {});
      expect(res.status, path).toBe(2);
    }
    const { id, headers } = await member();
    for (const body of [{ page: 0 }, { page: 'x' }, { size: 500 }, { page: 1.5 }]) {
      const res = await callApi(api, 'POST', '/api/checkin/getCheckinHistory', body, headers);
      expect(res.status, JSON.stringify(body)).toBe(1);
    }
    await t.rt.db.update(appConfig).set({ value: 0 }).where(eq(appConfig.key, 'checkin_switch'));
    try {
      const res = await callApi(api, 'POST', '/api/checkin/checkinToday', {}, headers);
      expect(res).toMatchObject({ status: 1, msg: 'Check-in is not open right now' });
      const [rows] = await t.rt.db
        .select({ n: count() })
        .from(checkins)
        .where(and(eq(checkins.userId, id)));
      expect(rows!.n).toBe(0);
    } finally {
      await t.rt.db.update(appConfig).set({ value: 1 }).where(eq(appConfig.key, 'checkin_switch'));
    }
  });
});

/** Today's Beijing day as the server names it. */
function checkinStateDay(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}
