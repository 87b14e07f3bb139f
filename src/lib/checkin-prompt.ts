/**
 * When the check-in dialog opens by itself (spec §2, §3): on page load for a logged-in user,
 * unless the `checkin` cookie exists and today's counter has reached dialog_daily_times. The
 * counter lives in local storage: `count_times` names the Beijing day it counts, and
 * `count_times_today` how often the dialog opened by itself that day. `popup1` holds the day the
 * user checked in on this device (no reason to pop up again that day), and `checkinGift` the
 * rewards of that check-in, so a dialog opened later the same day can show them.
 */
import type { RewardEntry } from './rewards/types.ts';
import { siteDay, siteDayRange, addDays } from './time.ts';

/** The storage keys of spec §3. */
export const CHECKIN_KEYS = {
  cookie: 'checkin',
  countDay: 'count_times',
  countToday: 'count_times_today',
  checkedDay: 'popup1',
  gift: 'checkinGift',
} as const;

/** What the prompt reads and writes: local storage and the page's cookies. */
export interface PromptStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  /** `document.cookie` as read. */
  cookies(): string;
  /** Writes one cookie (a `document.cookie` assignment). */
  setCookie(line: string): void;
}

/** The storage of this page. */
export function pageStorage(): PromptStorage {
  return {
    getItem: (k) => localStorage.getItem(k),
    setItem: (k, v) => localStorage.setItem(k, v),
    cookies: () => document.cookie,
    setCookie: (line) => {
      document.cookie = line;
    },
  };
}

function hasCookie(storage: PromptStorage): boolean {
  return storage
    .cookies()
    .split(/;\s*/)
    .some((c) => c.startsWith(`${CHECKIN_KEYS.cookie}=`));
}

/** Times the dialog opened by itself on `now`'s Beijing day. */
export function opensToday(storage: PromptStorage, now: Date): number {
  if (storage.getItem(CHECKIN_KEYS.countDay) !== siteDay(now)) return 0;
  const n = Number(storage.getItem(CHECKIN_KEYS.countToday));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * True when the dialog should open by itself now. dailyTimes 0 (or less) never opens it, and
 * neither does a check-in already made today on this device.
 */
export function shouldPrompt(storage: PromptStorage, dailyTimes: number, now: Date): boolean {
  if (dailyTimes <= 0) return false;
  if (storage.getItem(CHECKIN_KEYS.checkedDay) === siteDay(now)) return false;
  return !(hasCookie(storage) && opensToday(storage, now) >= dailyTimes);
}

/** Counts an opening and sets the cookie until the next Beijing midnight. */
export function notePrompt(storage: PromptStorage, now: Date): void {
  const day = siteDay(now);
  storage.setItem(CHECKIN_KEYS.countToday, String(opensToday(storage, now) + 1));
  storage.setItem(CHECKIN_KEYS.countDay, day);
  const midnight = siteDayRange(addDays(day, 1)).start;
  storage.setCookie(
    `${CHECKIN_KEYS.cookie}=1; expires=${midnight.toUTCString()}; path=/; SameSite=Lax`,
  );
}

/** Remembers today's check-in and its rewards on this device. */
export function noteCheckin(storage: PromptStorage, now: Date, rewards: RewardEntry[]): void {
  const day = siteDay(now);
  storage.setItem(CHECKIN_KEYS.checkedDay, day);
  storage.setItem(CHECKIN_KEYS.gift, JSON.stringify({ day, rewards }));
}

/** The rewards of today's check-in on this device, if it was made here. */
export function todaysGift(storage: PromptStorage, now: Date): RewardEntry[] | null {
  try {
    const gift = JSON.parse(storage.getItem(CHECKIN_KEYS.gift) ?? 'null') as {
      day?: string;
      rewards?: RewardEntry[];
    } | null;
    return gift?.day === siteDay(now) && Array.isArray(gift.rewards) ? gift.rewards : null;
  } catch {
    return null;
  }
}
