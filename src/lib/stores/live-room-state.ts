/**
 * What the live room's frames build: the chat list and welcome list, the announcement, heat and
 * live state, this viewer's rights and ban, the chosen chat prop and the speaker banner; the
 * barrage, the gift stage and the noble welcome listen to new messages, gifts and entries.
 * applyRoomFrame is the reducer the room's connection (live-room.ts) feeds every frame to.
 * Nothing here touches the DOM or the socket.
 */
import { atom } from 'nanostores';
import { missingPropKey, propCountKey, type SayProps } from '../live/props.ts';
import { createI18n } from '../i18n/index.ts';
import {
  addEnter,
  addGift,
  addMessages,
  addNotice,
  EMPTY_CHAT,
  removeMessage,
  type ChatState,
} from '../live/chat-list.ts';
import {
  REALTIME_ERROR,
  SERVER_FRAME,
  type AnnouncementData,
  type BannedData,
  type EnterData,
  type ErrorData,
  type GiftData,
  type SayData,
  type ServerFrame,
} from '../realtime/protocol/index.ts';
import { $backpack, loadBackpack } from './backpack.ts';
import { noteSlowRefusal, resetRoomModes, setRoomModes } from './live-room-modes.ts';
import { describeModes } from '../live/chat-modes-text.ts';
import { openLogin } from './dialogs.ts';
import { $locale } from './locale.ts';
import { $loggedIn } from './session.ts';
import { showToast } from './toast.ts';

/** Who this viewer is in the room. */
export interface ChatMe {
  id: string;
  guest: boolean;
  isManager: boolean;
  /** Ban end in ms; null permanent; undefined not banned. */
  bannedUntil?: number | null;
}

/** Chat list and welcome list. */
export const $chat = atom<ChatState>(EMPTY_CHAT);
/** The room's announcement. */
export const $announcement = atom<AnnouncementData | null>(null);
/** The room's heat from the last heatRep or join. */
export const $roomHeat = atom<number | null>(null);
/** Whether the anchor is broadcasting, from the join or the last heatRep (null before). */
export const $roomLive = atom<boolean | null>(null);
/** This viewer in the room, after joining. */
export const $chatMe = atom<ChatMe | null>(null);

/** The prop the next message will use (speaker or a colour); null for none. */
export const $chatProp = atom<SayProps | null>(null);
/** The speaker message shown as a banner across the room now; null between them. */
export const $speakerBanner = atom<SayData | null>(null);

/** How long one speaker banner stays. */
export const SPEAKER_BANNER_MS = 6000;

type BarrageListener = (msg: SayData) => void;
const barrageListeners = new Set<BarrageListener>();

/** Calls `listener` with each new chat message (not history); returns the removal. */
export function onBarrage(listener: BarrageListener): () => void {
  barrageListeners.add(listener);
  return () => barrageListeners.delete(listener);
}

const giftListeners = new Set<(gift: GiftData) => void>();
const nobleListeners = new Set<(user: EnterData) => void>();

/** Calls `listener` with each `gift` frame of the room (the gift stage); returns the removal. */
export function onGift(listener: (gift: GiftData) => void): () => void {
  giftListeners.add(listener);
  return () => giftListeners.delete(listener);
}

/** Calls `listener` when a noble (vip_level 1-3) joins the room; returns the removal. */
export function onNobleEnter(listener: (user: EnterData) => void): () => void {
  nobleListeners.add(listener);
  return () => nobleListeners.delete(listener);
}

const speakerQueue: SayData[] = [];
let speakerTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows the next queued speaker banner, one at a time. */
function nextSpeaker(): void {
  speakerTimer = undefined;
  const next = speakerQueue.shift() ?? null;
  $speakerBanner.set(next);
  if (next) speakerTimer = setTimeout(nextSpeaker, SPEAKER_BANNER_MS);
}

function queueSpeaker(msg: SayData): void {
  // A busy room keeps only the latest few waiting.
  speakerQueue.push(msg);
  if (speakerQueue.length > 5) speakerQueue.shift();
  if (!speakerTimer) nextSpeaker();
}

const t = () => createI18n($locale.get());

/** True while this viewer's ban runs. */
export function isBanned(me: ChatMe | null, now = Date.now()): boolean {
  if (!me || me.bannedUntil === undefined) return false;
  return me.bannedUntil === null || me.bannedUntil > now;
}

function banTime(unit: string, amount: number): string {
  return unit === 'permanent'
    ? t()('liveChat.units.permanent')
    : t()(`liveChat.units.${unit}`, { count: amount });
}

function onBanned(data: BannedData): void {
  const me = $chatMe.get();
  const reason = t()(`liveChat.reasons.${data.reason}`);
  const time = banTime(data.unit, data.amount);
  if (me && !me.guest && me.id === String(data.uid)) {
    $chatMe.set({ ...me, bannedUntil: data.until });
    showToast(t()('liveChat.bannedFor', { reason, time }), 'error');
  }
  $chat.set(
    addNotice(
      $chat.get(),
      t()('liveRoom.chat.bannedNotice', { name: data.nick_name, reason, time }),
      Date.now(),
    ),
  );
}

function onError(data: ErrorData): void {
  if (data.code === REALTIME_ERROR.loginFailed) {
    // A user whose chat login fails is asked to log in again (spec §8, 70001).
    if ($loggedIn.get()) openLogin();
    return;
  }
  if (data.code === REALTIME_ERROR.noProp) {
    $chatProp.set(null);
    void loadBackpack().catch(() => {});
  }
  if (data.retry_after !== undefined) noteSlowRefusal(data.retry_after);
  if (data.code === REALTIME_ERROR.banned) {
    const me = $chatMe.get();
    if (me) $chatMe.set({ ...me, bannedUntil: data.until ?? null });
  }
  showToast(data.msg, 'error');
}

/**
 * Applies one frame of the room to the state above (the connection handles the join's state and
 * `kicked` itself).
 */
export function applyRoomFrame(frame: ServerFrame): void {
  switch (frame.type) {
    case SERVER_FRAME.loginRep: {
      const rep = frame.data;
      $chat.set(addMessages(EMPTY_CHAT, rep.history));
      $announcement.set(rep.announcement);
      if (rep.chat_modes) setRoomModes(rep.chat_modes);
      $roomHeat.set(rep.heat);
      $roomLive.set(rep.status === 1);
      $chatMe.set({
        id: rep.login.id,
        guest: rep.login.guest,
        isManager: rep.login.is_manager,
        bannedUntil: rep.login.banned_until,
      });
      return;
    }
    case SERVER_FRAME.say: {
      const msg = frame.data;
      $chat.set(addMessages($chat.get(), [msg]));
      for (const listener of barrageListeners) listener(msg);
      if (msg.isSpeaker) queueSpeaker(msg);
      // Our own prop message was paid for: read the counts again.
      if (msg.props && $chatMe.get()?.id === String(msg.user_id)) {
        void loadBackpack().catch(() => {});
      }
      return;
    }
    case SERVER_FRAME.enter: {
      const user = frame.data;
      $chat.set(addEnter($chat.get(), user, Date.now()));
      if (user.vip_level >= 1 && user.vip_level <= 3) for (const l of nobleListeners) l(user);
      return;
    }
    case SERVER_FRAME.gift: {
      // One place for a gift: its line in the chat, then whoever plays it (the gift stage).
      const gift = frame.data;
      $chat.set(addGift($chat.get(), gift));
      for (const listener of giftListeners) listener(gift);
      return;
    }
    case SERVER_FRAME.deleteMsg:
      $chat.set(removeMessage($chat.get(), frame.data.id));
      return;
    case SERVER_FRAME.clearChat:
      $chat.set(addNotice(EMPTY_CHAT, t()('liveRoom.chat.cleared'), Date.now()));
      return;
    case SERVER_FRAME.announcement:
      $announcement.set(frame.data);
      return;
    case SERVER_FRAME.chatModes:
      setRoomModes(frame.data);
      // Announced in the chat, in this viewer's language.
      $chat.set(addNotice($chat.get(), describeModes(t(), frame.data, true), Date.now()));
      return;
    case SERVER_FRAME.attentAnchor: {
      // "X followed the anchor", as a line of the chat.
      const { nick_name } = frame.data;
      if (nick_name) {
        $chat.set(
          addNotice($chat.get(), t()('liveRoom.chat.followed', { name: nick_name }), Date.now()),
        );
      }
      return;
    }
    case SERVER_FRAME.heatRep:
      $roomHeat.set(frame.data.val);
      $roomLive.set(frame.data.status === 1);
      return;
    case SERVER_FRAME.bannedUser:
      onBanned(frame.data);
      return;
    case SERVER_FRAME.unbannedUser: {
      const { uid } = frame.data;
      const me = $chatMe.get();
      if (me && me.id === String(uid)) {
        $chatMe.set({ ...me, bannedUntil: undefined });
        showToast(t()('liveChat.acks.unban'), 'success');
      }
      return;
    }
    case SERVER_FRAME.ack:
      showToast(frame.data.msg, 'success');
      return;
    case SERVER_FRAME.error:
      onError(frame.data);
      return;
  }
}

/** Empties the room's state when the room is left. */
export function resetRoomState(): void {
  speakerQueue.length = 0;
  clearTimeout(speakerTimer);
  speakerTimer = undefined;
  $speakerBanner.set(null);
  $chatProp.set(null);
  $chat.set(EMPTY_CHAT);
  $chatMe.set(null);
  resetRoomModes();
}

/**
 * Chooses the prop for the next message, or none with null. A prop the backpack does not hold
 * is refused with the spec's message ('You dont have speaker yet'); returns true when chosen.
 */
export function chooseProp(props: SayProps | null): boolean {
  if (props) {
    const counts = $backpack.get()?.props;
    if (!counts || counts[propCountKey(props)] <= 0) {
      showToast(t()(missingPropKey(props.type)), 'error');
      return false;
    }
  }
  $chatProp.set(props);
  return true;
}
