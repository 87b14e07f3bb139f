// @vitest-environment happy-dom
/** Mall store: the confirm step's figures, guests, success, refusals and a lost connection. */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as client from '../api/client.ts';
import type { BuyResult, MallHoldings } from '../mall/api.ts';
import { $dialog } from './dialogs.ts';
import {
  $checkout,
  $holdings,
  $preview,
  closeCheckout,
  confirmCheckout,
  loadHoldings,
  newOrderId,
  openCheckout,
} from './mall.ts';
import { $token, $userInfo, type StoredUserInfo } from './session.ts';
import { mallApi } from '../mall/api.ts';

const api = vi.hoisted(() => ({
  answers: new Map<string, (body: Record<string, unknown>) => Promise<unknown>>(),
  bodies: [] as Record<string, unknown>[],
}));

vi.mock('../api/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof client>();
  return {
    ...real,
    send: ({ path }: { path: string }, body: Record<string, unknown> = {}) => {
      api.bodies.push(body);
      const answer = api.answers.get(path);
      return answer ? answer(body) : Promise.reject(new real.ApiCallError(`no route ${path}`, -1));
    },
  };
});

const { ApiCallError } = await vi.importActual<typeof client>('../api/client.ts');

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

const HOLDINGS: MallHoldings = {
  bal: { gold: 40_000, diamond: 10 },
  vip_level: 0,
  vip_expires_at: null,
  ticket: 0,
  props: { speaker: 0, colorful1: 0, colorful2: 0, colorful3: 0 },
};

beforeEach(() => {
  localStorage.clear();
  api.answers.clear();
  api.bodies.length = 0;
  $token.set('token');
  $userInfo.set({ id: 7, nick_name: 'Fan', gold: 1, diamond: 0, vip_level: 0 } as StoredUserInfo);
  $holdings.set({ ...HOLDINGS });
  $dialog.set(null);
});

afterEach(() => {
  $checkout.set({ step: 'closed' });
  cleanStores($checkout, $holdings, $preview);
});

describe('mall store', () => {
  it('previews price, balance after and the noble plan', () => {
    $holdings.set({ ...HOLDINGS, vip_level: 1, vip_expires_at: now + 10 * DAY });
    openCheckout('noble-1-30');
    const preview = $preview.get()!;
    expect(preview).toMatchObject({ price: 30_000, balance: 40_000, after: 10_000, short: 0 });
    expect(preview.noble).toMatchObject({ ok: true, change: 'extend' });
    if (preview.noble?.ok) {
      expect(Math.round(preview.noble.expiresAt.getTime() / 1000)).toBe(now + 40 * DAY);
    }
    openCheckout('noble-3-30');
    expect($preview.get()).toMatchObject({
      short: 460_000,
      noble: { ok: true, change: 'upgrade' },
    });
  });

  it('asks a guest to log in instead of opening the checkout', () => {
    $token.set(undefined);
    openCheckout('speaker-5');
    expect($dialog.get()).toBe('login');
    expect($checkout.get()).toEqual({ step: 'closed' });
  });

  it('keeps the answer of a purchase and passes balance and level to the user info', async () => {
    const result: BuyResult = {
      ...HOLDINGS,
      item_id: 'noble-1-30',
      replayed: false,
      price: 30_000,
      bal: { gold: 10_000, diamond: 10 },
      vip_level: 1,
      vip_expires_at: now + 30 * DAY,
    };
    api.answers.set(mallApi.buy.path, () => Promise.resolve(result));
    openCheckout('noble-1-30');
    await confirmCheckout();
    expect($checkout.get()).toMatchObject({ step: 'done', result });
    expect($holdings.get()).toEqual(result);
    expect($userInfo.get()).toMatchObject({ gold: 10_000, diamond: 10, vip_level: 1 });
    expect(api.bodies.at(-1)).toMatchObject({ item_id: 'noble-1-30' });
  });

  it('shows a refusal and, when gems were short, the balance the server reported', async () => {
    api.answers.set(mallApi.buy.path, () =>
      Promise.reject(
        new ApiCallError('Insufficient balance', 1, {
          code: 10152,
          bal: { gold: 500, diamond: 10 },
        }),
      ),
    );
    openCheckout('speaker-5');
    await confirmCheckout();
    expect($checkout.get()).toMatchObject({
      step: 'refused',
      message: 'Insufficient balance',
      short: true,
    });
    expect($holdings.get()?.bal.gold).toBe(500);
    expect($userInfo.get()?.gold).toBe(500);
    closeCheckout();
    expect($checkout.get()).toEqual({ step: 'closed' });
  });

  it('goes back to confirm with the same order id when the call never arrived', async () => {
    api.answers.set(mallApi.buy.path, () => Promise.reject(new ApiCallError('offline', -1)));
    openCheckout('ticket-5');
    await confirmCheckout();
    expect($checkout.get()).toMatchObject({ step: 'confirm', error: 'offline' });
    await confirmCheckout();
    const [first, second] = api.bodies;
    expect(first!.client_order_id).toMatch(/^[0-9a-f]{32}$/);
    expect(second!.client_order_id).toBe(first!.client_order_id);
  });

  it('loads holdings for members and forgets them for guests', async () => {
    api.answers.set(mallApi.holdings.path, () => Promise.resolve({ ...HOLDINGS, ticket: 3 }));
    await loadHoldings();
    expect($holdings.get()?.ticket).toBe(3);
    $token.set(undefined);
    await loadHoldings();
    expect($holdings.get()).toBeNull();
  });

  it('makes order ids the buy call accepts', () => {
    const id = newOrderId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(newOrderId()).not.toBe(id);
  });
});
