import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, formatPhone, formatVip } from './format.ts';

describe('formatCount', () => {
  it('uses W from 10,000 in zh-CN with one decimal', () => {
    expect(formatCount(9999, 'zh-CN')).toBe('9999');
    expect(formatCount(10000, 'zh-CN')).toBe('1W');
    expect(formatCount(23456, 'zh-CN')).toBe('2.3W');
    expect(formatCount(2_300_000, 'zh-CN')).toBe('230W');
  });
  it('uses K from 1,000 in en-US', () => {
    expect(formatCount(999, 'en-US')).toBe('999');
    expect(formatCount(1000, 'en-US')).toBe('1K');
    expect(formatCount(12_345, 'en-US')).toBe('12.3K');
  });
});

describe('formatMoney', () => {
  it('divides minor units by 100', () => {
    expect(formatMoney(1_000_000)).toBe('10,000.00');
    expect(formatMoney(10_000)).toBe('100.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-250)).toBe('-2.50');
  });
});

describe('formatVip and formatPhone', () => {
  it('pads VIP to two digits', () => {
    expect(formatVip(3)).toBe('03');
    expect(formatVip(12)).toBe('12');
  });
  it('masks the middle of a phone', () => {
    expect(formatPhone('13900000001')).toBe('139****0001');
  });
});
