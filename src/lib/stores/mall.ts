/**
 * The mall in the browser: what the user holds, and one checkout at a time (confirm, paying,
 * done or refused). Purchases happen on the server; the store keeps the answers and passes the
 * new balance and noble level to the stored user info, so the header follows.
 */
import { atom, computed } from 'nanostores';
import { ApiCallError, send } from '../api/client.ts';
import { mallApi, type BuyResult, type InsufficientData, type MallHoldings } from '../mall/api.ts';
import { mallItem, type MallItem } from '../mall/catalogue.ts';
import { planNoble, type NoblePlan } from '../mall/noble.ts';
import { openLogin } from './dialogs.ts';
import { $loggedIn, $userInfo } from './session.ts';
import { setWalletBalance, type ListState } from './wallet.ts';

/** What the user holds; null for guests and until loaded. */
export const $holdings = atom<MallHoldings | null>(null);
/** Loading state of the holdings. */
export const $holdingsState = atom<ListState>({ state: 'idle' });

/** The checkout dialog's step. */
export type Checkout =
  | { step: 'closed' }
  /** Asking to confirm; `error` when the last try did not reach the server (retry keeps the id). */
  | { step: 'confirm'; item: MallItem; orderId: string; error?: string }
  | { step: 'paying'; item: MallItem; orderId: string }
  | { step: 'done'; item: MallItem; result: BuyResult }
  /** The server said no; `short` when for want of gems. */
  | { step: 'refused'; item: MallItem; message: string; short: boolean };

/** The open checkout. */
export const $checkout = atom<Checkout>({ step: 'closed' });

/** The figures of the confirm step. */
export interface CheckoutPreview {
  /** Gold minor units: the price, the balance now and after paying. */
  price: number;
  balance: number;
  after: number;
  /** How much is missing (0 when the balance covers the price). */
  short: number;
  /** What a noble title would do; null for packs. */
  noble: NoblePlan | null;
}

/** The confirm step's figures, from the item and the holdings; null when nothing is open. */
export const $preview = computed([$checkout, $holdings], (checkout, holdings) => {
  if (checkout.step !== 'confirm' && checkout.step !== 'paying') return null;
  const { item } = checkout;
  const balance = holdings?.bal.gold ?? 0;
  const noble =
    item.kind === 'noble'
      ? planNoble(
          {
            level: holdings?.vip_level ?? 0,
            expiresAt: holdings?.vip_expires_at ? new Date(holdings.vip_expires_at * 1000) : null,
          },
          item.level,
          item.days,
          new Date(),
        )
      : null;
  const preview: CheckoutPreview = {
    price: item.price,
    balance,
    after: balance - item.price,
    short: Math.max(0, item.price - balance),
    noble,
  };
  return preview;
});

/** A client order id: 32 random hex digits (works outside secure contexts too). */
export function newOrderId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Takes new holdings and passes balance and noble level on to the stored user info. */
function keepHoldings(holdings: MallHoldings): void {
  $holdings.set(holdings);
  setWalletBalance(holdings.bal);
  const info = $userInfo.get();
  if (info && info.vip_level !== holdings.vip_level) {
    $userInfo.set({ ...info, vip_level: holdings.vip_level });
  }
}

/** Loads what the user holds (guests: null). */
export async function loadHoldings(): Promise<void> {
  if (!$loggedIn.get()) {
    $holdings.set(null);
    $holdingsState.set({ state: 'idle' });
    return;
  }
  $holdingsState.set({ state: 'loading' });
  try {
    keepHoldings(await send(mallApi.holdings));
    $holdingsState.set({ state: 'ready' });
  } catch (err) {
    $holdingsState.set({ state: 'error', message: (err as Error).message });
  }
}

/** Opens the confirm step for an item; guests get the login dialog instead. */
export function openCheckout(itemId: string): void {
  const item = mallItem(itemId);
  if (!item) return;
  if (!$loggedIn.get()) {
    openLogin();
    return;
  }
  $checkout.set({ step: 'confirm', item, orderId: newOrderId() });
  if (!$holdings.get()) void loadHoldings();
}

/** Closes the checkout (not while a payment is on its way). */
export function closeCheckout(): void {
  if ($checkout.get().step === 'paying') return;
  $checkout.set({ step: 'closed' });
}

/**
 * Pays for the open item. A refusal shows the server's message (and the recharge way when gems
 * were short); a call that never reached the server goes back to confirm with the same order
 * id, so trying again can never charge twice.
 */
export async function confirmCheckout(): Promise<void> {
  const checkout = $checkout.get();
  if (checkout.step !== 'confirm') return;
  const { item, orderId } = checkout;
  $checkout.set({ step: 'paying', item, orderId });
  try {
    const result = await send(mallApi.buy, {
      item_id: item.id,
      client_order_id: orderId,
    });
    keepHoldings(result);
    $checkout.set({ step: 'done', item, result });
  } catch (err) {
    const error = err as ApiCallError;
    if (!(error instanceof ApiCallError) || error.status < 0) {
      $checkout.set({ step: 'confirm', item, orderId, error: error.message });
      return;
    }
    if (error.status !== 1) {
      $checkout.set({ step: 'closed' });
      return;
    }
    const data = error.data as InsufficientData | null;
    const short = data?.code === 10152;
    const holdings = $holdings.get();
    if (short && holdings) keepHoldings({ ...holdings, bal: data.bal });
    $checkout.set({ step: 'refused', item, message: error.message, short });
  }
}
