/**
 * Draws the demo art into public/demo/ as small SVG files: room covers (640x360 and 360x640),
 * replay covers,
 * avatars of every demo account and the ad banners. Run: `node scripts/make-demo-art.ts`.
 * The output is deterministic and checked in; rerun after changing the demo people or rooms.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_FANS } from '../src/server/seed/fans.ts';
import { DEMO_ACCOUNTS, DEMO_ROOMS, type ArtTheme } from '../src/server/seed/people.ts';
import { REPLAY_COVERS } from '../src/server/seed/replays.ts';
import {
  AMBER,
  ballShade,
  CYAN,
  esc,
  INK,
  n,
  PINK,
  points,
  regular,
  SPORT_GLYPHS,
  VIOLET,
  type Point,
} from './art/glyphs.ts';

const OUT = fileURLToPath(new URL('../public/demo/', import.meta.url));

const FONT = "'Noto Sans SC','PingFang SC','Microsoft YaHei','Helvetica Neue',Arial,sans-serif";

/** Accent of each theme: the glow behind the glyph and the floor lines of arenas. */
const ACCENT: Record<ArtTheme, string> = {
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
const FLOOR: Record<ArtTheme, string> = {
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

const GLYPHS: Record<ArtTheme, () => string> = {
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

// ---------------------------------------------------------------- floors in perspective

/** Projects floor coordinates (u across -1..1, v depth 0 near..1 far) onto the picture. */
type Project = (u: number, v: number) => Point;

function perspective(w: number, h: number, far: number, near: number, spread: number): Project {
  const k = 2.4;
  const sy = (near - far) / (1 - 1 / (1 + k));
  const hy = near - sy;
  return (u, v) => {
    const z = 1 + k * v;
    return [w / 2 + (u * spread) / z, hy + sy / z];
  };
}

/** A straight segment on the floor (straight lines stay straight in perspective). */
function seg(p: Project, u1: number, v1: number, u2: number, v2: number): string {
  const [x1, y1] = p(u1, v1);
  const [x2, y2] = p(u2, v2);
  return `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`;
}

/** A closed polygon on the floor. */
function quad(p: Project, corners: readonly Point[]): string {
  const pts = corners.map(([u, v]) => p(u, v));
  return `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
}

/** An ellipse arc on the floor, sampled; radii in floor units. */
function arc(
  p: Project,
  cu: number,
  cv: number,
  ru: number,
  rv: number,
  from = 0,
  to = 360,
): string {
  const steps = Math.max(8, Math.round(Math.abs(to - from) / 10));
  const pts = Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return p(cu + ru * Math.cos(a), cv + rv * Math.sin(a));
  });
  return `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}`;
}

/** A rectangle on a field of size `len` deep by `wid` across, given in metres. */
function fieldMapper(len: number, wid: number, halfU: number) {
  const u = (x: number): number => (x / (wid / 2)) * halfU;
  const v = (y: number): number => y / len;
  return { u, v };
}

function floorLines(theme: ArtTheme, p: Project): string {
  const paths: string[] = [];
  if (theme === 'football') {
    const { u, v } = fieldMapper(105, 68, 0.9);
    paths.push(
      quad(p, [
        [u(-34), 0],
        [u(34), 0],
        [u(34), 1],
        [u(-34), 1],
      ]),
    );
    paths.push(seg(p, u(-34), 0.5, u(34), 0.5));
    paths.push(arc(p, 0, 0.5, u(9.15), v(9.15)));
    for (const [y0, dir] of [
      [0, 1],
      [105, -1],
    ] as const) {
      const box = (depth: number, half: number) =>
        quad(p, [
          [u(-half), v(y0)],
          [u(-half), v(y0 + dir * depth)],
          [u(half), v(y0 + dir * depth)],
          [u(half), v(y0)],
        ]);
      paths.push(box(16.5, 20.15), box(5.5, 9.16));
    }
  } else if (theme === 'basketball') {
    const { u, v } = fieldMapper(28, 15, 0.8);
    paths.push(
      quad(p, [
        [u(-7.5), 0],
        [u(7.5), 0],
        [u(7.5), 1],
        [u(-7.5), 1],
      ]),
    );
    paths.push(seg(p, u(-7.5), 0.5, u(7.5), 0.5), arc(p, 0, 0.5, u(1.8), v(1.8)));
    for (const [y0, dir] of [
      [0, 1],
      [28, -1],
    ] as const) {
      paths.push(
        quad(p, [
          [u(-2.45), v(y0)],
          [u(-2.45), v(y0 + dir * 5.8)],
          [u(2.45), v(y0 + dir * 5.8)],
          [u(2.45), v(y0)],
        ]),
      );
      const basket = y0 + dir * 1.575;
      paths.push(arc(p, 0, v(basket), u(6.75), v(6.75), dir > 0 ? 12 : 192, dir > 0 ? 168 : 348));
    }
  } else if (theme === 'tennis') {
    const { u } = fieldMapper(23.77, 10.97, 0.75);
    const near = (6.4 + 11.885) / 23.77;
    const far = (11.885 - 6.4) / 23.77;
    const vn = 1 - near;
    paths.push(
      quad(p, [
        [u(-5.485), 0],
        [u(5.485), 0],
        [u(5.485), 1],
        [u(-5.485), 1],
      ]),
    );
    paths.push(seg(p, u(-4.115), 0, u(-4.115), 1), seg(p, u(4.115), 0, u(4.115), 1));
    paths.push(seg(p, u(-4.115), vn, u(4.115), vn), seg(p, u(-4.115), 1 - far, u(4.115), 1 - far));
    paths.push(seg(p, 0, vn, 0, 1 - far));
    paths.push(seg(p, u(-6.4), 0.5, u(6.4), 0.5));
  } else if (theme === 'billiards') {
    const { u, v } = fieldMapper(3.57, 1.78, 0.55);
    paths.push(
      quad(p, [
        [u(-0.89), 0.04],
        [u(0.89), 0.04],
        [u(0.89), 0.96],
        [u(-0.89), 0.96],
      ]),
    );
    paths.push(seg(p, u(-0.89), v(0.74), u(0.89), v(0.74)));
    paths.push(arc(p, 0, v(0.74), u(0.29), v(0.29), 90, 270));
  } else if (theme === 'chess') {
    for (let i = 0; i <= 8; i += 1) {
      paths.push(seg(p, -0.8 + 0.2 * i, 0, -0.8 + 0.2 * i, 1), seg(p, -0.8, i / 8, 0.8, i / 8));
    }
  } else {
    for (let i = -5; i <= 5; i += 1) paths.push(seg(p, i * 0.2, 0, i * 0.2, 1));
    for (let i = 0; i <= 10; i += 1) paths.push(seg(p, -1, i / 10, 1, i / 10));
  }
  return paths.join('');
}

/** Dark squares of the chessboard, filled faintly. */
function chessSquares(p: Project): string {
  const squares: string[] = [];
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      if ((row + col) % 2 === 0) continue;
      const u0 = -0.8 + 0.2 * col;
      const v0 = row / 8;
      squares.push(
        quad(p, [
          [u0, v0],
          [u0 + 0.2, v0],
          [u0 + 0.2, v0 + 1 / 8],
          [u0, v0 + 1 / 8],
        ]),
      );
    }
  }
  return `<path d="${squares.join('')}" fill="#fff" opacity=".06"/>`;
}

// ---------------------------------------------------------------- covers

interface CoverLayout {
  w: number;
  h: number;
  /** Glyph centre and radius. */
  gx: number;
  gy: number;
  gr: number;
  project: Project;
}

function cover(theme: ArtTheme, colors: readonly [string, string], layout: CoverLayout): string {
  const { w, h, gx, gy, gr, project } = layout;
  const accent = ACCENT[theme];
  const floorEdge = [project(-3, 0), project(3, 0), project(3, 1.6), project(-3, 1.6)] as const;
  const lineColour = ['lol', 'cs2', 'dota2', 'valorant', 'fitness'].includes(theme)
    ? accent
    : '#fff';
  const lineOpacity = lineColour === '#fff' ? 0.28 : 0.35;
  const [a, b] = colors;
  const slashW = w * 0.1;
  const slash = (x: number, width: number): string =>
    points([
      [x, 0],
      [x + width, 0],
      [x + width - w * 0.14, h],
      [x - w * 0.14, h],
    ]);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0a0d18"/><stop offset="1" stop-color="#161c34"/></linearGradient>`,
    `<linearGradient id="fl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${FLOOR[theme]}" stop-opacity="0"/><stop offset=".45" stop-color="${FLOOR[theme]}"/></linearGradient>`,
    `<radialGradient id="gw"><stop offset="0" stop-color="${accent}" stop-opacity=".6"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="vg" cx="50%" cy="45%" r="75%"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".65"/></radialGradient>`,
    `<linearGradient id="sf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#fff" stop-opacity=".15"/></linearGradient>`,
    `<mask id="sm"><rect width="${w}" height="${h}" fill="url(#sf)"/></mask>`,
    '</defs>',
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<path d="M${n(w * 0.35)} 0L${n(w * 0.65)} 0L${n(w * 0.9)} ${h}L${n(w * 0.1)} ${h}Z" fill="#fff" opacity=".04"/>`,
    `<polygon points="${points(floorEdge)}" fill="url(#fl)"/>`,
    theme === 'chess' ? chessSquares(project) : '',
    `<path d="${floorLines(theme, project)}" fill="none" stroke="${lineColour}" stroke-opacity="${lineOpacity}" stroke-width="2"/>`,
    `<g mask="url(#sm)"><polygon points="${slash(w * 0.06, slashW)}" fill="${a}"/><polygon points="${slash(w * 0.06 + slashW + w * 0.02, slashW * 0.55)}" fill="${b}"/><polygon points="${slash(w * 0.06 + slashW * 1.55 + w * 0.05, w * 0.012)}" fill="${accent}"/></g>`,
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(gr * 1.9)}" fill="url(#gw)"/>`,
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(gr * 1.22)}" fill="none" stroke="${accent}" stroke-width="3" opacity=".7"/>`,
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(gr * 1.42)}" fill="none" stroke="${accent}" stroke-width="1.5" stroke-dasharray="6 10" opacity=".45"/>`,
    `<g transform="translate(${n(gx)} ${n(gy)}) scale(${(gr / 100).toFixed(3)})">${GLYPHS[theme]()}</g>`,
    `<rect width="${w}" height="${h}" fill="url(#vg)"/>`,
    '</svg>',
  ].join('');
}

function horizontal(theme: ArtTheme, colors: readonly [string, string]): string {
  const w = 640;
  const h = 360;
  return cover(theme, colors, {
    w,
    h,
    gx: w * 0.6,
    gy: h * 0.44,
    gr: h * 0.25,
    project: perspective(w, h, h * 0.5, h * 1.08, w * 0.75),
  });
}

function vertical(theme: ArtTheme, colors: readonly [string, string]): string {
  const w = 360;
  const h = 640;
  return cover(theme, colors, {
    w,
    h,
    gx: w * 0.55,
    gy: h * 0.4,
    gr: w * 0.28,
    project: perspective(w, h, h * 0.56, h * 1.05, w * 1.1),
  });
}

// ---------------------------------------------------------------- avatars

function initials(nick: string): string {
  const capitals = nick.match(/[A-Z]/g) ?? [];
  if (capitals.length >= 2) return capitals.slice(0, 2).join('');
  return [...nick][0]!.toUpperCase();
}

function avatar(nick: string, colors: readonly [string, string], index: number): string {
  const [a, b] = colors;
  const shapes = [
    `<circle cx="104" cy="20" r="58" fill="#fff" opacity=".14"/>`,
    `<rect x="70" y="-10" width="80" height="80" transform="rotate(30 110 30)" fill="#fff" opacity=".14"/>`,
    `<polygon points="0,128 0,60 70,128" fill="#fff" opacity=".14"/>`,
    `<path d="M-10 90L90-10M10 130L130 10" stroke="#fff" stroke-width="14" opacity=".12"/>`,
  ];
  const text = initials(nick);
  const size = text.length > 1 ? 46 : 56;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`,
    '<rect width="128" height="128" fill="url(#g)"/>',
    shapes[index % shapes.length],
    `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="800" fill="#fff">${esc(text)}</text>`,
    '</svg>',
  ].join('');
}

// ---------------------------------------------------------------- banners

interface BannerSpec {
  file: string;
  w: number;
  h: number;
  title: string;
  subtitle: string;
  theme: ArtTheme;
  colors: readonly [string, string];
}

const BANNERS: readonly BannerSpec[] = [
  {
    file: 'home-1',
    w: 1200,
    h: 120,
    title: '今晚焦点赛事  TONIGHT’S BIG MATCHES',
    subtitle: '全部赛程与实时比分 · Full schedule & live scores',
    theme: 'football',
    colors: [CYAN, VIOLET],
  },
  {
    file: 'home-2',
    w: 1200,
    h: 400,
    title: '英超焦点之夜',
    subtitle: 'PREMIER LEAGUE NIGHT · LIVE COMMENTARY',
    theme: 'football',
    colors: ['#e4002b', '#6cabdd'],
  },
  {
    file: 'home-3',
    w: 1200,
    h: 400,
    title: 'NBA 常规赛冲刺',
    subtitle: 'THE STRETCH RUN · EVERY GAME LIVE',
    theme: 'basketball',
    colors: ['#552583', AMBER],
  },
  {
    file: 'page-1',
    w: 1200,
    h: 120,
    title: '精彩活动进行中  EVENTS ON NOW',
    subtitle: '签到、抽奖、竞猜好礼 · Check-in, lottery & quiz rewards',
    theme: 'fitness',
    colors: [PINK, AMBER],
  },
  {
    file: 'page-2',
    w: 1200,
    h: 400,
    title: '电竞周末',
    subtitle: 'ESPORTS WEEKEND · LOL · CS2 · VALORANT',
    theme: 'lol',
    colors: [VIOLET, CYAN],
  },
];

function banner(spec: BannerSpec): string {
  const { w, h, theme, colors } = spec;
  const strip = h < 200;
  const accent = ACCENT[theme];
  const gr = strip ? h * 0.36 : h * 0.3;
  const gx = strip ? w - h * 0.9 : w * 0.76;
  const gy = h / 2;
  const [a, b] = colors;
  const stripes = [0, 1, 2]
    .map((i) => {
      const x = (strip ? w * 0.62 : w * 0.6) + i * (strip ? 26 : 60);
      const sw = strip ? 12 : 30;
      const fill = [a, b, accent][i];
      return `<polygon points="${points([
        [x + h * 0.4, 0],
        [x + h * 0.4 + sw, 0],
        [x + sw, h],
        [x, h],
      ])}" fill="${fill}" opacity="${0.85 - i * 0.2}"/>`;
    })
    .join('');
  const titleSize = strip ? 34 : 78;
  const subSize = strip ? 16 : 26;
  const left = strip ? 40 : 80;
  const text = strip
    ? `<text x="${left}" y="56" font-family="${FONT}" font-size="${titleSize}" font-weight="900" fill="#fff">${esc(spec.title)}</text>` +
      `<text x="${left}" y="88" font-family="${FONT}" font-size="${subSize}" font-weight="600" fill="${CYAN}">${esc(spec.subtitle)} →</text>`
    : `<rect x="${left}" y="96" width="64" height="8" rx="4" fill="${accent}"/>` +
      `<text x="${left}" y="200" font-family="${FONT}" font-size="${titleSize}" font-weight="900" fill="#fff">${esc(spec.title)}</text>` +
      `<text x="${left}" y="252" font-family="${FONT}" font-size="${subSize}" font-weight="700" letter-spacing="2" fill="${CYAN}">${esc(spec.subtitle)}</text>` +
      `<rect x="${left}" y="290" width="180" height="52" rx="26" fill="${PINK}"/>` +
      `<text x="${left + 90}" y="324" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="800" fill="#fff">立即观看 ▶</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0a0d18"/><stop offset=".6" stop-color="#141a33"/><stop offset="1" stop-color="${FLOOR[theme]}"/></linearGradient>`,
    `<radialGradient id="gw"><stop offset="0" stop-color="${accent}" stop-opacity=".55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    stripes,
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(gr * 2.2)}" fill="url(#gw)"/>`,
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(gr * 1.25)}" fill="none" stroke="${accent}" stroke-width="2" opacity=".6"/>`,
    `<g transform="translate(${n(gx)} ${n(gy)}) scale(${(gr / 100).toFixed(3)})">${GLYPHS[theme]()}</g>`,
    text,
    '</svg>',
  ].join('');
}

// ---------------------------------------------------------------- write

function write(relative: string, content: string): number {
  const file = path.join(OUT, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${content}\n`);
  return content.length + 1;
}

rmSync(OUT, { recursive: true, force: true });
let bytes = 0;
let files = 0;
for (const room of DEMO_ROOMS) {
  bytes += write(`covers/${room.cover}.svg`, horizontal(room.art.theme, room.art.colors));
  bytes += write(`covers-v/${room.cover}.svg`, vertical(room.art.theme, room.art.colors));
  files += 2;
}
for (const art of REPLAY_COVERS) {
  bytes += write(`replays/${art.name}.svg`, horizontal(art.theme, art.colors));
  files += 1;
}
[...DEMO_ACCOUNTS, ...DEMO_FANS].forEach((account, index) => {
  bytes += write(`avatars/${account.avatar}.svg`, avatar(account.nickName, account.colors, index));
  files += 1;
});
for (const spec of BANNERS) {
  bytes += write(`banners/${spec.file}.svg`, banner(spec));
  files += 1;
}
console.log(`Wrote ${files} files (${Math.round(bytes / 1024)} KB) to ${OUT}`);
