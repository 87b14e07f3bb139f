/**
 * The chat list of a live room as pure functions (spec §4): time separators after 60 s gaps,
 * login messages only for notable users and not repeated within the last 30 items, everyone
 * else to the welcome list (at most 11), and a bounded list so hours of chat use bounded memory.
 */
import { continuesCombo } from '../gifts/combo.ts';
import type { EnterData, GiftData, SayData } from '../realtime/protocol/index.ts';

/** Items kept in the chat list; older ones drop off the top. */
export const CHAT_LIMIT = 200;
/** A time separator goes before a message that follows a silence this long. */
export const SEPARATOR_GAP_MS = 60_000;
/** Entries of the welcome list. */
export const WELCOME_LIMIT = 11;
/** A login message is not repeated within this many latest items. */
export const ENTER_DEDUP = 30;

/** One row of the chat list. */
export type ChatItem =
  | { kind: 'msg'; key: string; time: number; msg: SayData }
  | { kind: 'time'; key: string; time: number }
  | { kind: 'enter'; key: string; time: number; user: EnterData }
  | { kind: 'notice'; key: string; time: number; text: string }
  | { kind: 'gift'; key: string; time: number; gift: GiftData };

/** The chat list and the welcome list together. */
export interface ChatState {
  items: ChatItem[];
  welcome: EnterData[];
}

/** An empty chat. */
export const EMPTY_CHAT: ChatState = { items: [], welcome: [] };

/** True for users whose arrival is announced in the chat: vip, level above 9 or staff. */
export function isNotable(user: Pick<EnterData, 'vip_level' | 'level' | 'role'>): boolean {
  return user.vip_level > 0 || user.level > 9 || user.role > 1;
}

function lastTime(items: ChatItem[]): number | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind === 'msg' || item.kind === 'time') return item.time;
  }
  return undefined;
}

function bounded(items: ChatItem[]): ChatItem[] {
  return items.length > CHAT_LIMIT ? items.slice(items.length - CHAT_LIMIT) : items;
}

/** Adds messages in order, each after a time separator when it follows a 60 s silence. */
export function addMessages(state: ChatState, messages: SayData[]): ChatState {
  if (messages.length === 0) return state;
  const items = [...state.items];
  let previous = lastTime(items);
  for (const msg of messages) {
    if (previous === undefined || msg.time - previous > SEPARATOR_GAP_MS) {
      items.push({ kind: 'time', key: `t${msg.id}`, time: msg.time });
    }
    items.push({ kind: 'msg', key: `m${msg.id}`, time: msg.time, msg });
    previous = msg.time;
  }
  return { ...state, items: bounded(items) };
}

/** Announces an arrival in the chat (notable, not among the last 30 items) or in the welcome list. */
export function addEnter(state: ChatState, user: EnterData, now: number): ChatState {
  if (isNotable(user)) {
    const recent = state.items.slice(-ENTER_DEDUP);
    if (recent.some((i) => i.kind === 'enter' && i.user.user_id === user.user_id)) return state;
    const item: ChatItem = { kind: 'enter', key: `e${user.user_id}-${now}`, time: now, user };
    return { ...state, items: bounded([...state.items, item]) };
  }
  const welcome = [...state.welcome.filter((u) => u.user_id !== user.user_id), user];
  return { ...state, welcome: welcome.slice(-WELCOME_LIMIT) };
}

/**
 * Adds a gift (spec §4, gift combo): when the newest item is a gift of the same sender and gift
 * and the new hit is above 1, that item's hit is updated in place; otherwise a new item is added.
 */
export function addGift(state: ChatState, gift: GiftData): ChatState {
  const last = state.items.at(-1);
  if (last?.kind === 'gift' && continuesCombo(last.gift, gift)) {
    const items = [...state.items];
    items[items.length - 1] = { ...last, time: gift.time, gift: { ...last.gift, hit: gift.hit } };
    return { ...state, items };
  }
  const item: ChatItem = { kind: 'gift', key: `g${gift.id}`, time: gift.time, gift };
  return { ...state, items: bounded([...state.items, item]) };
}

/** Adds a system notice (bans, clears). */
export function addNotice(state: ChatState, text: string, now: number): ChatState {
  const item: ChatItem = { kind: 'notice', key: `n${now}-${state.items.length}`, time: now, text };
  return { ...state, items: bounded([...state.items, item]) };
}

/** Removes a deleted message. */
export function removeMessage(state: ChatState, id: number): ChatState {
  return { ...state, items: state.items.filter((i) => !(i.kind === 'msg' && i.msg.id === id)) };
}
