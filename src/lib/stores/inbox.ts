/**
 * The user's inbox on every page: one hub socket (`inbox` frame) while logged in. It keeps the
 * unread count of each conversation (seeded by inboxRep, raised by arriving messages, set by the
 * hub's `unread` frames), tells the page's listeners of every messaging frame, and knows which
 * conversation is open so that one neither counts nor pops up.
 */
import { atom, computed } from 'nanostores';
import { CHAT_TYPE, GROUP_MSG } from '../messaging/types.ts';
import { send } from '../api/client.ts';
import { toApiLang } from '../i18n/locale.ts';
import { CLIENT_FRAME, SERVER_FRAME, type ServerFrame } from '../realtime/protocol/index.ts';
import { hubUrl, openSocket, type RealtimeSocket } from '../realtime/socket.ts';
import { hubSig } from '../realtime/user-sig.ts';
import { tencentApi } from '../tencent/api.ts';
import { $locale } from './locale.ts';
import { $isAdmin, $loggedIn, $userId } from './session.ts';

/** A conversation's key: `${type}:${id}` (the id of UnreadChange). */
export const chatKey = (type: number, id: number) => `${type}:${id}`;

/** Unread count per conversation key. */
export const $unread = atom<Record<string, number>>({});
/** Sum of the unread counts (the header badge). */
export const $unreadTotal = computed($unread, (counts) =>
  Object.values(counts).reduce((sum, n) => sum + n, 0),
);
/** The conversation open on this page, if any. */
export const $openChat = atom<string | null>(null);
/** Fan groups the inbox hears. */
export const $myGroups = atom<number[]>([]);
/** True once the hub has opened the inbox on this page (alerts reach it from then on). */
export const $inboxOpen = atom(false);

type Listener = (frame: ServerFrame) => void;
const listeners = new Set<Listener>();

/** Adds a listener of messaging frames; returns its removal. */
export function onInboxFrame(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setCount(key: string, n: number): void {
  const next = { ...$unread.get() };
  if (n > 0) next[key] = n;
  else delete next[key];
  $unread.set(next);
}

function bump(key: string): void {
  if ($openChat.get() === key) return;
  setCount(key, ($unread.get()[key] ?? 0) + 1);
}

/** The conversation key of a message frame, and whether it counts as unread for me. */
export function keyOfFrame(
  frame: ServerFrame,
  me: number,
): { key: string; counts: boolean } | null {
  switch (frame.type) {
    case SERVER_FRAME.groupMsg: {
      const m = frame.data;
      const written =
        m.type === GROUP_MSG.normal || m.type === GROUP_MSG.image || m.type === GROUP_MSG.dynamic;
      return { key: chatKey(CHAT_TYPE.group, m.group_id), counts: written && m.uid !== me };
    }
    case SERVER_FRAME.privateMsg: {
      const m = frame.data;
      return { key: chatKey(CHAT_TYPE.private, m.groupId), counts: false };
    }
    case SERVER_FRAME.mgrMsg: {
      const m = frame.data;
      return { key: chatKey(CHAT_TYPE.staff, m.user_id), counts: false };
    }
    case SERVER_FRAME.SystemMessage:
    case SERVER_FRAME.AnchorStartLiveMessage:
      return { key: chatKey(CHAT_TYPE.system, 0), counts: true };
    default:
      return null;
  }
}

function onFrame(frame: ServerFrame): void {
  const me = Number($userId.get());
  if (frame.type === SERVER_FRAME.inboxRep) {
    const data = frame.data;
    const counts: Record<string, number> = {};
    for (const c of data.counts) counts[chatKey(c.type, c.id)] = c.unread_num;
    $unread.set(counts);
    $myGroups.set(data.groups);
    $inboxOpen.set(true);
  } else if (frame.type === SERVER_FRAME.unread) {
    const change = frame.data;
    const key = chatKey(change.type, change.id);
    // The open conversation is being read here: the page clears it on the server.
    setCount(key, $openChat.get() === key ? 0 : change.unread_num);
  } else {
    const hit = keyOfFrame(frame, me);
    // Administrators count users' messages to staff (the hub sends no unread frame for them).
    const staffSide =
      frame.type === SERVER_FRAME.mgrMsg &&
      $isAdmin.get() &&
      !frame.data.from_staff &&
      frame.data.user_id !== me;
    if (hit && (hit.counts || staffSide)) bump(hit.key);
  }
  for (const listener of listeners) listener(frame);
}

let socket: RealtimeSocket | null = null;

async function openInbox(): Promise<void> {
  const sig = await send(tencentApi.userSig);
  socket?.send(CLIENT_FRAME.inbox, { id: sig.id, sig: hubSig(sig) });
}

/** Opens the inbox while logged in and closes it on logout. Call once per page. */
export function startInbox(): void {
  $loggedIn.subscribe((loggedIn) => {
    if (loggedIn && !socket) {
      socket = openSocket(hubUrl(toApiLang($locale.get())), {
        onOpen: () => void openInbox().catch(() => {}),
        onState: (state) => {
          if (state !== 'open') $inboxOpen.set(false);
        },
        onFrame,
        pingData: () => ({}),
      });
    } else if (!loggedIn && socket) {
      socket.close();
      socket = null;
      $unread.set({});
      $inboxOpen.set(false);
    }
  });
}

/** Marks `key` open (its messages neither count nor pop up) and clears its count here. */
export function setOpenChat(key: string | null): void {
  $openChat.set(key);
  if (key) setCount(key, 0);
}
