import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GiftData } from '../realtime/protocol.ts';
import {
  applyGiftCombo,
  continuesCombo,
  createContinuousFlag,
  GIFT_COMBO_RESET_MS,
} from './combo.ts';

type Line = { kind: 'say'; text: string } | { kind: 'gift'; gift: GiftData };

const gift = (uid: number, giftid: number, hit: number): GiftData => ({
  id: `${uid}-${giftid}-${hit}`,
  giftid,
  gift_name: 'Football',
  count: 1,
  hit,
  uid,
  sender: `user${uid}`,
  avatar: '',
  level: 1,
  vip_level: 0,
  icon: '/gifts/football.svg',
  animation: 'football',
  animat_type: 1,
  time: 0,
});

const adapter = {
  giftOf: (line: Line) => (line.kind === 'gift' ? line.gift : undefined),
  create: (g: GiftData): Line => ({ kind: 'gift', gift: g }),
  update: (_line: Line, g: GiftData): Line => ({ kind: 'gift', gift: g }),
};

describe('gift combo in the chat', () => {
  it('updates the newest message when sender and gift match and hit > 1', () => {
    let lines: Line[] = [{ kind: 'say', text: 'hi' }];
    lines = applyGiftCombo(lines, gift(1, 4, 1), adapter);
    lines = applyGiftCombo(lines, gift(1, 4, 2), adapter);
    lines = applyGiftCombo(lines, gift(1, 4, 3), adapter);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ kind: 'gift', gift: { hit: 3 } });
  });

  it('adds a new message for another sender, another gift, hit 1, or a message in between', () => {
    const start: Line[] = [{ kind: 'gift', gift: gift(1, 4, 1) }];
    expect(applyGiftCombo(start, gift(2, 4, 2), adapter)).toHaveLength(2);
    expect(applyGiftCombo(start, gift(1, 5, 2), adapter)).toHaveLength(2);
    expect(applyGiftCombo(start, gift(1, 4, 1), adapter)).toHaveLength(2);
    const between: Line[] = [...start, { kind: 'say', text: 'nice' }];
    expect(applyGiftCombo(between, gift(1, 4, 2), adapter)).toHaveLength(3);
    expect(applyGiftCombo([], gift(1, 4, 5), adapter)).toHaveLength(1);
  });

  it('leaves the input list unchanged', () => {
    const start: Line[] = [{ kind: 'gift', gift: gift(1, 4, 1) }];
    applyGiftCombo(start, gift(1, 4, 2), adapter);
    expect(start[0]).toMatchObject({ gift: { hit: 1 } });
  });

  it('continuesCombo compares sender, gift and hit', () => {
    expect(continuesCombo(undefined, { uid: 1, giftid: 1, hit: 2 })).toBe(false);
    expect(continuesCombo({ uid: 1, giftid: 1 }, { uid: 1, giftid: 1, hit: 2 })).toBe(true);
  });
});

describe('continuous-gift flag', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears 3 s after the last gift', () => {
    const changes: boolean[] = [];
    const flag = createContinuousFlag((v) => changes.push(v));
    flag.mark();
    vi.advanceTimersByTime(GIFT_COMBO_RESET_MS - 1);
    flag.mark();
    vi.advanceTimersByTime(GIFT_COMBO_RESET_MS - 1);
    expect(flag.active).toBe(true);
    vi.advanceTimersByTime(1);
    expect(flag.active).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('clear() lowers it at once', () => {
    const flag = createContinuousFlag();
    flag.mark();
    flag.clear();
    expect(flag.active).toBe(false);
    vi.advanceTimersByTime(GIFT_COMBO_RESET_MS);
    expect(flag.active).toBe(false);
  });
});
