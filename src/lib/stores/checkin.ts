/**
 * The check-in in the browser: the week from getCheckinInfo, the dialog's state (spec §4:
 * 1 can check in, 2 failed, 3 success or already checked) and the rewards just won. Check-ins
 * happen on the server; this store asks and remembers the answers.
 */
import { atom } from 'nanostores';
import { API_STATUS } from '../api/envelope.ts';
import { ApiCallError, send, sendForEnvelope } from '../api/client.ts';
import { checkinApi } from '../checkin/api.ts';
import { noteCheckin, pageStorage, todaysGift } from '../checkin-prompt.ts';
import type { CheckinHistoryPage, CheckinInfo } from '../rewards/api.ts';
import type { RewardEntry } from '../rewards/types.ts';
import { REWARD_TYPE } from '../rewards/types.ts';
import { $userInfo } from './session.ts';
import { showToast } from './toast.ts';

/** Dialog states of spec §4. */
export type CheckinPhase = 1 | 2 | 3;

/** The week and streak; null until loaded. */
export const $checkinInfo = atom<CheckinInfo | null>(null);
/** 1 can check in, 2 failed, 3 done (now or earlier today). */
export const $checkinPhase = atom<CheckinPhase>(1);
/** True while a check-in is on its way. */
export const $checkinBusy = atom(false);
/** The rewards of today's check-in, when known on this device. */
export const $checkinRewards = atom<RewardEntry[] | null>(null);
/** The message of the last failure (phase 2) or of a failed load. */
export const $checkinError = atom<string | null>(null);

/** Loads the week; on load, checked today gives 3, else 1 (spec §4). */
export async function loadCheckinInfo(): Promise<void> {
  try {
    const info = await send(checkinApi.info);
    $checkinInfo.set(info);
    $checkinPhase.set(info.IsCheckedToday ? 3 : 1);
    $checkinRewards.set(info.IsCheckedToday ? todaysGift(pageStorage(), new Date()) : null);
    $checkinError.set(null);
  } catch (err) {
    $checkinError.set((err as Error).message);
  }
}

/**
 * Checks in: success gives 3, shows the rewards and refreshes the user info; "already checked
 * in today" gives 3 too; any other failure gives 2 with its message.
 */
export async function checkInToday(): Promise<void> {
  if ($checkinBusy.get()) return;
  $checkinBusy.set(true);
  try {
    const envelope = await sendForEnvelope(checkinApi.today);
    if (envelope.status !== API_STATUS.ok) {
      throw new ApiCallError(envelope.msg, envelope.status, envelope.data);
    }
    const result = envelope.data;
    showToast(envelope.msg, 'success');
    $checkinRewards.set(result.RewardList);
    $checkinPhase.set(3);
    $checkinError.set(null);
    $userInfo.set({ ...$userInfo.get(), ...result.userInfo });
    noteCheckin(pageStorage(), new Date(), result.RewardList);
    await loadCheckinInfo();
    $checkinRewards.set(result.RewardList);
  } catch (err) {
    const message = (err as Error).message;
    const already = err instanceof ApiCallError && err.status === 1 && (await isCheckedToday());
    $checkinPhase.set(already ? 3 : 2);
    $checkinError.set(already ? null : message);
    showToast(message, already ? 'info' : 'error');
  } finally {
    $checkinBusy.set(false);
  }
}

async function isCheckedToday(): Promise<boolean> {
  await loadCheckinInfo();
  return $checkinInfo.get()?.IsCheckedToday === true;
}

/** True when the rewards hold a lottery chance (the dialog then offers the wheel). */
export function wonLotteryChance(rewards: readonly RewardEntry[] | null): boolean {
  return (rewards ?? []).some((r) => r.reward_type === REWARD_TYPE.lotteryChance);
}

/** A page of the history. */
export function loadCheckinHistory(page: number, size = 20): Promise<CheckinHistoryPage> {
  return send(checkinApi.history, { page, size });
}
