import { describe, expect, it } from 'vitest';
import { COLORFUL_IDS, PROP_TYPE } from '../live/props.ts';
import {
  itemsOf,
  MALL_ITEMS,
  MALL_SECTIONS,
  mallItem,
  nobleItem,
  packSaving,
  formatPrice,
  savingPercent,
  type PackItem,
} from './catalogue.ts';

describe('mall catalogue', () => {
  it('has unique ids, whole positive prices and names in both languages', () => {
    expect(new Set(MALL_ITEMS.map((i) => i.id)).size).toBe(MALL_ITEMS.length);
    for (const item of MALL_ITEMS) {
      expect(Number.isSafeInteger(item.price) && item.price > 0, item.id).toBe(true);
      expect(item.name['en-US'], item.id).not.toBe('');
      expect(item.name['zh-CN'], item.id).not.toBe('');
      expect(item.id).toMatch(/^[a-z0-9-]{1,40}$/);
    }
  });

  it('sells every noble level for 30 and 90 days, 90 days at 2.7 months', () => {
    expect(nobleItem(1, 30).price).toBe(30_000);
    expect(nobleItem(2, 30).price).toBe(120_000);
    expect(nobleItem(3, 30).price).toBe(500_000);
    for (const level of [1, 2, 3] as const) {
      expect(nobleItem(level, 90).price).toBe((nobleItem(level, 30).price * 27) / 10);
    }
  });

  it('sells speakers, every colour and tickets in packs cheaper by the dozen', () => {
    const packs = MALL_ITEMS.filter((i): i is PackItem => i.kind === 'pack');
    expect(packs.filter((p) => p.type === PROP_TYPE.speaker).map((p) => p.count)).toEqual([5, 20]);
    for (const colour of COLORFUL_IDS) {
      expect(packs.filter((p) => p.propsId === colour).map((p) => p.count)).toEqual([5, 20]);
    }
    expect(packs.filter((p) => p.type === PROP_TYPE.ticket).map((p) => p.count)).toEqual([1, 5]);
    for (const p of packs) {
      if (p.count > 5 || (p.type === PROP_TYPE.ticket && p.count > 1)) {
        expect(packSaving(p), p.id).toBeGreaterThan(0);
      } else {
        expect(packSaving(p), p.id).toBe(0);
      }
    }
  });

  it('files every item under exactly one tab and finds items by id', () => {
    const listed = MALL_SECTIONS.flatMap((s) => itemsOf(s).map((i) => i.id));
    expect(listed.sort()).toEqual(MALL_ITEMS.map((i) => i.id).sort());
    expect(mallItem('speaker-5')).toMatchObject({ kind: 'pack', count: 5 });
    expect(mallItem('nope')).toBeUndefined();
  });
});

describe('price tags', () => {
  it('shows whole gems without decimals and names the saving of bigger offers', () => {
    expect(formatPrice(135_000)).toBe('1,350');
    expect(formatPrice(5_050)).toBe('50.50');
    expect(savingPercent(nobleItem(3, 90))).toBe(10);
    expect(savingPercent(nobleItem(3, 30))).toBe(0);
    expect(savingPercent(mallItem('speaker-20')!)).toBe(10);
    expect(savingPercent(mallItem('ticket-5')!)).toBe(10);
    expect(savingPercent(mallItem('colorful-2-5')!)).toBe(0);
  });
});
