/**
 * Level badges 0-22 drawn as SVG for the project: a hexagon emblem (its ornament grows with the
 * band) beside a plate with the level, coloured by the spec's bands 0-1, 2-7, 8-15, 16-20, 21+.
 */

/** Highest level a badge shows. */
export const MAX_BADGE_LEVEL = 22;

/** Index of a colour band: 0 for 0-1, 1 for 2-7, 2 for 8-15, 3 for 16-20, 4 for 21 and up. */
export type LevelBand = 0 | 1 | 2 | 3 | 4;

/** The colour band of a level (0-1, 2-7, 8-15, 16-20, 21 and up). */
export function levelBand(level: number): LevelBand {
  if (level <= 1) return 0;
  if (level <= 7) return 1;
  if (level <= 15) return 2;
  if (level <= 20) return 3;
  return 4;
}

/** Light and dark colour of each band: grey, green, blue, purple, gold to red. */
export const LEVEL_BAND_COLORS: readonly (readonly [string, string])[] = [
  ['#a3acbd', '#5b6478'],
  ['#3fe09a', '#0f8a52'],
  ['#4fb0ff', '#1f4fd1'],
  ['#c08cff', '#6a2fd6'],
  ['#ffd84a', '#f0441f'],
];

// Ornaments inside the hexagon (centre 10,10), one per band: dot, chevron, double chevron, star, crown.
const ORNAMENTS = [
  '<circle cx="10" cy="10" r="2.4"/>',
  '<path d="M6.3 11.6 10 8.4l3.7 3.2v2.2L10 10.6l-3.7 3.2z"/>',
  '<path d="M6.3 9.3 10 6.1l3.7 3.2v2.1L10 8.3l-3.7 3.1zm0 3.6L10 9.7l3.7 3.2v2.1L10 11.9l-3.7 3.1z"/>',
  '<path d="M10 5.6 11.2 8.7 14.5 8.9 11.9 11 12.8 14.3 10 12.4 7.2 14.3 8.1 11 5.5 8.9 8.8 8.7z"/>',
  '<path d="M5.6 7.2 8 9.4 10 5.8 12 9.4 14.4 7.2 13.6 13.4H6.4zM6.4 14.2h7.2v1.4H6.4z"/>',
];

const HEXAGON = 'M10 1 17.8 5.5v9L10 19 2.2 14.5v-9z';

/**
 * The badge as an SVG string (50x20), safe to insert: the only variable part is the clamped number.
 * @example levelBadgeSvg(12) // blue badge with a double chevron and "12"
 */
export function levelBadgeSvg(level: number): string {
  const n = Math.max(0, Math.min(MAX_BADGE_LEVEL, Math.trunc(Number(level) || 0)));
  const band = levelBand(n);
  const [light, dark] = LEVEL_BAND_COLORS[band]!;
  const id = `lvb${band}`;
  return (
    `<svg class="level-badge" data-band="${band}" xmlns="http://www.w3.org/2000/svg" width="50" height="20" viewBox="0 0 50 20" role="img" aria-label="Lv.${n}">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<rect x="9" y="4" width="40" height="12" rx="6" fill="${dark}" stroke="${light}" stroke-opacity=".7"/>` +
    `<text x="33.5" y="13.4" text-anchor="middle" font-family="Inter,Arial,sans-serif" font-size="9.5" font-weight="800" fill="#fff">Lv${n}</text>` +
    `<path d="${HEXAGON}" fill="url(#${id})" stroke="#fff" stroke-opacity=".85" stroke-width="1.2"/>` +
    `<g fill="#fff">${ORNAMENTS[band]}</g>` +
    `</svg>`
  );
}
