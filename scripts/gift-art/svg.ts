/**
 * What the gift drawings share: the ink colour, number and point helpers that keep the SVG small
 * and stable, gradient builders, the gold ramp and the SVG wrappers (a plain canvas and a
 * 128x128 icon with a drop shadow).
 */

export const INK = '#10131f';

export type Point = readonly [number, number];

/** Rounds coordinates so the files stay small and stable. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);
export const pts = (list: readonly Point[]): string =>
  list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
/** A polygon mirrored around x = cx: `half` runs from the top centre down the left side. */
export const mirror = (half: readonly Point[], cx: number): Point[] => [
  ...half,
  ...[...half].reverse().map(([x, y]) => [2 * cx - x, y] as const),
];
export const polar = (cx: number, cy: number, r: number, deg: number): Point => {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
};
/** A star with `spikes` points between radii `r1` (outer) and `r2` (inner). */
export const star = (
  cx: number,
  cy: number,
  r1: number,
  r2: number,
  spikes: number,
  rot = -90,
): Point[] =>
  Array.from({ length: spikes * 2 }, (_, i) =>
    polar(cx, cy, i % 2 ? r2 : r1, rot + (180 / spikes) * i),
  );
export const regular = (cx: number, cy: number, r: number, sides: number, rot: number): Point[] =>
  Array.from({ length: sides }, (_, i) => polar(cx, cy, r, rot + (360 / sides) * i));

export const lin = (id: string, stops: string[], x2 = 0, y2 = 1): string =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((c, i) => `<stop offset="${n(i / (stops.length - 1))}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
export const rad = (
  id: string,
  stops: [string, number][],
  cx = '50%',
  cy = '50%',
  r = '50%',
): string =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(
      ([c, o], i) =>
        `<stop offset="${n(i / (stops.length - 1))}" stop-color="${c}" stop-opacity="${o}"/>`,
    )
    .join('')}</radialGradient>`;
/** A soft drop shadow filter for icons on a dark UI. */
const SHADOW = `<filter id="sh" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="3" stdDeviation="2.5" flood-color="#000" flood-opacity=".45"/></filter>`;
export const GOLD = ['#fff6c2', '#ffd54a', '#f0a500', '#b86e00'];

export function svg(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>\n`;
}
export const icon = (defs: string, body: string): string =>
  svg(128, 128, SHADOW + defs, `<g filter="url(#sh)">${body}</g>`);
