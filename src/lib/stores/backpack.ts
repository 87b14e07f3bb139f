/**
 * The logged-in user's backpack (spec §3, §7 user_backpack): tickets, chat prop counts and gifts.
 * A backpack gift's `giftFeedRep` carries the new counts, applied here without reading again.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { backpackApi } from '../backpack/api.ts';
import { withCounts, type BackpackView } from '../live/backpack.ts';
import type { BackpackCount } from '../realtime/protocol/index.ts';
import { $loggedIn, $userId } from './session.ts';

/** The backpack as `/api/live/user_backpack` answers it. */
export type Backpack = BackpackView;

/** The last backpack read; null before the first read or for guests. */
export const $backpack = atom<Backpack | null>(null);
/** Whether the last read is under way, done or failed. */
export const $backpackState = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');

/** Reads the caller's own backpack again; guests keep null. Rejects when the read fails. */
export async function loadBackpack(): Promise<void> {
  const id = $userId.get();
  if (!$loggedIn.get() || !id) {
    $backpack.set(null);
    $backpackState.set('idle');
    return;
  }
  if (!$backpack.get()) $backpackState.set('loading');
  try {
    $backpack.set(await send(backpackApi.userBackpack, { user_id: Number(id) }));
    $backpackState.set('ready');
  } catch (error) {
    if (!$backpack.get()) $backpackState.set('error');
    throw error;
  }
}

/** Applies counts the server reported (rows at 0 leave the backpack). */
export function applyBackpackCounts(rows: readonly BackpackCount[]): void {
  const backpack = $backpack.get();
  if (backpack) $backpack.set(withCounts(backpack, rows));
}
