/**
 * Gift combos in the chat (spec §4): when the newest chat message is a gift from the same sender
 * with the same gift and the new `hit` is above 1, that message's hit is updated; otherwise a new
 * message is added. The continuous-gift flag stays up while gifts keep coming and clears 3 s
 * after the last one (spec §9: gift combo reset 3 s).
 */
import type { GiftData } from '../realtime/protocol.ts';
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

/** How a chat list reads and writes its items, for `applyGiftCombo`. */
export interface ComboAdapter<T> {
  /** The gift of a chat item, or undefined when the item is not a gift message. */
  giftOf: (item: T) => ComboKey | undefined;
  /** A new chat item for `gift`. */
  create: (gift: GiftData) => T;
  /** `item` with the hit (and the rest of the newer frame) of `gift`. */
  update: (item: T, gift: GiftData) => T;
}

/**
 * Applies a `gift` frame to a chat list: replaces the newest item when the gift continues its
 * combo, appends a new item otherwise. Returns a new array; `items` is not changed.
 *
 * @example
 * items = applyGiftCombo(items, frame.data, {
 *   giftOf: (i) => (i.kind === 'gift' ? i.gift : undefined),
 *   create: (gift) => ({ kind: 'gift', key: gift.id, gift }),
 *   update: (i, gift) => ({ ...i, gift }),
 * });
 */
export function applyGiftCombo<T>(items: readonly T[], gift: GiftData, adapter: ComboAdapter<T>) {
  const last = items.at(-1);
  if (last !== undefined && continuesCombo(adapter.giftOf(last), gift)) {
    return [...items.slice(0, -1), adapter.update(last, gift)];
  }
  return [...items, adapter.create(gift)];
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
