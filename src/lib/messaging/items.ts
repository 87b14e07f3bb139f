/**
 * What a conversation shows, whatever its kind: items (messages, notes, dynamics, system cards)
 * in time order, time separators after 60 s of silence (spec §4), and the text of notes.
 */
import type { TFunction } from 'i18next';
import { formatMoney } from '../format.ts';
import { BET_RESULT } from '../quiz/types.ts';
import {
  GROUP_MSG,
  SYSTEM_KIND,
  type GroupMessage,
  type PrivateMessage,
  type StaffMessage,
  type SystemMessageView,
} from './types.ts';

/** Silence after which a time separator is drawn (spec §9). */
export const SEPARATOR_MS = 60_000;

/** One thing in a conversation. */
export interface ChatItem {
  /** Unique in the conversation. */
  key: string;
  kind: 'message' | 'note' | 'dynamic' | 'live' | 'system';
  /** Milliseconds. */
  time: number;
  mine: boolean;
  uid: number;
  name: string;
  avatar: string;
  text: string;
  img: string;
  images?: string[];
  /** Group messages: the sequence number (recall, delete). */
  seq?: number;
  /** Live cards: the room. */
  anchorId?: number;
}

/** A row of the conversation: an item, or a separator before it. */
export type ChatRow = { separator: number; key: string } | ChatItem;

/** Items with separators where more than a minute passed. */
export function withSeparators(items: ChatItem[]): ChatRow[] {
  const rows: ChatRow[] = [];
  let last = 0;
  for (const item of items) {
    if (item.time - last > SEPARATOR_MS) rows.push({ separator: item.time, key: `t${item.key}` });
    rows.push(item);
    last = item.time;
  }
  return rows;
}

/** The note text of a group notice. */
export function groupNote(m: GroupMessage, t: TFunction, locale: string): string {
  const name = m.nick_name || `#${m.uid}`;
  if (m.type === GROUP_MSG.mute) {
    if (!m.target) return t('messaging.notes.unmuted', { name });
    const until = new Date(m.target).toLocaleString(locale, {
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    return t('messaging.notes.5', { name, until });
  }
  return t(`messaging.notes.${m.type}`, { name });
}

/** A fan-group message as an item. */
export function groupItem(m: GroupMessage, me: number, t: TFunction, locale: string): ChatItem {
  const written = m.type === GROUP_MSG.normal || m.type === GROUP_MSG.image;
  const base = {
    key: `g${m.seq}`,
    time: m.send_time * 1000,
    mine: m.uid === me,
    uid: m.uid,
    name: m.nick_name,
    avatar: m.avatar,
    img: m.img_url,
    seq: m.seq,
  };
  if (written) return { ...base, kind: 'message', text: m.content };
  if (m.type === GROUP_MSG.dynamic)
    return { ...base, kind: 'dynamic', text: m.content, images: m.images ?? [] };
  return { ...base, kind: 'note', mine: false, img: '', text: groupNote(m, t, locale) };
}

/** A private message as an item. */
export function privateItem(m: PrivateMessage, me: number): ChatItem {
  const fromAnchor = m.sender_uid === m.anchor_id;
  return {
    key: `p${m.id}`,
    kind: 'message',
    time: m.send_time,
    mine: m.sender_uid === me,
    uid: m.sender_uid,
    name: fromAnchor ? m.anchor_nickname : m.user_nickname,
    avatar: fromAnchor ? m.anchor_avatar : m.user_avatar,
    text: m.content,
    img: m.img_url,
  };
}

/** A staff-channel message as an item. */
export function staffItem(m: StaffMessage, me: number, t: TFunction): ChatItem {
  return {
    key: `m${m.id}`,
    kind: 'message',
    time: m.send_time * 1000,
    mine: m.sender_uid === me,
    uid: m.sender_uid,
    name: m.from_staff ? `${t('messaging.staffName')} · ${m.nick_name}` : m.nick_name,
    avatar: m.avatar,
    text: m.content,
    img: '',
  };
}

/** A system message as an item: go-live cards, bans, quiz results and notices. */
export function systemItem(m: SystemMessageView, t: TFunction): ChatItem {
  const { data } = m;
  const base = {
    key: `s${m.id}`,
    time: m.send_time * 1000,
    mine: false,
    uid: 0,
    name: t('messaging.systemName'),
    avatar: '',
    img: '',
  };
  if (m.kind === SYSTEM_KIND.live) {
    return {
      ...base,
      kind: 'live',
      anchorId: m.anchor_id ?? 0,
      avatar: String(data.avatar ?? ''),
      text: t('messaging.system.live', { name: data.nick_name ?? '', title: m.content }),
    };
  }
  if (m.kind === SYSTEM_KIND.ban) {
    const reason = t(`liveChat.reasons.${String(data.reason)}`);
    const time =
      data.unit === 'permanent'
        ? t('liveChat.units.permanent')
        : t(`liveChat.units.${String(data.unit)}`, {
            count: Number(data.amount),
          });
    return {
      ...base,
      kind: 'system',
      text: t('messaging.system.ban', { reason, time, name: data.anchor_name ?? '' }),
    };
  }
  if (m.kind === SYSTEM_KIND.quiz) {
    const question = m.content;
    const result = Number(data.result ?? 0);
    const text =
      result === BET_RESULT.won
        ? t('messaging.system.quizWon', { question, amount: formatMoney(Number(data.payout)) })
        : result === BET_RESULT.lost
          ? t('messaging.system.quizLost', { question })
          : result === BET_RESULT.refunded || result === BET_RESULT.withdrawn
            ? t('messaging.system.quizRefund', { question })
            : t('messaging.system.quizSettled', { question });
    return { ...base, kind: 'system', text, name: t('messaging.system.quiz') };
  }
  return { ...base, kind: 'system', text: m.content, name: t('messaging.system.notice') };
}
