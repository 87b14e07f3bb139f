/**
 * The lottery in the browser: the prizes and odds, the chances left, the spin in progress and
 * the draws so far. The server draws; the wheel only turns to what it answered.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { lotteryApi } from '../lottery/api.ts';
import type { DrawResult, LotteryInfo, LotteryRecord } from '../rewards/api.ts';
import { $loggedIn, $userInfo } from './session.ts';

/** Prizes, odds and chances; null until loaded. */
export const $lotteryInfo = atom<LotteryInfo | null>(null);
/** The draw the wheel is turning to, until the turn ends. */
export const $spinning = atom<DrawResult | null>(null);
/** The last draw shown to the user. */
export const $lastDraw = atom<DrawResult | null>(null);
/** The user's draws, newest first (first page). */
export const $lotteryHistory = atom<LotteryRecord[]>([]);
/** The last failure, as a message. */
export const $lotteryError = atom<string | null>(null);

/** Loads prizes and chances, and the history when logged in. */
export async function loadLottery(): Promise<void> {
  try {
    $lotteryInfo.set(await send(lotteryApi.info));
    if ($loggedIn.get()) {
      const page = await send(lotteryApi.history, { page: 1, size: 10 });
      $lotteryHistory.set(page.list);
    }
    $lotteryError.set(null);
  } catch (err) {
    $lotteryError.set((err as Error).message);
  }
}

/** Asks the server for a draw; the wheel turns to it and calls finishSpin at the end. */
export async function spin(): Promise<void> {
  if ($spinning.get()) return;
  try {
    const result = await send(lotteryApi.draw);
    $spinning.set(result);
    $lotteryError.set(null);
    const info = $lotteryInfo.get();
    if (info) $lotteryInfo.set({ ...info, chances: result.chances });
  } catch (err) {
    $lotteryError.set((err as Error).message);
  }
}

/** The wheel stopped: the prize is shown, the wallet and the history take it. */
export function finishSpin(): void {
  const result = $spinning.get();
  if (!result) return;
  $spinning.set(null);
  $lastDraw.set(result);
  $userInfo.set({ ...$userInfo.get(), ...result.userInfo });
  $lotteryHistory.set(
    [
      {
        draw_id: result.draw_id,
        prize_id: result.prize_id,
        reward: result.reward,
        time: Math.floor(Date.now() / 1000),
      },
      ...$lotteryHistory.get(),
    ].slice(0, 10),
  );
}
