/**
 * The live room's connection: one socket to `/im`, joined as user or guest and re-joined on every
 * reconnect, whose frames go to the room's state (live-room-state.ts) and to the frame listeners
 * (quizzes, gifts, the ranking); sending chat and the other room frames. Islands subscribe and
 * call the actions; nothing here touches the DOM.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { channelForHost } from '../channel.ts';
import { deviceId } from '../device.ts';
import { createI18n, toApiLang } from '../i18n/index.ts';
import {
  CLIENT_FRAME,
  SERVER_FRAME,
  type ClientFrameData,
  type ClientFrameType,
  type ServerFrame,
} from '../realtime/protocol/index.ts';
import { hubUrl, openSocket, type RealtimeSocket } from '../realtime/socket.ts';
import { hubSig, type UserSigAnswer } from '../realtime/user-sig.ts';
import { tencentApi } from '../tencent/api.ts';
import { checkMessage, DEFAULT_CHAT_CONFIG, newSpeakerState } from '../rules/chat.ts';
import { PROP_TYPE } from '../live/props.ts';
import { openLogin } from './dialogs.ts';
import { $chatMe, $chatProp, applyRoomFrame, isBanned, resetRoomState } from './live-room-state.ts';
import { noteSent, slowSecondsLeft } from './live-room-modes.ts';
import { $locale } from './locale.ts';
import { $chatReady, $loggedIn, clearSession } from './session.ts';
import { closeTencentRoom, openTencentRoom, sayThroughTencent } from './tencent-room.ts';
import { showToast } from './toast.ts';

/** Connection state as the chat shows it. */
export type RoomConnection = 'idle' | 'connecting' | 'joined' | 'offline';

/** Socket and join state. */
export const $roomConnection = atom<RoomConnection>('idle');

let socket: RealtimeSocket | undefined;
let roomId = 0;
const t = () => createI18n($locale.get());

function onFrame(frame: ServerFrame): void {
  for (const listener of frameListeners) listener(frame);
  applyRoomFrame(frame);
  if (frame.type === SERVER_FRAME.loginRep) {
    $roomConnection.set('joined');
    $chatReady.set(true);
  } else if (frame.type === SERVER_FRAME.kicked) {
    // Logged out elsewhere or password changed: tear down and ask to log in (spec §8).
    leaveRoom();
    clearSession();
    openLogin();
  }
}

/**
 * The signature asked for while the socket opens, with the login state it was asked in (the
 * first join only, and only if nobody logged in or out meanwhile; reconnects ask anew).
 */
let earlySig: { loggedIn: boolean; sig: Promise<UserSigAnswer> } | undefined;

/** Asks the hub's signature for the current user (or guest). */
function fetchSig(): Promise<UserSigAnswer> {
  return send(tencentApi.userSig);
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
  resetRoomState();
  $roomConnection.set('idle');
  $chatReady.set(false);
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
  const isManager = me?.isManager ?? false;
  const props = $chatProp.get();
  // Slow mode: the hub refuses until the wait is over (managers and speaker banners excepted).
  const wait = isManager || props?.type === PROP_TYPE.speaker ? 0 : slowSecondsLeft();
  if (wait > 0) {
    showToast(t()('liveChat.refused.slowMode', { seconds: wait }), 'error');
    return false;
  }
  const request = props ? { content: text, props } : { content: text };
  if (sayThroughTencent(request, me?.isManager ?? false)) return true;
  const sent = socket?.send(CLIENT_FRAME.say, request);
  if (sent) {
    $chatProp.set(null);
    if (props?.type !== PROP_TYPE.speaker) noteSent(isManager);
  }
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
