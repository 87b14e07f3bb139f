/**
 * The live room's realtime state: one socket to `/im`, joined as user or guest, feeding the chat
 * list, welcome list, announcement, heat and ban state; the barrage listens to new messages.
 * Islands subscribe and call the actions; nothing here touches the DOM.
 */
import { atom } from 'nanostores';
import { call } from '../api/client.ts';
import { missingPropKey, propCountKey, type SayProps } from '../live/props.ts';
import { channelForHost } from '../channel.ts';
import { deviceId } from '../device.ts';
import { createI18n, toApiLang } from '../i18n/index.ts';
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
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type AnnouncementData,
  type BannedData,
  type ClientFrameData,
  type ClientFrameType,
  type EnterData,
  type ErrorData,
  type GiftData,
  type SayData,
  type ServerFrame,
} from '../realtime/protocol/index.ts';
import { hubUrl, openSocket, type RealtimeSocket } from '../realtime/socket.ts';
import { hubSig, type UserSigAnswer } from '../realtime/user-sig.ts';
import { checkMessage, DEFAULT_CHAT_CONFIG, newSpeakerState } from '../rules/chat.ts';
import { $backpack, loadBackpack } from './backpack.ts';
import { openLogin } from './dialogs.ts';
import { $locale } from './locale.ts';
import { $chatReady, $loggedIn, clearSession } from './session.ts';
import { closeTencentRoom, openTencentRoom, sayThroughTencent } from './tencent-room.ts';
import { showToast } from './toast.ts';

/** Connection state as the chat shows it. */
export type RoomConnection = 'idle' | 'connecting' | 'joined' | 'offline';

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
/** Socket and join state. */
export const $roomConnection = atom<RoomConnection>('idle');
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

let socket: RealtimeSocket | undefined;
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
let roomId = 0;
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
  if (data.code === REALTIME_ERROR.banned) {
    const me = $chatMe.get();
    if (me) $chatMe.set({ ...me, bannedUntil: data.until ?? null });
  }
  showToast(data.msg, 'error');
}

function onFrame(frame: ServerFrame): void {
  for (const listener of frameListeners) listener(frame);
  switch (frame.type) {
    case SERVER_FRAME.loginRep: {
      const rep = frame.data;
      $chat.set(addMessages(EMPTY_CHAT, rep.history));
      $announcement.set(rep.announcement);
      $roomHeat.set(rep.heat);
      $roomLive.set(rep.status === 1);
      $chatMe.set({
        id: rep.login.id,
        guest: rep.login.guest,
        isManager: rep.login.is_manager,
        bannedUntil: rep.login.banned_until,
      });
      $roomConnection.set('joined');
      $chatReady.set(true);
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
    case SERVER_FRAME.kicked:
      // Logged out elsewhere or password changed: tear down and ask to log in (spec §8).
      leaveRoom();
      clearSession();
      openLogin();
      return;
  }
}

/**
 * The signature asked for while the socket opens, with the login state it was asked in (the
 * first join only, and only if nobody logged in or out meanwhile; reconnects ask anew).
 */
let earlySig: { loggedIn: boolean; sig: Promise<UserSigAnswer> } | undefined;

/** Asks the hub's signature for the current user (or guest). */
function fetchSig(): Promise<UserSigAnswer> {
  return call<UserSigAnswer>('get', '/api/tencentIm/getUserSig');
}

async function join(): Promise<void> {
  const early = earlySig?.loggedIn === $loggedIn.get() ? earlySig.sig : undefined;
  earlySig = undefined;
  const sig = await (early ?? fetchSig());
  const type = $loggedIn.get() ? CLIENT_FRAME.login : CLIENT_FRAME.first;
  socket?.send(type, {
    groupId: String(roomId),
    channel: channelForHost(location.hostname),
    id: sig.id,
    sig: hubSig(sig),
  });
}

/** Joins the room of anchor `anchorId` (leaving any other) and stays joined across reconnects. */
export function enterRoom(anchorId: number): void {
  if (socket && roomId === anchorId) return;
  leaveRoom();
  roomId = anchorId;
  $roomConnection.set('connecting');
  // The join needs the signature: ask for it now instead of after the socket opened.
  earlySig = { loggedIn: $loggedIn.get(), sig: fetchSig() };
  earlySig.sig.catch(() => {});
  socket = openSocket(hubUrl(toApiLang($locale.get())), {
    onOpen: () => {
      join().catch(() => $roomConnection.set('offline'));
    },
    onFrame,
    onState: (state) => {
      if (state === 'retrying' || state === 'closed') {
        $roomConnection.set('offline');
        $chatReady.set(false);
      }
    },
    pingData: () => ({ groupId: String(roomId), device_id: deviceId() }),
  });
  // With Tencent Cloud Chat configured, plain chat also travels through the room's Tencent group.
  openTencentRoom(anchorId, onFrame);
}

/** Leaves the room and closes the socket; the lists empty. */
export function leaveRoom(): void {
  socket?.close();
  socket = undefined;
  earlySig = undefined;
  closeTencentRoom();
  roomId = 0;
  speakerQueue.length = 0;
  clearTimeout(speakerTimer);
  speakerTimer = undefined;
  $speakerBanner.set(null);
  $chatProp.set(null);
  $chat.set(EMPTY_CHAT);
  $chatMe.set(null);
  $roomConnection.set('idle');
  $chatReady.set(false);
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

/**
 * Sends a chat message, with the chosen prop if any (used once, then unchosen). Guests are asked
 * to log in; a message the rules would refuse for its shape is refused here too (the hub checks
 * again and owns the prop count). Returns true when it was sent.
 */
export function sendChat(content: string): boolean {
  if (!$loggedIn.get()) {
    openLogin();
    return false;
  }
  const text = content.trim();
  const me = $chatMe.get();
  if (isBanned(me)) {
    showToast(t()('liveChat.refused.banned'), 'error');
    return false;
  }
  const shape = checkMessage(
    {
      ...DEFAULT_CHAT_CONFIG,
      toggle_speak_rate: 0,
      toggle_num_msg_count: 0,
      toggle_continue_trigger: 0,
      toggle_single_msg: 0,
      toggle_total_trigger: 0,
    },
    newSpeakerState(),
    text,
    Date.now(),
  );
  if (shape) {
    showToast(t()(`liveChat.refused.${shape}`), 'error');
    return false;
  }
  const props = $chatProp.get();
  const request = props ? { content: text, props } : { content: text };
  if (sayThroughTencent(request, me?.isManager ?? false)) return true;
  const sent = socket?.send(CLIENT_FRAME.say, request);
  if (sent) $chatProp.set(null);
  return sent ?? false;
}

/** The anchor id of the room joined, 0 when none. */
export function currentRoomId(): number {
  return roomId;
}

type FrameListener = (frame: ServerFrame) => void;
const frameListeners = new Set<FrameListener>();

/** Calls `listener` with every frame the room's socket receives; returns the removal. */
export function onRoomFrame(listener: FrameListener): () => void {
  frameListeners.add(listener);
  return () => frameListeners.delete(listener);
}

/**
 * Sends a frame on the room's socket whatever the join state (the manager actions use it);
 * false when there is no socket or it is not open. Prefer sendRoomFrame for anything else.
 */
export function sendOnRoomSocket<K extends ClientFrameType>(
  type: K,
  data: ClientFrameData[K],
): boolean {
  return socket?.send(type, data) ?? false;
}

/** Sends a frame on the room's socket once joined; false when there is no joined room. */
export function sendRoomFrame<K extends ClientFrameType>(
  type: K,
  data: ClientFrameData[K],
): boolean {
  if (!socket || $roomConnection.get() !== 'joined') return false;
  return socket.send(type, data);
}
