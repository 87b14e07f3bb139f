import { describe, expect, it } from 'vitest';
import type { EnterData, GiftData, SayData } from '../realtime/protocol/index.ts';
import {
  addEnter,
  addGift,
  addMessages,
  CHAT_LIMIT,
  EMPTY_CHAT,
  WELCOME_LIMIT,
} from './chat-list.ts';

const say = (id: number, time: number): SayData =>
  ({ id, time, content: `m${id}`, user_id: 1, from_client_name: 'a' }) as SayData;
const user = (id: number, extra: Partial<EnterData> = {}): EnterData => ({
  user_id: id,
  from_client_name: `u${id}`,
  avatar: '',
  level: 1,
  vip_level: 0,
  role: 1,
  ...extra,
});
const gift = (id: string, uid: number, giftid: number, hit: number): GiftData => ({
  id,
  giftid,
  gift_name: 'Whistle',
  count: 1,
  hit,
  uid,
  sender: `u${uid}`,
  avatar: '',
  level: 1,
  vip_level: 0,
  icon: '',
  animation: '',
  animat_type: 0,
  time: 1000,
});

describe('chat list', () => {
  it('puts a time separator before the first message and after a 60 s silence', () => {
    const s = addMessages(EMPTY_CHAT, [say(1, 0), say(2, 30_000), say(3, 100_000)]);
    expect(s.items.map((i) => i.kind)).toEqual(['time', 'msg', 'msg', 'time', 'msg']);
  });

  it('keeps the last 200 items only', () => {
    const many = Array.from({ length: 500 }, (_, i) => say(i + 1, i));
    const s = addMessages(EMPTY_CHAT, many);
    expect(s.items).toHaveLength(CHAT_LIMIT);
    expect(s.items.at(-1)).toMatchObject({ kind: 'msg', msg: { id: 500 } });
  });

  it('announces notable arrivals once among the last 30 items; others go to the welcome list', () => {
    let s = addEnter(EMPTY_CHAT, user(7, { vip_level: 2 }), 1);
    s = addEnter(s, user(7, { vip_level: 2 }), 2);
    expect(s.items.filter((i) => i.kind === 'enter')).toHaveLength(1);
    for (let i = 0; i < 15; i++) s = addEnter(s, user(100 + i), i);
    expect(s.welcome).toHaveLength(WELCOME_LIMIT);
    expect(s.welcome.at(-1)?.user_id).toBe(114);
    expect(s.welcome[0]?.user_id).toBe(104);
  });

  it('counts up a combo on the newest gift line of the same sender and gift', () => {
    let s = addGift(EMPTY_CHAT, gift('a', 1, 5, 1));
    s = addGift(s, gift('b', 1, 5, 2));
    s = addGift(s, gift('c', 1, 5, 12));
    expect(s.items).toHaveLength(1);
    expect(s.items[0]).toMatchObject({ kind: 'gift', gift: { hit: 12 } });
    // Another sender, another gift, or a fresh combo (hit 1) starts a new line.
    s = addGift(s, gift('d', 2, 5, 2));
    s = addGift(s, gift('e', 2, 6, 2));
    s = addGift(s, gift('f', 2, 6, 1));
    expect(s.items).toHaveLength(4);
    // A message between two sends of a combo ends the line.
    s = addMessages(s, [say(9, 1000)]);
    s = addGift(s, gift('g', 2, 6, 2));
    expect(s.items.at(-1)).toMatchObject({ kind: 'gift', key: 'gg' });
  });
});
