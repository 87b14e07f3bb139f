import { describe, expect, it } from 'vitest';
import { CLIENT_FRAME, SERVER_FRAME, type Frame, type GiftData } from '../protocol/index.ts';
import {
  fromTencent,
  GIFT_FEED,
  sayFrame,
  TENCENT_ADMIN,
  TENCENT_EXTENSION,
  tencentMessageId,
  tencentRoute,
  TIM_CONVERSATION,
  TIM_CUSTOM,
  toTencent,
  type Speaker,
  type TencentAddress,
  type TencentCustomPayload,
  type TencentMessage,
} from './mapping.ts';

const ROOM = '100003';
const SPEAKER: Speaker = {
  user_id: 100001,
  from_client_name: 'Viewer',
  avatar: '/uploads/a.png',
  level: 5,
  vip_level: 0,
  role: 1,
  is_manager: false,
};
const GIFT: GiftData = {
  id: 'g-1',
  giftid: 3,
  gift_name: 'Rocket',
  count: 1,
  hit: 2,
  uid: 100001,
  sender: 'Viewer',
  avatar: '',
  level: 5,
  vip_level: 0,
  icon: '/gifts/rocket.png',
  animation: 'rocket',
  animat_type: 1,
  time: 1_700_000_000_000,
};

/** A received custom message carrying `payload`, as the SDK hands it over. */
function message(
  payload: unknown,
  address: TencentAddress,
  from: string,
  extra: Partial<TencentMessage> = {},
): TencentMessage {
  return {
    ID: `msg-${from}-${Math.random()}`,
    type: TIM_CUSTOM,
    conversationType: address === 'room' ? TIM_CONVERSATION.group : TIM_CONVERSATION.c2c,
    from,
    to: address === 'room' ? ROOM : TENCENT_ADMIN,
    time: 1_800_000_000,
    sequence: 42,
    payload,
    ...extra,
  };
}

/** Sends `frame` to `address` and receives it from `from`; the payload must exist. */
function roundTrip(frame: Frame, address: TencentAddress, from: string): Frame | null {
  const payload = toTencent(frame, address);
  expect(payload, frame.type).not.toBeNull();
  return fromTencent(message(payload, address, from));
}

describe('frames as Tencent custom messages', () => {
  it('puts the frame in data, its type in description and the format in extension', () => {
    const payload = toTencent(sayFrame('hello', SPEAKER, 5), 'room')!;
    expect(payload.description).toBe('say');
    expect(payload.extension).toBe(TENCENT_EXTENSION);
    expect(JSON.parse(payload.data)).toEqual({
      type: 'say',
      data: sayFrame('hello', SPEAKER, 5).data,
    });
  });

  it('carries a say through the room, with id and time from Tencent', () => {
    const back = roundTrip(sayFrame('  hello  ', SPEAKER, 5), 'room', '100001');
    expect(back).toEqual({
      type: SERVER_FRAME.say,
      data: { ...sayFrame('  hello  ', SPEAKER).data, id: -42, time: 1_800_000_000_000 },
    });
  });

  it('carries gifts and quiz prompts through the room from the administrator only', () => {
    expect(roundTrip({ type: SERVER_FRAME.gift, data: GIFT }, 'room', TENCENT_ADMIN)).toEqual({
      type: SERVER_FRAME.gift,
      data: GIFT,
    });
    const prompt = { type: SERVER_FRAME.quizPrompt, data: { guess_id: 7 } };
    expect(roundTrip(prompt, 'room', TENCENT_ADMIN)).toEqual(prompt);
    // A member posting a gift or a quiz into the room is not believed.
    expect(roundTrip({ type: SERVER_FRAME.gift, data: GIFT }, 'room', '100001')).toBeNull();
    expect(roundTrip(prompt, 'room', '100001')).toBeNull();
  });

  it('carries joins, pings, gift feeds and quiz prompts to the administrator', () => {
    const join = { groupId: ROOM, channel: 'OFFICIAL', id: '100001', sig: 'secret-sig' };
    for (const type of [CLIENT_FRAME.login, CLIENT_FRAME.first]) {
      const payload = toTencent({ type, data: join }, 'admin')!;
      // The signature is the Tencent login itself: it never travels in a message.
      expect(payload.data).not.toContain('secret-sig');
      expect(fromTencent(message(payload, 'admin', '100001'))).toEqual({
        type,
        data: { groupId: ROOM, channel: 'OFFICIAL' },
      });
    }
    const ping = { type: CLIENT_FRAME.ping, data: { groupId: ROOM, device_id: 'dev-1' } };
    expect(roundTrip(ping, 'admin', '100001')).toEqual(ping);
    const prompt = { type: CLIENT_FRAME.quizPrompt, data: { guess_id: 7, groupId: ROOM } };
    expect(roundTrip(prompt, 'admin', '100001')).toEqual(prompt);
    // Our client gift is the spec's giftFeed on Tencent, and back.
    const gift = {
      type: CLIENT_FRAME.gift,
      data: { giftid: 3, count: 10, client_msg_id: 'c-1', source: 'backpack' },
    };
    const feed = toTencent(gift, 'admin')!;
    expect(feed.description).toBe(GIFT_FEED);
    expect(JSON.parse(feed.data)).toEqual({ type: GIFT_FEED, data: gift.data });
    expect(fromTencent(message(feed, 'admin', '100001'))).toEqual(gift);
  });

  it('maps nothing to an address that does not carry it', () => {
    expect(
      toTencent({ type: CLIENT_FRAME.gift, data: { giftid: 3, count: 1 } }, 'room'),
    ).toBeNull();
    expect(toTencent(sayFrame('hi', SPEAKER), 'admin')).toBeNull();
    expect(toTencent({ type: CLIENT_FRAME.bet, data: {} }, 'admin')).toBeNull();
    expect(toTencent({ type: CLIENT_FRAME.ping, data: { groupId: 'x' } }, 'admin')).toBeNull();
    expect(
      toTencent(
        { type: CLIENT_FRAME.gift, data: { giftid: 3, count: 7, client_msg_id: 'c' } },
        'admin',
      ),
    ).toBeNull();
    expect(toTencent(sayFrame('x'.repeat(101), SPEAKER), 'room')).toBeNull();
  });

  it('refuses a say whose user id is not the Tencent sender, or that carries a prop', () => {
    const payload = toTencent(sayFrame('hello', SPEAKER), 'room');
    expect(fromTencent(message(payload, 'room', '100002'))).toBeNull();
    expect(fromTencent(message(payload, 'room', TENCENT_ADMIN))).toBeNull();
    const speaker = JSON.stringify({
      type: 'say',
      data: { ...sayFrame('hello', SPEAKER).data, props: 100, isSpeaker: true },
    });
    const forged = { data: speaker, description: 'say', extension: TENCENT_EXTENSION };
    expect(fromTencent(message(forged, 'room', '100001'))).toBeNull();
  });

  it('refuses malformed messages without throwing', () => {
    const good = toTencent(sayFrame('hello', SPEAKER), 'room')!;
    const with_ = (p: Partial<TencentCustomPayload>) => ({ ...good, ...p });
    const bad: unknown[] = [
      null,
      undefined,
      42,
      'say',
      [],
      {},
      message(good, 'room', '100001', { type: 'TIMTextElem' }),
      message(good, 'room', '100001', { conversationType: '@TIM#SYSTEM' }),
      message(good, 'room', '100001', { from: 100001 as unknown as string }),
      message(good, 'room', '100001', { time: Number.NaN }),
      message(null, 'room', '100001'),
      message('text', 'room', '100001'),
      message(with_({ extension: 'other' }), 'room', '100001'),
      message(with_({ extension: undefined }), 'room', '100001'),
      message(with_({ description: 'gift' }), 'room', '100001'),
      message(with_({ data: '{not json' }), 'room', '100001'),
      message(with_({ data: 'null' }), 'room', '100001'),
      message(with_({ data: '{"type":"say"}' }), 'room', '100001'),
      message(with_({ data: '{"type":"say","data":{"content":"hi"}}' }), 'room', '100001'),
      message(with_({ data: 42 as unknown as string }), 'room', '100001'),
      message(with_({ data: `"${'x'.repeat(9000)}"` }), 'room', '100001'),
      message(
        with_({ data: '{"type":"kicked","data":{}}', description: 'kicked' }),
        'room',
        '100001',
      ),
      // A one-to-one message that is not to the administrator, or is from it, is not ours.
      message(
        toTencent({ type: 'ping', data: { groupId: ROOM, device_id: 'd' } }, 'admin'),
        'admin',
        '100001',
        {
          to: '100002',
        },
      ),
      message(
        toTencent({ type: 'ping', data: { groupId: ROOM, device_id: 'd' } }, 'admin'),
        'admin',
        TENCENT_ADMIN,
      ),
    ];
    for (const input of bad) {
      expect(() => fromTencent(input)).not.toThrow();
      expect(fromTencent(input)).toBeNull();
    }
    for (const content of ['', '   ', 'a\nb', '\u200b', 'x'.repeat(101)]) {
      const data = JSON.stringify({
        type: 'say',
        data: { ...sayFrame('x', SPEAKER).data, content },
      });
      expect(fromTencent(message(with_({ data }), 'room', '100001')), content).toBeNull();
    }
  });

  it('gives Tencent messages negative ids apart from the hub ones', () => {
    expect(tencentMessageId({ ID: 'a', sequence: 7 })).toBe(-7);
    const hashed = tencentMessageId({ ID: 'a-b-c' });
    expect(hashed).toBe(tencentMessageId({ ID: 'a-b-c', sequence: 0 }));
    expect(hashed).toBeLessThan(-(2 ** 31) + 1);
    expect(tencentMessageId({ ID: 'a-b-d' })).not.toBe(hashed);
  });

  it('routes a plain say to Tencent and everything else to the hub', () => {
    expect(tencentRoute({ type: CLIENT_FRAME.say, data: { content: 'hi' } })).toBe('tencent');
    const prop = { content: 'hi', props: { type: 100, props_id: 0 } };
    expect(tencentRoute({ type: CLIENT_FRAME.say, data: prop })).toBe('hub');
    for (const type of Object.values(CLIENT_FRAME).filter((t) => t !== CLIENT_FRAME.say)) {
      expect(tencentRoute({ type, data: {} }), type).toBe('hub');
    }
    expect(tencentRoute({ type: CLIENT_FRAME.say, data: null })).toBe('hub');
  });
});
