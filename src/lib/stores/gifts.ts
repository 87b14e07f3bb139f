/**
 * Gifts in the live room: the catalogue (cached in session storage per language, spec: gifts
 * cache), gift lines in the chat (with combos), sending over the room's socket with a
 * client_msg_id, paid from the wallet or taken from the backpack, and the answers: giftFeedRep
 * updates the wallet everywhere on the page (and, for a backpack gift, the backpack counts); a
 * refusal ends the send (the room store shows its message). A refusal naming a client_msg_id
 * ends only the send of that id.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { giftsApi } from '../gifts/api.ts';
import type { GiftCount, GiftItem } from '../gifts/types.ts';
import { createContinuousFlag } from '../gifts/combo.ts';
import { createI18n } from '../i18n/index.ts';
import { giftsHeld } from '../live/backpack.ts';
import {
  CLIENT_FRAME,
  GIFT_SOURCE,
  REALTIME_ERROR,
  SERVER_FRAME,
  type GiftSendData,
  type GiftSource,
} from '../realtime/protocol/index.ts';
import { $backpack, applyBackpackCounts, loadBackpack } from './backpack.ts';
import { openLogin } from './dialogs.ts';
import { onRoomFrame, sendRoomFrame } from './live-room.ts';
import { $locale } from './locale.ts';
import { $loggedIn } from './session.ts';
import { showToast } from './toast.ts';
import { setWalletBalance } from './wallet.ts';

/** The catalogue, in panel order. */
export const $gifts = atom<GiftItem[]>([]);
/** Whether the catalogue is loading, ready or failed. */
export const $giftsState = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');
/** The send under way (its client_msg_id), if any. */
export const $giftSending = atom<string | null>(null);
/** Set when the last send was refused for want of balance (the panel offers recharge). */
export const $giftShort = atom(false);

/** A send the combo button repeats: which gift, how many, from where. */
export interface GiftComboSend {
  giftid: number;
  count: GiftCount;
  source: GiftSource;
}

/** The gift just sent while its combo runs (3 s after the last send), for the combo button. */
export const $giftCombo = atom<GiftComboSend | null>(null);
let lastSent: (GiftComboSend & { comboable: boolean }) | null = null;
const comboFlag = createContinuousFlag((active) => {
  if (!active) $giftCombo.set(null);
});

/** How long a send waits for its answer before the button is free again. */
const SEND_TIMEOUT_MS = 10_000;
const cacheKey = () => `gifts:${$locale.get()}`;

/** Loads the catalogue from the session cache or the server. */
export async function loadGifts(): Promise<void> {
  const cached = sessionStorage.getItem(cacheKey());
  if (cached) {
    try {
      $gifts.set(JSON.parse(cached) as GiftItem[]);
      $giftsState.set('ready');
      return;
    } catch {
      sessionStorage.removeItem(cacheKey());
    }
  }
  $giftsState.set('loading');
  try {
    const list = await send(giftsApi.list);
    $gifts.set(list);
    sessionStorage.setItem(cacheKey(), JSON.stringify(list));
    $giftsState.set('ready');
  } catch {
    $giftsState.set('error');
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;

function settle(): void {
  clearTimeout(timer);
  $giftSending.set(null);
}

/** A fresh id for one press of the send button. */
function newMessageId(): string {
  return crypto.randomUUID();
}

/**
 * Sends `count` of gift `giftid` to the room, paid from the wallet or (source 'backpack') taken
 * from the gifts held in the backpack; guests get the login dialog. A backpack send beyond what
 * is held is refused here with the hub's message (the hub checks again and owns the counts).
 * Returns false when nothing was sent (not logged in, a send under way, too few held, or no
 * joined room).
 */
export function sendGift(
  giftid: number,
  count: GiftCount,
  source: GiftSource = GIFT_SOURCE.wallet,
): boolean {
  if (!$loggedIn.get()) {
    openLogin();
    return false;
  }
  if ($giftSending.get()) return false;
  if (source === GIFT_SOURCE.backpack && giftsHeld($backpack.get(), giftid) < count) {
    showToast(createI18n($locale.get())('gifts.errors.notEnoughItems'), 'error');
    return false;
  }
  const data: GiftSendData = { giftid, count, client_msg_id: newMessageId() };
  if (source === GIFT_SOURCE.backpack) data.source = source;
  if (!sendRoomFrame(CLIENT_FRAME.gift, data)) return false;
  $giftShort.set(false);
  $giftSending.set(data.client_msg_id);
  const comboable = $gifts.get().find((g) => g.id === giftid)?.combo === 1;
  lastSent = { giftid, count, source, comboable };
  timer = setTimeout(settle, SEND_TIMEOUT_MS);
  return true;
}

/** Sends the combo's gift again (same count, same source). */
export function sendCombo(): boolean {
  const combo = $giftCombo.get();
  return combo ? sendGift(combo.giftid, combo.count, combo.source) : false;
}

onRoomFrame((frame) => {
  if (frame.type === SERVER_FRAME.giftFeedRep) {
    const rep = frame.data;
    setWalletBalance({ gold: rep.bal.gold, diamond: rep.bal.diamond });
    if ('source' in rep && rep.source === GIFT_SOURCE.backpack) applyBackpackCounts(rep.backpack);
    if (rep.client_msg_id === $giftSending.get()) {
      settle();
      if (lastSent?.comboable) {
        const { giftid, count, source } = lastSent;
        $giftCombo.set({ giftid, count, source });
        comboFlag.mark();
      }
    }
  } else if (frame.type === SERVER_FRAME.error && $giftSending.get()) {
    const error = frame.data;
    // A refusal that names another action (a bet, an older send) is not this send's.
    if (error.client_msg_id !== undefined && error.client_msg_id !== $giftSending.get()) return;
    if (error.code === REALTIME_ERROR.insufficientBalance) $giftShort.set(true);
    // The counts shown were out of date: read them again.
    if (error.code === REALTIME_ERROR.notEnoughItems) void loadBackpack().catch(() => {});
    comboFlag.clear();
    settle();
  }
});
