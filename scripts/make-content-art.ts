/**
 * Draws the cover art of the Markdown content into public/content/ as small SVG files: news covers
 * (1200x675) and activity banners (1200x500). Run: `node scripts/make-content-art.ts`.
 * The output is deterministic and checked in; add a line to NEWS or ACTIVITIES for a new entry.
 * The pictures carry no words, so one file serves both languages.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../src/lib/random.ts';
import { AMBER, CYAN, esc, INK, n, PINK, SPORT_GLYPHS, VIOLET } from './art/glyphs.ts';

const OUT = fileURLToPath(new URL('../public/content/', import.meta.url));

const FONT = "'Noto Sans SC','PingFang SC','Helvetica Neue',Arial,sans-serif";

/** Picture themes: the four sports of the news and three activity motifs. */
type Theme = 'football' | 'basketball' | 'tennis' | 'esports' | 'calendar' | 'star' | 'trophy';

/** One picture to draw. */
interface ArtSpec {
  /** File path under public/content/, without extension. */
  file: string;
  /** Main glyph and floor. */
  theme: Theme;
  /** Two colours of the slashes, the first also tints the background. */
  colors: readonly [string, string];
  /** Big faint figure behind the glyph (a score, a number); digits and punctuation only. */
  figure: string;
  /** Puts the glyph on the left instead of the right. */
  mirror?: boolean;
}

/** News covers, one per article id (src/content/news/<locale>/<id>.md). */
const NEWS: readonly ArtSpec[] = [
  { file: 'news/1', theme: 'football', colors: [CYAN, PINK], figure: '2-1' },
  { file: 'news/2', theme: 'basketball', colors: [AMBER, VIOLET], figure: '26/27', mirror: true },
  { file: 'news/3', theme: 'esports', colors: [VIOLET, CYAN], figure: '3-2' },
  { file: 'news/4', theme: 'tennis', colors: [CYAN, AMBER], figure: '7-6', mirror: true },
  { file: 'news/5', theme: 'football', colors: [AMBER, PINK], figure: '1-1', mirror: true },
  { file: 'news/6', theme: 'esports', colors: [PINK, VIOLET], figure: '14.1' },
  { file: 'news/7', theme: 'basketball', colors: [PINK, AMBER], figure: '38' },
  { file: 'news/8', theme: 'tennis', colors: [VIOLET, CYAN], figure: '7-5' },
  { file: 'news/9', theme: 'football', colors: [VIOLET, CYAN], figure: '3-4-3', mirror: true },
];

/** Activity banners, one per activity id (src/content/activities/<locale>/<id>.md). */
const ACTIVITIES: readonly ArtSpec[] = [
  { file: 'activities/1', theme: 'calendar', colors: [PINK, AMBER], figure: '30' },
  { file: 'activities/2', theme: 'star', colors: [CYAN, VIOLET], figure: '20H', mirror: true },
  { file: 'activities/3', theme: 'trophy', colors: [AMBER, VIOLET], figure: '12.01' },
];

/** Accent of each theme: glow, rings and floor lines. */
const ACCENT: Record<Theme, string> = {
  football: CYAN,
  basketball: AMBER,
  tennis: CYAN,
  esports: VIOLET,
  calendar: PINK,
  star: CYAN,
  trophy: AMBER,
};

/** Floor tint of each theme. */
const FLOOR: Record<Theme, string> = {
  football: '#0d3b2a',
  basketball: '#3a2312',
  tennis: '#0c2c55',
  esports: '#1b1240',
  calendar: '#2a1020',
  star: '#0c2440',
  trophy: '#2a2110',
};

// ---------------------------------------------------------------- glyphs (radius 100 at 0,0)

/** A five-pointed star's points. */
function starPoints(r: number, inner: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const a = ((-90 + 36 * i) * Math.PI) / 180;
    const radius = i % 2 === 0 ? r : inner;
    return `${n(radius * Math.cos(a))},${n(radius * Math.sin(a))}`;
  }).join(' ');
}

const GLYPHS: Record<Theme, () => string> = {
  ...SPORT_GLYPHS,
  esports: () =>
    `<path d="M-62-44H62C90-44 104-10 108 30C112 70 92 84 72 70L44 44H-44L-72 70C-92 84-112 70-108 30C-104-10-90-44-62-44Z" fill="#1c2350" stroke="${CYAN}" stroke-width="6"/>` +
    `<g fill="#eafcff"><rect x="-72" y="-14" width="44" height="14" rx="4"/><rect x="-57" y="-29" width="14" height="44" rx="4"/></g>` +
    `<circle cx="50" cy="-22" r="10" fill="${PINK}"/><circle cx="70" cy="-2" r="10" fill="${AMBER}"/>` +
    `<circle cx="30" cy="-2" r="10" fill="${CYAN}"/><circle cx="50" cy="18" r="10" fill="#2ecc71"/>`,
  calendar: () =>
    `<rect x="-86" y="-74" width="172" height="160" rx="18" fill="#f4f6fb"/>` +
    `<path d="M-86-56A18 18 0 0 1-68-74H68A18 18 0 0 1 86-56V-24H-86Z" fill="${PINK}"/>` +
    `<g fill="${INK}"><rect x="-50" y="-92" width="14" height="36" rx="7"/><rect x="36" y="-92" width="14" height="36" rx="7"/></g>` +
    `<path d="M-40 28L-10 58 48-6" fill="none" stroke="#2ecc71" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`,
  star: () =>
    `<polygon points="${starPoints(100, 42)}" fill="${AMBER}" stroke="#fff3c4" stroke-width="5" stroke-linejoin="round"/>` +
    `<polygon points="${starPoints(52, 22)}" fill="#fff3c4" opacity=".55"/>`,
  trophy: () =>
    `<path d="M-58-80H58V-20C58 22 30 44 0 44C-30 44-58 22-58-20Z" fill="${AMBER}"/>` +
    `<path d="M-58-62H-88V-40C-88-12-70 6-48 8M58-62H88V-40C88-12 70 6 48 8" fill="none" stroke="${AMBER}" stroke-width="10"/>` +
    `<rect x="-12" y="40" width="24" height="30" fill="#e0a000"/><rect x="-50" y="68" width="100" height="22" rx="6" fill="#f4f6fb"/>` +
    `<polygon points="${starPoints(26, 11)}" transform="translate(0 -28)" fill="#fff3c4"/>`,
};

// ---------------------------------------------------------------- floors in perspective

/** Maps floor coordinates (u across -1..1, v depth 0 near..1 far) onto the picture. */
function projector(w: number, h: number): (u: number, v: number) => readonly [number, number] {
  const far = h * 0.52;
  const near = h * 1.08;
  const k = 2.4;
  const sy = (near - far) / (1 - 1 / (1 + k));
  return (u, v) => {
    const z = 1 + k * v;
    return [w / 2 + (u * w * 0.8) / z, near - sy + sy / z] as const;
  };
}

/** Lines of a pitch, court or grid drawn on the floor. */
function floorLines(theme: Theme, w: number, h: number): string {
  const p = projector(w, h);
  const seg = (u1: number, v1: number, u2: number, v2: number): string => {
    const [x1, y1] = p(u1, v1);
    const [x2, y2] = p(u2, v2);
    return `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`;
  };
  const rect = (u1: number, v1: number, u2: number, v2: number): string =>
    seg(u1, v1, u2, v1) + seg(u2, v1, u2, v2) + seg(u2, v2, u1, v2) + seg(u1, v2, u1, v1);
  const ring = (cu: number, cv: number, ru: number, rv: number): string => {
    const pts = Array.from({ length: 37 }, (_, i) => {
      const a = (i * 10 * Math.PI) / 180;
      return p(cu + ru * Math.cos(a), cv + rv * Math.sin(a));
    });
    return `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}`;
  };
  const paths: string[] = [];
  if (theme === 'football') {
    paths.push(rect(-0.9, 0, 0.9, 1), seg(-0.9, 0.5, 0.9, 0.5), ring(0, 0.5, 0.24, 0.09));
    paths.push(rect(-0.53, 0, 0.53, 0.16), rect(-0.53, 0.84, 0.53, 1));
  } else if (theme === 'basketball') {
    paths.push(rect(-0.8, 0, 0.8, 1), seg(-0.8, 0.5, 0.8, 0.5), ring(0, 0.5, 0.19, 0.064));
    paths.push(rect(-0.26, 0, 0.26, 0.21), rect(-0.26, 0.79, 0.26, 1));
  } else if (theme === 'tennis') {
    paths.push(rect(-0.75, 0, 0.75, 1), seg(-0.56, 0, -0.56, 1), seg(0.56, 0, 0.56, 1));
    paths.push(seg(-0.56, 0.23, 0.56, 0.23), seg(-0.56, 0.77, 0.56, 0.77), seg(0, 0.23, 0, 0.77));
    paths.push(seg(-0.88, 0.5, 0.88, 0.5));
  } else {
    for (let i = -5; i <= 5; i += 1) paths.push(seg(i * 0.2, 0, i * 0.2, 1));
    for (let i = 0; i <= 10; i += 1) paths.push(seg(-1, i / 10, 1, i / 10));
  }
  return paths.join('');
}

// ---------------------------------------------------------------- pictures

/** One cover: dark gradient, floor, colour slashes, glowing glyph, faint figure and sparks. */
function picture(spec: ArtSpec, w: number, h: number, seed: number): string {
  const { theme, colors, figure, mirror = false } = spec;
  const accent = ACCENT[theme];
  const [a, b] = colors;
  const gr = h * 0.24;
  const gx = mirror ? w * 0.3 : w * 0.68;
  const gy = h * 0.45;
  const slashX = mirror ? w * 0.64 : w * 0.08;
  const slash = (x: number, width: number): string =>
    [
      [x, 0],
      [x + width, 0],
      [x + width - w * 0.12, h],
      [x - w * 0.12, h],
    ]
      .map(([px, py]) => `${n(px!)},${n(py!)}`)
      .join(' ');
  const lineColour = theme === 'esports' || theme === 'calendar' ? accent : '#fff';
  const rand = seededRandom(seed);
  const sparks = Array.from({ length: 18 }, () => {
    const x = rand() * w;
    const y = rand() * h * 0.55;
    const r = 1.5 + rand() * 3;
    const fill = [a, b, accent, '#fff'][Math.floor(rand() * 4)];
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}" opacity="${(0.25 + rand() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const figureX = mirror ? w * 0.94 : w * 0.06;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${INK}"/><stop offset=".65" stop-color="#161c34"/><stop offset="1" stop-color="${FLOOR[theme]}"/></linearGradient>`,
    `<linearGradient id="fl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${FLOOR[theme]}" stop-opacity="0"/><stop offset=".5" stop-color="${FLOOR[theme]}"/></linearGradient>`,
    `<radialGradient id="gw"><stop offset="0" stop-color="${accent}" stop-opacity=".6"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="vg" cx="50%" cy="45%" r="75%"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".6"/></radialGradient>`,
    `<linearGradient id="sf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#fff" stop-opacity=".12"/></linearGradient>`,
    `<mask id="sm"><rect width="${w}" height="${h}" fill="url(#sf)"/></mask>`,
    '</defs>',
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<rect y="${n(h * 0.5)}" width="${w}" height="${n(h * 0.5)}" fill="url(#fl)"/>`,
    `<path d="${floorLines(theme, w, h)}" fill="none" stroke="${lineColour}" stroke-opacity=".3" stroke-width="2"/>`,
    `<text x="${n(figureX)}" y="${n(h * 0.42)}" text-anchor="${mirror ? 'end' : 'start'}" font-family="${FONT}" font-size="${n(h * 0.3)}" font-weight="900" font-style="italic" fill="none" stroke="#fff" stroke-opacity=".16" stroke-width="3">${esc(figure)}</text>`,
    `<g mask="url(#sm)"><polygon points="${slash(slashX, w * 0.09)}" fill="${a}"/><polygon points="${slash(slashX + w * 0.11, w * 0.05)}" fill="${b}"/><polygon points="${slash(slashX + w * 0.19, w * 0.012)}" fill="${accent}"/></g>`,
    sparks,
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(gr * 1.9)}" fill="url(#gw)"/>`,
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(gr * 1.22)}" fill="none" stroke="${accent}" stroke-width="3" opacity=".7"/>`,
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(gr * 1.42)}" fill="none" stroke="${accent}" stroke-width="1.5" stroke-dasharray="6 10" opacity=".45"/>`,
    `<g transform="translate(${n(gx)} ${n(gy)}) scale(${(gr / 100).toFixed(3)})">${GLYPHS[theme]()}</g>`,
    `<rect width="${w}" height="${h}" fill="url(#vg)"/>`,
    '</svg>',
  ].join('');
}

// ---------------------------------------------------------------- write

function write(relative: string, content: string): number {
  const file = path.join(OUT, `${relative}.svg`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${content}\n`);
  return content.length + 1;
}

// Only the folders drawn here: certificates/ comes from scripts/make-certificate-art.ts.
for (const dir of ['news', 'activities'])
  rmSync(path.join(OUT, dir), { recursive: true, force: true });
let bytes = 0;
NEWS.forEach((spec, i) => {
  bytes += write(spec.file, picture(spec, 1200, 675, 101 + i));
});
ACTIVITIES.forEach((spec, i) => {
  bytes += write(spec.file, picture(spec, 1200, 500, 201 + i));
});
process.stdout.write(
  `Wrote ${NEWS.length + ACTIVITIES.length} files (${Math.round(bytes / 1024)} KB) to ${OUT}\n`,
);
