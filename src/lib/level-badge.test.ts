import { describe, expect, it } from 'vitest';
import { levelBadgeSvg, levelBand } from './level-badge.ts';

describe('level badges', () => {
  it('follows the colour bands 0-1, 2-7, 8-15, 16-20, 21 and up', () => {
    expect([0, 1].map(levelBand)).toEqual([0, 0]);
    expect([2, 7].map(levelBand)).toEqual([1, 1]);
    expect([8, 15].map(levelBand)).toEqual([2, 2]);
    expect([16, 20].map(levelBand)).toEqual([3, 3]);
    expect([21, 22].map(levelBand)).toEqual([4, 4]);
  });
  it('draws the level number and clamps to 0-22', () => {
    expect(levelBadgeSvg(5)).toContain('>LV5<');
    expect(levelBadgeSvg(99)).toContain('>LV22<');
    expect(levelBadgeSvg(-3)).toContain('>LV0<');
    expect(levelBadgeSvg(5)).not.toBe(levelBadgeSvg(9));
  });
});
