/** The logged-in user's backpack (spec §3, §7 user_backpack): tickets and chat prop counts. */
import { atom } from 'nanostores';
import { call } from '../api/client.ts';
import type { PropCounts } from '../live/props.ts';
import { $loggedIn, $userId } from './session.ts';

/** The backpack as `/api/live/user_backpack` answers it. */
export interface Backpack {
  user_backpack: { type: number; props_id: number; quantity: number }[];
  /** Tickets held (type 105). */
  ticket: number;
  props: PropCounts;
}

/** The last backpack read; null before the first read or for guests. */
export const $backpack = atom<Backpack | null>(null);

/** Reads the caller's own backpack again; guests keep null. */
export async function loadBackpack(): Promise<void> {
  const id = $userId.get();
  if (!$loggedIn.get() || !id) {
    $backpack.set(null);
    return;
  }
  $backpack.set(await call<Backpack>('post', '/api/live/user_backpack', { user_id: Number(id) }));
}
