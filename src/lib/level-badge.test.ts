import { describe, expect, it } from 'vitest';
import { LEVEL_BAND_COLORS, levelBadgeSvg, levelBand } from './level-badge.ts';

describe('level badges', () => {
  it('puts every level 0-22 in the band of the spec: 0-1, 2-7, 8-15, 16-20, 21 and up', () => {
    const expected = (l: number) => (l <= 1 ? 0 : l <= 7 ? 1 : l <= 15 ? 2 : l <= 20 ? 3 : 4);
    for (let level = 0; level <= 22; level++)
      expect(levelBand(level), `Lv${level}`).toBe(expected(level));
  });

  it('changes band exactly at the boundaries', () => {
    expect([1, 2].map(levelBand)).toEqual([0, 1]);
    expect([7, 8].map(levelBand)).toEqual([1, 2]);
    expect([15, 16].map(levelBand)).toEqual([2, 3]);
    expect([20, 21].map(levelBand)).toEqual([3, 4]);
  });

  it('draws the number in the colours of its band', () => {
    const svg = levelBadgeSvg(12);
    expect(svg).toContain('>Lv12<');
    expect(svg).toContain('data-band="2"');
    expect(svg).toContain(LEVEL_BAND_COLORS[2]![0]);
    expect(svg).not.toContain(LEVEL_BAND_COLORS[1]![0]);
  });

  it('draws a different emblem per band and the same within a band', () => {
    const emblem = (level: number) => /<g fill="#fff">(.*?)<\/g>/.exec(levelBadgeSvg(level))![1];
    const perBand = [0, 2, 8, 16, 21].map(emblem);
    expect(new Set(perBand).size).toBe(5);
    expect(emblem(9)).toBe(emblem(15));
  });

  it('clamps to 0-22 and treats bad input as 0', () => {
    expect(levelBadgeSvg(99)).toContain('>Lv22<');
    expect(levelBadgeSvg(-3)).toContain('>Lv0<');
    expect(levelBadgeSvg(Number.NaN)).toContain('>Lv0<');
    expect(levelBadgeSvg(5.7)).toContain('aria-label="Lv.5"');
  });
});
