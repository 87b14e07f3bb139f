/** The effect shapes, drawn white so the stage can tint them: glow, spark, puff and rays. */
import { polar, pts, rad, star, svg } from './svg.ts';

export const FX: Record<string, () => string> = {
  glow: () =>
    svg(
      64,
      64,
      rad('g', [
        ['#fff', 1],
        ['#fff', 0.35],
        ['#fff', 0],
      ]),
      `<circle cx="32" cy="32" r="32" fill="url(#g)"/>`,
    ),
  spark: () =>
    svg(
      32,
      32,
      '',
      `<polygon points="${pts(star(16, 16, 16, 3.2, 4))}" fill="#fff"/><circle cx="16" cy="16" r="3" fill="#fff"/>`,
    ),
  puff: () =>
    svg(
      64,
      64,
      rad('p', [
        ['#fff', 0.9],
        ['#fff', 0.5],
        ['#fff', 0],
      ]),
      `<circle cx="32" cy="32" r="32" fill="url(#p)"/>`,
    ),
  rays: () => {
    const rays = Array.from({ length: 16 }, (_, i) => {
      const a = i * 22.5;
      return `<polygon points="${pts([[128, 128], polar(128, 128, 128, a - 4), polar(128, 128, 128, a + 4)])}"/>`;
    }).join('');
    return svg(
      256,
      256,
      rad('r', [
        ['#fff', 1],
        ['#fff', 0.5],
        ['#fff', 0],
      ]) + `<mask id="m"><circle cx="128" cy="128" r="128" fill="url(#r)"/></mask>`,
      `<g fill="#fff" mask="url(#m)">${rays}</g>`,
    );
  },
};
