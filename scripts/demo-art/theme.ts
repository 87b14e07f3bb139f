/**
 * The demo art's look per sport theme: the font, the accent and floor colours and the glyph
 * drawn at the centre of covers and banners.
 */
import type { ArtTheme } from '../../src/server/seed/people.ts';
import {
  AMBER,
  ballShade,
  CYAN,
  INK,
  PINK,
  points,
  regular,
  SPORT_GLYPHS,
  VIOLET,
} from '../art/glyphs.ts';

export const FONT =
  "'Noto Sans SC','PingFang SC','Microsoft YaHei','Helvetica Neue',Arial,sans-serif";

/** Accent of each theme: the glow behind the glyph and the floor lines of arenas. */
export const ACCENT: Record<ArtTheme, string> = {
  football: CYAN,
  basketball: AMBER,
  tennis: CYAN,
  lol: VIOLET,
  cs2: AMBER,
  dota2: PINK,
  valorant: PINK,
  billiards: CYAN,
  chess: VIOLET,
  fitness: PINK,
};

/** Floor tint of each theme, drawn under the court lines. */
export const FLOOR: Record<ArtTheme, string> = {
  football: '#0d3b2a',
  basketball: '#3a2312',
  tennis: '#0c2c55',
  lol: '#1b1240',
  cs2: '#2a2110',
  dota2: '#2a0f1c',
  valorant: '#2a0d18',
  billiards: '#0b3b2e',
  chess: '#1f1740',
  fitness: '#2a1020',
};

// ---------------------------------------------------------------- glyphs (radius 100 at 0,0)

export const GLYPHS: Record<ArtTheme, () => string> = {
  ...SPORT_GLYPHS,
  // The demo art's football keeps its dark rim; the content art's has none.
  football: () =>
    `${SPORT_GLYPHS.football()}<circle r="99" fill="none" stroke="${INK}" stroke-width="3"/>`,
  lol: () =>
    `<defs><linearGradient id="gl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c2350"/><stop offset="1" stop-color="#0b0f24"/></linearGradient></defs>` +
    `<polygon points="${points(regular(0, 0, 100, 6, -90))}" fill="url(#gl)" stroke="#c8aa6e" stroke-width="7"/>` +
    `<polygon points="${points(regular(0, 0, 72, 6, -90))}" fill="none" stroke="#c8aa6e" stroke-width="3" opacity=".6"/>` +
    `<polygon points="0,-50 36,0 0,50 -36,0" fill="${CYAN}"/>` +
    `<polygon points="0,-26 18,0 0,26 -18,0" fill="#eafcff"/>`,
  cs2: () =>
    `<circle r="78" fill="none" stroke="#f4f6fb" stroke-width="8"/>` +
    `<circle r="24" fill="none" stroke="#f4f6fb" stroke-width="4" opacity=".7"/>` +
    `<g stroke="${AMBER}" stroke-width="12" stroke-linecap="round">` +
    `<line x1="0" y1="-100" x2="0" y2="-42"/><line x1="0" y1="42" x2="0" y2="100"/>` +
    `<line x1="-100" y1="0" x2="-42" y2="0"/><line x1="42" y1="0" x2="100" y2="0"/></g>` +
    `<circle r="9" fill="${PINK}"/>`,
  dota2: () =>
    `<rect x="-82" y="-82" width="164" height="164" rx="24" fill="#1a1020" stroke="${PINK}" stroke-width="7"/>` +
    `<path d="M-82 82L82-82" stroke="${CYAN}" stroke-width="16" opacity=".8"/>` +
    `<g fill="none" stroke="${AMBER}" stroke-width="6" stroke-linejoin="round">` +
    `<path d="M-58 58V-58H58"/><path d="M-58 58H58V-58"/><path d="M-58 58L58-58"/></g>` +
    `<circle cx="-58" cy="58" r="15" fill="#2ecc71"/><circle cx="58" cy="-58" r="15" fill="${PINK}"/>`,
  valorant: () =>
    `<path d="M-84-70L0 74 84-70" fill="none" stroke="${PINK}" stroke-width="34" stroke-linejoin="miter"/>` +
    `<path d="M-40-70L0 0 40-70" fill="none" stroke="${CYAN}" stroke-width="10"/>`,
  billiards: () =>
    `<defs>${ballShade('gs')}</defs>` +
    `<circle r="100" fill="#10121c"/><circle cx="0" cy="-6" r="44" fill="#f4f6fb"/>` +
    `<text x="0" y="18" text-anchor="middle" font-family="${FONT}" font-size="66" font-weight="900" fill="#10121c">8</text>` +
    `<circle r="100" fill="url(#gs)"/>`,
  chess: () =>
    `<g fill="#f4f6fb" stroke="${VIOLET}" stroke-width="5">` +
    `<circle cx="0" cy="-56" r="27"/>` +
    `<path d="M-24-18C-22 20-38 46-54 62H54C38 46 22 20 24-18Z"/>` +
    `<ellipse cx="0" cy="-22" rx="36" ry="10"/>` +
    `<rect x="-66" y="60" width="132" height="22" rx="7"/></g>`,
  fitness: () =>
    `<g transform="rotate(-20)">` +
    `<rect x="-72" y="-8" width="144" height="16" rx="6" fill="#cfd6e6"/>` +
    `<rect x="-100" y="-56" width="18" height="112" rx="6" fill="${PINK}"/>` +
    `<rect x="-80" y="-40" width="14" height="80" rx="5" fill="${AMBER}"/>` +
    `<rect x="82" y="-56" width="18" height="112" rx="6" fill="${PINK}"/>` +
    `<rect x="66" y="-40" width="14" height="80" rx="5" fill="${AMBER}"/></g>`,
};
