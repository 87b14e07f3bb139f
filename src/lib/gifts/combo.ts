/**
 * Gift combos in the chat (spec §4): when the newest chat message is a gift from the same sender
 * with the same gift and the new `hit` is above 1, that message's hit is updated; otherwise a new
 * message is added. The continuous-gift flag stays up while gifts keep coming and clears 3 s
 * after the last one (spec §9: gift combo reset 3 s).
 */
import type { QueueTimers } from './queue.ts';

/** Combo reset: the continuous-gift flag clears this long after the last gift. */
export const GIFT_COMBO_RESET_MS = 3000;

/** The fields of a chat gift message the combo rule compares. */
export interface ComboKey {
  uid: number;
  giftid: number;
}

/** True when `gift` continues the combo of the newest message `last` (update it, do not add). */
export function continuesCombo(last: ComboKey | undefined, gift: ComboKey & { hit: number }) {
  return last !== undefined && gift.hit > 1 && last.uid === gift.uid && last.giftid === gift.giftid;
}

/** The continuous-gift flag: raised by each gift, cleared `resetMs` after the last one. */
export interface ContinuousFlag {
  /** A gift went out or came in: raise the flag and restart its clock. */
  mark: () => void;
  /** Lower the flag now (leaving the room). */
  clear: () => void;
  /** True while gifts are continuous. */
  readonly active: boolean;
}

/** Creates a continuous-gift flag; `onChange` hears each rise and fall. */
export function createContinuousFlag(
  onChange: (active: boolean) => void = () => {},
  resetMs = GIFT_COMBO_RESET_MS,
  timers: QueueTimers = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
): ContinuousFlag {
  let active = false;
  let timer: unknown;
  const set = (value: boolean) => {
    if (value === active) return;
    active = value;
    onChange(value);
  };
  const clear = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    set(false);
  };
  return {
    mark() {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = timers.setTimeout(clear, resetMs);
      set(true);
    },
    clear,
    get active() {
      return active;
    },
  };
}
