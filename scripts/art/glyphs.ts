/**
 * What the art scripts share: the palette, number and text helpers for small stable SVG, and
 * the sport glyphs (a ball of radius 100 at 0,0) drawn by make-demo-art and make-content-art.
 */

/** Brand pink. */
export const PINK = '#ff3b5c';
/** Brand cyan. */
export const CYAN = '#00d1ff';
/** Brand amber (gems, gold). */
export const AMBER = '#ffb800';
/** Brand violet. */
export const VIOLET = '#7c5cff';
/** The page background ink. */
export const INK = '#0a0d18';

/** A point of a drawing. */
export type Point = readonly [number, number];

/** Rounds coordinates so the files stay small and stable. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);

/** Escapes text for SVG markup. */
export const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Points as an SVG `points` attribute. */
export const points = (list: readonly Point[]): string =>
  list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

/** A regular polygon around (cx, cy). */
export function regular(
  cx: number,
  cy: number,
  r: number,
  sides: number,
  rotationDeg: number,
): Point[] {
  return Array.from({ length: sides }, (_, i) => {
    const a = ((rotationDeg + (360 / sides) * i) * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const;
  });
}

/** The light-from-the-top-left shading laid over a ball, as a gradient with this id. */
export function ballShade(id: string): string {
  return `<radialGradient id="${id}" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient>`;
}

/** The balls of the three sports both scripts draw, shaded, radius 100 at 0,0. */
export const SPORT_GLYPHS: Record<'football' | 'basketball' | 'tennis', () => string> = {
  football: () => {
    const patches = [0, 1, 2, 3, 4].map((k) => {
      const a = ((-90 + 72 * k) * Math.PI) / 180;
      const cx = 100 * Math.cos(a);
      const cy = 100 * Math.sin(a);
      const inner: Point = [36 * Math.cos(a), 36 * Math.sin(a)];
      const outer: Point = [64 * Math.cos(a), 64 * Math.sin(a)];
      return (
        `<polygon points="${points(regular(cx, cy, 38, 5, -90 + 72 * k + 180))}"/>` +
        `<line x1="${n(inner[0])}" y1="${n(inner[1])}" x2="${n(outer[0])}" y2="${n(outer[1])}" stroke="#151a2b" stroke-width="5"/>`
      );
    });
    return (
      `<defs><clipPath id="gc"><circle r="100"/></clipPath>${ballShade('gs')}</defs>` +
      `<circle r="100" fill="#f4f6fb"/>` +
      `<g clip-path="url(#gc)" fill="#151a2b"><polygon points="${points(regular(0, 0, 36, 5, -90))}"/>${patches.join('')}</g>` +
      `<circle r="100" fill="url(#gs)"/>`
    );
  },
  basketball: () =>
    `<defs><clipPath id="gc"><circle r="100"/></clipPath>${ballShade('gs')}</defs>` +
    `<circle r="100" fill="#ff7a1a"/>` +
    `<g clip-path="url(#gc)" fill="none" stroke="#2a1408" stroke-width="6">` +
    `<line x1="-100" y1="0" x2="100" y2="0"/><line x1="0" y1="-100" x2="0" y2="100"/>` +
    `<path d="M-64-78Q-14 0-64 78"/><path d="M64-78Q14 0 64 78"/></g>` +
    `<circle r="100" fill="url(#gs)"/>`,
  tennis: () =>
    `<defs><clipPath id="gc"><circle r="100"/></clipPath>${ballShade('gs')}</defs>` +
    `<circle r="100" fill="#d6f03a"/>` +
    `<g clip-path="url(#gc)" fill="none" stroke="#f8fde6" stroke-width="9" stroke-linecap="round">` +
    `<path d="M-74-72C-20-30-20 30-74 72"/><path d="M74-72C20-30 20 30 74 72"/></g>` +
    `<circle r="100" fill="url(#gs)"/>`,
};
