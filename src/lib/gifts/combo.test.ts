import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { continuesCombo, createContinuousFlag, GIFT_COMBO_RESET_MS } from './combo.ts';

describe('gift combo rule', () => {
  it('continues when sender and gift match and hit > 1 (the chat list applies it: chat-list.test.ts)', () => {
    expect(continuesCombo(undefined, { uid: 1, giftid: 1, hit: 2 })).toBe(false);
    expect(continuesCombo({ uid: 1, giftid: 1 }, { uid: 1, giftid: 1, hit: 2 })).toBe(true);
    expect(continuesCombo({ uid: 1, giftid: 1 }, { uid: 1, giftid: 1, hit: 1 })).toBe(false);
    expect(continuesCombo({ uid: 2, giftid: 1 }, { uid: 1, giftid: 1, hit: 3 })).toBe(false);
    expect(continuesCombo({ uid: 1, giftid: 2 }, { uid: 1, giftid: 1, hit: 3 })).toBe(false);
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
