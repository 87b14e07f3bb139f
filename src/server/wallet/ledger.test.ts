import { describe, expect, it } from 'vitest';
import { DEFAULT_ANCHOR_SHARE_BP, giftSplit } from './ledger.ts';

describe('giftSplit', () => {
  it('gives the anchor the share rounded down to the minor unit', () => {
    expect(DEFAULT_ANCHOR_SHARE_BP).toBe(5_000);
    expect(giftSplit(1_000)).toBe(500);
    expect(giftSplit(101)).toBe(50);
    expect(giftSplit(1, 5_000)).toBe(0);
    expect(giftSplit(999, 6_250)).toBe(624);
    expect(giftSplit(520_000, 10_000)).toBe(520_000);
    expect(giftSplit(520_000, 0)).toBe(0);
  });
  it('stays exact for prices up to the largest safe integer', () => {
    expect(giftSplit(9_007_199_254_740_991, 3_333)).toBe(3_002_099_511_605_172);
  });
  it('refuses fractions, negatives and shares past 100 %', () => {
    expect(() => giftSplit(1.5)).toThrow(RangeError);
    expect(() => giftSplit(-1)).toThrow(RangeError);
    expect(() => giftSplit(100, 10_001)).toThrow(RangeError);
  });
});
