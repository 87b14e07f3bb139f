// @vitest-environment happy-dom
/** Wallet and recharge stores: balances shared with the user info, the selection, order polling. */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as client from '../api/client.ts';
import type { RechargeOffer, RechargeOrder } from '../wallet/recharge.ts';
import * as recharge from './recharge.ts';
import { $token, $userInfo, type StoredUserInfo } from './session.ts';
import { $showIncome, $wallet, setWalletBalance } from './wallet.ts';
import { accountApi } from '../account/api.ts';
import { rechargeApi } from '../recharge/api.ts';

const api = vi.hoisted(() => ({
  answers: new Map<string, () => Promise<unknown>>(),
  calls: [] as string[],
}));

vi.mock('../api/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof client>();
  return {
    ...real,
    send: ({ path }: { path: string }) => {
      api.calls.push(path);
      const answer = api.answers.get(path);
      return answer ? answer() : Promise.reject(new real.ApiCallError(`no route ${path}`, -1));
    },
  };
});

const INFO = { id: 7, nick_name: 'Fan', gold: 1_000, diamond: 50, role: 1 } as StoredUserInfo;

const OFFER: RechargeOffer = {
  available: true,
  provider: 'sandbox',
  packages: [
    { id: 'p6', price_fen: 600, gold: 6_000, bonus: 0, tag: '' },
    { id: 'p98', price_fen: 9_800, gold: 98_000, bonus: 2_000, tag: 'popular' },
  ],
  custom: { min_yuan: 1, max_yuan: 50_000, gems_per_yuan: 10 },
};

const order = (status: RechargeOrder['status']): RechargeOrder => ({
  order_no: 'R20261123000000000001',
  package_id: 'p98',
  amount_fen: 9_800,
  gold: 100_000,
  bonus: 2_000,
  status,
  provider: 'sandbox',
  paid_late: false,
  created_at: 1,
  expires_at: 2,
  paid_at: status === 'paid' ? 2 : null,
});

beforeEach(() => {
  localStorage.clear();
  api.answers.clear();
  api.calls.length = 0;
  $token.set('token');
  $userInfo.set({ ...INFO });
});
afterEach(() => {
  recharge.stopWatchingOrder();
  vi.useRealTimers();
  cleanStores($wallet, $showIncome, recharge.$selection, recharge.$offer, recharge.$order);
});

describe('wallet store', () => {
  it('reads balances from the user info and writes them back, so the header follows', () => {
    expect($wallet.get()).toEqual({ gold: 1_000, diamond: 50, income: 0 });
    expect($showIncome.get()).toBe(false);
    setWalletBalance({ gold: 400, diamond: 10 });
    expect($wallet.get()).toEqual({ gold: 400, diamond: 10, income: 0 });
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ gold: 400, diamond: 10 });
    $userInfo.set({ ...INFO, role: 2 });
    expect($showIncome.get()).toBe(true);
  });
});

describe('recharge store', () => {
  it('preselects the popular package and prices custom amounts', async () => {
    api.answers.set(rechargeApi.packages.path, () => Promise.resolve(OFFER));
    recharge.$choice.set('');
    await recharge.loadOffer();
    expect(recharge.$choice.get()).toBe('p98');
    expect(recharge.$selection.get()).toEqual({ fen: 9_800, gold: 100_000, bonus: 2_000 });
    recharge.setCustomYuan('12a3');
    expect(recharge.$customYuan.get()).toBe('123');
    expect(recharge.$selection.get()).toEqual({ fen: 12_300, gold: 123_000, bonus: 0 });
    recharge.setCustomYuan('');
    expect(recharge.$selection.get()).toBeNull();
    recharge.setCustomYuan('9999999');
    expect(recharge.$customYuan.get()).toBe('99999');
    expect(recharge.$selection.get()).toBeNull();
  });

  it('polls a pending order until it is paid, then reloads the balances', async () => {
    vi.useFakeTimers();
    const states: RechargeOrder['status'][] = ['pending', 'pending', 'paid'];
    api.answers.set(rechargeApi.orderInfo.path, () => Promise.resolve(order(states.shift()!)));
    api.answers.set(accountApi.userAsset.path, () => Promise.resolve({ ...INFO, gold: 101_000 }));
    recharge.watchOrder('R20261123000000000001');
    await vi.advanceTimersByTimeAsync(0);
    expect(recharge.$order.get().order?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(recharge.ORDER_POLL.intervalMs * 2);
    expect(recharge.$order.get().order?.status).toBe('paid');
    expect($wallet.get().gold).toBe(101_000);
    await vi.advanceTimersByTimeAsync(recharge.ORDER_POLL.intervalMs * 3);
    expect(api.calls.filter((c) => c === rechargeApi.orderInfo.path)).toHaveLength(3);
  });
});
