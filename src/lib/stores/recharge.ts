/**
 * Recharging: the offer (packages and custom range), the chosen amount, creating the order and
 * going to the provider's checkout, then watching the order come back paid, failed or expired.
 */
import { atom, computed } from 'nanostores';
import { send } from '../api/client.ts';
import { rechargeApi, type CreateOrderParams } from '../recharge/api.ts';
import {
  CUSTOM_RECHARGE,
  GOLD_PER_YUAN,
  isCustomAmount,
  type Page,
  type RechargeOffer,
  type RechargeOrder,
} from '../wallet/recharge.ts';
import type { ListState } from './wallet.ts';
import { refreshWallet } from './wallet.ts';
import { showToast } from './toast.ts';

/** How often the result page asks for the order's state, and for how long. */
export const ORDER_POLL = { intervalMs: 1_500, maxMs: 120_000 } as const;

/** The offer, or null before it loads. */
export const $offer = atom<RechargeOffer | null>(null);
/** Loading state of the offer. */
export const $offerState = atom<ListState>({ state: 'idle' });
/** The chosen package id, or 'custom'. */
export const $choice = atom<string>('');
/** The custom amount as typed (yuan). */
export const $customYuan = atom('');
/** An order is being created or the browser is on its way to the checkout. */
export const $paying = atom(false);

/** What the current choice costs (fen) and gives (gold incl. bonus); null when not valid. */
export const $selection = computed(
  [$offer, $choice, $customYuan],
  (offer, choice, custom): { fen: number; gold: number; bonus: number } | null => {
    if (choice === 'custom') {
      const yuan = Number(custom);
      return custom !== '' && isCustomAmount(yuan)
        ? { fen: yuan * 100, gold: yuan * GOLD_PER_YUAN, bonus: 0 }
        : null;
    }
    const pkg = offer?.packages.find((p) => p.id === choice);
    return pkg ? { fen: pkg.price_fen, gold: pkg.gold + pkg.bonus, bonus: pkg.bonus } : null;
  },
);

/** Loads the offer and preselects the popular package (or the third). */
export async function loadOffer(): Promise<void> {
  $offerState.set({ state: 'loading' });
  try {
    const offer = await send(rechargeApi.packages);
    $offer.set(offer);
    if (!$choice.get()) {
      const preferred = offer.packages.find((p) => p.tag === 'popular') ?? offer.packages[2];
      $choice.set(preferred?.id ?? '');
    }
    $offerState.set({ state: 'ready' });
  } catch (err) {
    $offerState.set({ state: 'error', message: (err as Error).message });
  }
}

/** Chooses a package id or 'custom'. */
export function choose(id: string): void {
  $choice.set(id);
}

/** Sets the custom amount: digits only, at most the digits of the largest amount. */
export function setCustomYuan(value: string): void {
  $customYuan.set(value.replace(/\D/g, '').slice(0, String(CUSTOM_RECHARGE.maxYuan).length));
  $choice.set('custom');
}

/** Creates the order and sends the browser to the provider's checkout page. */
export async function startRecharge(): Promise<void> {
  const choice = $choice.get();
  if ($paying.get() || !$selection.get()) return;
  $paying.set(true);
  try {
    const body: CreateOrderParams =
      choice === 'custom' ? { amount_yuan: Number($customYuan.get()) } : { package_id: choice };
    const order = await send(rechargeApi.createOrder, body);
    location.assign(order.checkout_url);
  } catch (err) {
    showToast((err as Error).message, 'error');
    $paying.set(false);
  }
}

/** The order shown on the result page, and whether polling gave up waiting. */
export const $order = atom<{ order: RechargeOrder | null; waitedOut: boolean; error: string }>({
  order: null,
  waitedOut: false,
  error: '',
});

let pollTimer: ReturnType<typeof setTimeout> | undefined;

/** Stops watching the order. */
export function stopWatchingOrder(): void {
  clearTimeout(pollTimer);
}

/**
 * Watches an order until it is no longer pending (every 1.5 s, for 2 minutes at most); when it
 * turns paid, the wallet balances are reloaded.
 */
export function watchOrder(orderNo: string): void {
  stopWatchingOrder();
  const started = Date.now();
  $order.set({ order: null, waitedOut: false, error: '' });
  const poll = async () => {
    try {
      const order = await send(rechargeApi.orderInfo, { order_no: orderNo });
      $order.set({ order, waitedOut: false, error: '' });
      if (order.status === 'paid') await refreshWallet();
      if (order.status !== 'pending') return;
    } catch (err) {
      $order.set({ ...$order.get(), error: (err as Error).message });
      return;
    }
    if (Date.now() - started >= ORDER_POLL.maxMs) {
      $order.set({ ...$order.get(), waitedOut: true });
      return;
    }
    pollTimer = setTimeout(() => void poll(), ORDER_POLL.intervalMs);
  };
  void poll();
}

/** A page of the recharge history. */
export const $history = atom<Page<RechargeOrder> & { status: ListState }>({
  list: [],
  total: 0,
  page: 1,
  size: 20,
  status: { state: 'idle' },
});

/** Loads a page of the recharge history. */
export async function loadHistory(page = 1): Promise<void> {
  $history.set({ ...$history.get(), page, status: { state: 'loading' } });
  try {
    const data = await send(rechargeApi.history, { page });
    $history.set({ ...data, status: { state: 'ready' } });
  } catch (err) {
    $history.set({
      ...$history.get(),
      status: { state: 'error', message: (err as Error).message },
    });
  }
}
