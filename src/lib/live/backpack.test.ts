/** The backpack view: ticket, prop and gift counts from rows, and counts applied from a reply. */
import { describe, expect, it } from 'vitest';
import type { GiftItem } from '../gifts/types.ts';
import { backpackEntries, backpackView, fitGiftCount, giftsHeld, withCounts } from './backpack.ts';

const ROWS = [
  { type: 106, props_id: 11, quantity: 2 },
  { type: 105, props_id: 0, quantity: 2 },
  { type: 101, props_id: 3, quantity: 5 },
  { type: 100, props_id: 0, quantity: 0 },
  { type: 106, props_id: 1, quantity: 10 },
];

describe('backpackView', () => {
  it('sums tickets, props and gifts and leaves out empty rows', () => {
    const view = backpackView(ROWS);
    expect(view.user_backpack.map((r) => `${r.type}:${r.props_id}`)).toEqual([
      '101:3',
      '105:0',
      '106:1',
      '106:11',
    ]);
    expect(view.ticket).toBe(2);
    expect(view.props).toEqual({ speaker: 0, colorful1: 0, colorful2: 5, colorful3: 0 });
    expect(view.gifts).toEqual([
      { giftid: 1, quantity: 10 },
      { giftid: 11, quantity: 2 },
    ]);
  });
});

describe('withCounts', () => {
  it('replaces the changed rows and drops the ones used up', () => {
    const view = backpackView(ROWS);
    const after = withCounts(view, [
      { type: 106, props_id: 1, quantity: 9 },
      { type: 106, props_id: 11, quantity: 0 },
    ]);
    expect(after.gifts).toEqual([{ giftid: 1, quantity: 9 }]);
    expect(giftsHeld(after, 1)).toBe(9);
    expect(giftsHeld(after, 11)).toBe(0);
    expect(after.ticket).toBe(2);
    // The original view is not changed.
    expect(giftsHeld(view, 11)).toBe(2);
  });

  it('adds a row the view did not have', () => {
    const after = withCounts(backpackView([]), [{ type: 106, props_id: 4, quantity: 3 }]);
    expect(after.gifts).toEqual([{ giftid: 4, quantity: 3 }]);
    expect(giftsHeld(null, 4)).toBe(0);
  });
});

describe('backpackEntries', () => {
  const gift = (id: number): GiftItem => ({
    id,
    name: `Gift ${id}`,
    price: 100 * id,
    currency: 'gold',
    icon: `/gifts/${id}.svg`,
    animation: '',
    animat_type: 0,
    combo: 1,
  });

  it('lists gifts in catalogue order, then props and tickets, only what is held', () => {
    const view = backpackView([
      ...ROWS,
      { type: 100, props_id: 0, quantity: 1 },
      { type: 106, props_id: 99, quantity: 4 },
    ]);
    const entries = backpackEntries(view, [gift(11), gift(2), gift(1)]);
    expect(entries.map((e) => [e.key, e.kind, e.quantity])).toEqual([
      ['106:11', 'gift', 2],
      ['106:1', 'gift', 10],
      ['100:0', 'speaker', 1],
      ['101:3', 'colorful', 5],
      ['105:0', 'ticket', 2],
    ]);
    expect(entries[3]).toMatchObject({ n: 2, color: '#E41EB1' });
  });

  it('is empty for no backpack or an empty one', () => {
    expect(backpackEntries(null, [gift(1)])).toEqual([]);
    expect(backpackEntries(backpackView([]), [gift(1)])).toEqual([]);
  });
});

describe('fitGiftCount', () => {
  it('keeps the wanted count when held, else the largest panel count held', () => {
    expect(fitGiftCount(10, 10)).toBe(10);
    expect(fitGiftCount(66, 12)).toBe(10);
    expect(fitGiftCount(10, 9)).toBe(1);
    expect(fitGiftCount(1, 500)).toBe(1);
    expect(fitGiftCount(1314, 600)).toBe(520);
    expect(fitGiftCount(10, 0)).toBe(1);
  });
});
