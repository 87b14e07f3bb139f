import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GIFTS, giftById, isGiftAnimation, nobleCreature } from './catalogue.ts';

describe('gift catalogue', () => {
  it('numbers gifts 1..n with unique keys', () => {
    expect(GIFTS.map((g) => g.id)).toEqual(GIFTS.map((_, i) => i + 1));
    expect(new Set(GIFTS.map((g) => g.key)).size).toBe(GIFTS.length);
  });

  it('has names in both languages, a positive price in gold and a drawn icon', () => {
    for (const g of GIFTS) {
      expect(g.name['en-US']).not.toBe('');
      expect(g.name['zh-CN']).not.toBe('');
      expect(Number.isInteger(g.price) && g.price > 0).toBe(true);
      expect(g.currency).toBe('gold');
      expect(existsSync(path.join('public', g.icon)), g.icon).toBe(true);
    }
  });

  it('animates exactly the gifts of animat_type 1 with a known scene', () => {
    for (const g of GIFTS) {
      if (g.animat_type === 1) expect(isGiftAnimation(g.animation)).toBe(true);
      else expect(g.animation).toBe('');
    }
    expect(giftById(999)).toBeUndefined();
  });

  it('maps noble levels to their creatures', () => {
    expect([0, 1, 2, 3, 4].map(nobleCreature)).toEqual([
      undefined,
      'fox',
      'lion',
      'dragon',
      undefined,
    ]);
  });
});
