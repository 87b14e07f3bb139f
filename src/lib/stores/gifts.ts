/**
 * Gifts in the live room: the catalogue (cached in session storage per language, spec: gifts
 * cache), gift lines in the chat (with combos), sending over the room's socket with a
 * client_msg_id, and the answers: giftFeedRep
 * updates the wallet everywhere on the page; a refusal ends the send (the room store shows its
 * message).
 */
import { atom } from 'nanostores';
import { call } from '../api/client.ts';
import type { GiftCount, GiftItem } from '../gifts/api.ts';
import { createContinuousFlag } from '../gifts/combo.ts';
import { addGift } from '../live/chat-list.ts';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
  type GiftData,
  type GiftFeedRepData,
  type GiftSendData,
} from '../realtime/protocol.ts';
import { openLogin } from './dialogs.ts';
import { $chat, onRoomFrame, sendRoomFrame } from './live-room.ts';
import { $locale } from './locale.ts';
import { $loggedIn } from './session.ts';
import { setWalletBalance } from './wallet.ts';

/** The catalogue, in panel order. */
export const $gifts = atom<GiftItem[]>([]);
/** Whether the catalogue is loading, ready or failed. */
export const $giftsState = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');
/** The send under way (its client_msg_id), if any. */
export const $giftSending = atom<string | null>(null);
/** Set when the last send was refused for want of balance (the panel offers recharge). */
export const $giftShort = atom(false);

/** The gift just sent while its combo runs (3 s after the last send), for the combo button. */
export const $giftCombo = atom<{ giftid: number; count: GiftCount } | null>(null);
let lastSent: { giftid: number; count: GiftCount; comboable: boolean } | null = null;
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
    const list = await call<GiftItem[]>('post', '/api/live/gift_list');
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
 * Sends `count` of gift `giftid` to the room; guests get the login dialog. Returns false when
 * nothing was sent (not logged in, a send under way, or no joined room).
 */
export function sendGift(giftid: number, count: GiftCount): boolean {
  if (!$loggedIn.get()) {
    openLogin();
    return false;
  }
  if ($giftSending.get()) return false;
  const data: GiftSendData = { giftid, count, client_msg_id: newMessageId() };
  if (!sendRoomFrame(CLIENT_FRAME.gift, data)) return false;
  $giftShort.set(false);
  $giftSending.set(data.client_msg_id);
  lastSent = { giftid, count, comboable: $gifts.get().find((g) => g.id === giftid)?.combo === 1 };
  timer = setTimeout(settle, SEND_TIMEOUT_MS);
  return true;
}

onRoomFrame((frame) => {
  if (frame.type === SERVER_FRAME.gift) {
    $chat.set(addGift($chat.get(), frame.data as GiftData));
  } else if (frame.type === SERVER_FRAME.giftFeedRep) {
    const rep = frame.data as GiftFeedRepData;
    setWalletBalance({ gold: rep.bal.gold, diamond: rep.bal.diamond });
    if (rep.client_msg_id === $giftSending.get()) {
      settle();
      if (lastSent?.comboable) {
        $giftCombo.set({ giftid: lastSent.giftid, count: lastSent.count });
        comboFlag.mark();
      }
    }
  } else if (frame.type === SERVER_FRAME.error && $giftSending.get()) {
    const error = frame.data as ErrorData;
    if (error.code === REALTIME_ERROR.insufficientBalance) $giftShort.set(true);
    comboFlag.clear();
    settle();
  }
});
