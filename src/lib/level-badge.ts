/** Level badges 0-22 drawn as SVG: a shield whose colours follow the spec's bands. */

/** The colour band of a level (0-1, 2-7, 8-15, 16-20, 21 and up). */
export function levelBand(level: number): 0 | 1 | 2 | 3 | 4 {
  if (level <= 1) return 0;
  if (level <= 7) return 1;
  if (level <= 15) return 2;
  if (level <= 20) return 3;
  return 4;
}

const BANDS = [
  ['#8a94a8', '#5b6478'],
  ['#2fd98c', '#12985a'],
  ['#3aa0ff', '#2152d6'],
  ['#b57bff', '#6a35d8'],
  ['#ffcf3a', '#ff5a1f'],
] as const;

/** The badge as an SVG string (40x20), safe to insert: it contains only the number. */
export function levelBadgeSvg(level: number): string {
  const n = Math.max(0, Math.min(22, Math.trunc(level)));
  const [light, dark] = BANDS[levelBand(n)];
  const id = `lv${n}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20" role="img" aria-label="Lv.${n}"><defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs><path d="M4 2h32a2 2 0 0 1 2 2v8.5L30 18H10l-8-5.5V4a2 2 0 0 1 2-2z" fill="url(#${id})"/><path d="M6 4.5h28" stroke="#fff" stroke-opacity=".45" stroke-width="1.2"/><text x="20" y="13.6" text-anchor="middle" font-family="Inter,Arial,sans-serif" font-size="9.5" font-weight="800" fill="#fff">LV${n}</text></svg>`;
}
