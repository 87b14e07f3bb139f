/**
 * The wallet on the page: balances (kept in the stored user info, so the header follows), the
 * consumption and income records, and the ticket vouchers. Other parts of the page (the gift
 * feedback of the live room) update the balances with setWalletBalance.
 */
import { atom, computed, map } from 'nanostores';
import { accountApi } from '../account/api.ts';
import { send } from '../api/client.ts';
import type { RecordType, VoucherList, WalletRecord } from '../wallet/records.ts';
import { walletApi } from '../wallet/api.ts';
import { $loggedIn, $userInfo } from './session.ts';

/** Balances in minor units: gold (shown as gems), diamond, and an anchor's income. */
export interface WalletBalance {
  gold: number;
  diamond: number;
  income: number;
}

/** The balances, from the stored user info (local storage userInfo). */
export const $wallet = computed($userInfo, (info): WalletBalance => ({
  gold: info?.gold ?? 0,
  diamond: info?.diamond ?? 0,
  income: info?.income ?? 0,
}));

/** True for anchors and anyone with income: the income card is shown. */
export const $showIncome = computed(
  $userInfo,
  (info) => (info?.role ?? 1) >= 2 || (info?.income ?? 0) > 0,
);

/** Sets some balances (e.g. `bal` of giftFeedRep); the header and every island follow. */
export function setWalletBalance(balance: Partial<WalletBalance>): void {
  const info = $userInfo.get();
  if (!info) return;
  $userInfo.set({ ...info, ...balance });
}

/** Reloads the balances from the server (getUserAsset). */
export async function refreshWallet(): Promise<void> {
  if (!$loggedIn.get()) return;
  const info = await send(accountApi.userAsset);
  $userInfo.set({ ...$userInfo.get(), ...info });
}

/** Loading state of a list. */
export type ListState =
  { state: 'idle' | 'loading' | 'ready' } | { state: 'error'; message: string };

/** One page of records with its state. */
export interface RecordsView {
  type: RecordType;
  page: number;
  size: number;
  total: number;
  list: WalletRecord[];
  status: ListState;
}

/** The records list of the wallet page. */
export const $records = map<RecordsView>({
  type: 'consumption',
  page: 1,
  size: 20,
  total: 0,
  list: [],
  status: { state: 'idle' },
});

let recordsSeq = 0;

/** Loads a page of consumption or income records (a newer request wins over an older one). */
export async function loadRecords(type: RecordType, page = 1): Promise<void> {
  const seq = ++recordsSeq;
  $records.set({ ...$records.get(), type, page, status: { state: 'loading' } });
  try {
    const data = await send(walletApi.records, { type, page });
    if (seq !== recordsSeq) return;
    $records.set({ ...data, type, status: { state: 'ready' } });
  } catch (err) {
    if (seq !== recordsSeq) return;
    $records.setKey('status', { state: 'error', message: (err as Error).message });
  }
}

/** The user's vouchers. */
export const $vouchers = atom<VoucherList>({
  list: [],
  tickets: 0,
  props: { speaker: 0, colorful1: 0, colorful2: 0, colorful3: 0 },
});
/** Loading state of the vouchers. */
export const $vouchersState = atom<ListState>({ state: 'idle' });

/** Loads the ticket vouchers. */
export async function loadVouchers(): Promise<void> {
  $vouchersState.set({ state: 'loading' });
  try {
    $vouchers.set(await send(walletApi.vouchers));
    $vouchersState.set({ state: 'ready' });
  } catch (err) {
    $vouchersState.set({ state: 'error', message: (err as Error).message });
  }
}
