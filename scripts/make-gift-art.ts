/**
 * Draws the gift art into public/gifts/ as SVG: one icon per catalogue gift (128x128), the noble
 * entrance art (fox, lion and dragon crests, the fox's tail, the dragon's wing and a mount banner
 * per level) and a few white effect shapes the stage tints (glow, rays, spark, puff).
 * Run: `npm run art:gifts`. The output is deterministic and checked in; `--preview` also writes
 * a contact sheet PNG to test-results/gift-art.png to look at.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GIFTS } from '../src/lib/gifts/catalogue.ts';

const OUT = fileURLToPath(new URL('../public/gifts/', import.meta.url));
const INK = '#10131f';

type Point = readonly [number, number];

/** Rounds coordinates so the files stay small and stable. */
const n = (value: number): string => String(Math.round(value * 10) / 10);
const pts = (list: readonly Point[]): string => list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
/** A polygon mirrored around x = cx: `half` runs from the top centre down the left side. */
const mirror = (half: readonly Point[], cx: number): Point[] => [
  ...half,
  ...[...half].reverse().map(([x, y]) => [2 * cx - x, y] as const),
];
const polar = (cx: number, cy: number, r: number, deg: number): Point => {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
};
/** A star with `spikes` points between radii `r1` (outer) and `r2` (inner). */
const star = (cx: number, cy: number, r1: number, r2: number, spikes: number, rot = -90): Point[] =>
  Array.from({ length: spikes * 2 }, (_, i) =>
    polar(cx, cy, i % 2 ? r2 : r1, rot + (180 / spikes) * i),
  );
const regular = (cx: number, cy: number, r: number, sides: number, rot: number): Point[] =>
  Array.from({ length: sides }, (_, i) => polar(cx, cy, r, rot + (360 / sides) * i));

const lin = (id: string, stops: string[], x2 = 0, y2 = 1): string =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((c, i) => `<stop offset="${n(i / (stops.length - 1))}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
const rad = (id: string, stops: [string, number][], cx = '50%', cy = '50%', r = '50%'): string =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(
      ([c, o], i) =>
        `<stop offset="${n(i / (stops.length - 1))}" stop-color="${c}" stop-opacity="${o}"/>`,
    )
    .join('')}</radialGradient>`;
/** A soft drop shadow filter for icons on a dark UI. */
const SHADOW = `<filter id="sh" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="3" stdDeviation="2.5" flood-color="#000" flood-opacity=".45"/></filter>`;
const GOLD = ['#fff6c2', '#ffd54a', '#f0a500', '#b86e00'];

function svg(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>\n`;
}
const icon = (defs: string, body: string): string =>
  svg(128, 128, SHADOW + defs, `<g filter="url(#sh)">${body}</g>`);

// ---------------------------------------------------------------- gift icons (128x128)

function football(): string {
  const patches = [0, 1, 2, 3, 4].map((k) => {
    const a = -90 + 72 * k;
    const [cx, cy] = polar(64, 62, 48, a);
    const [ix, iy] = polar(64, 62, 18, a);
    const [ox, oy] = polar(64, 62, 31, a);
    return (
      `<polygon points="${pts(regular(cx, cy, 19, 5, a + 180))}"/>` +
      `<line x1="${n(ix)}" y1="${n(iy)}" x2="${n(ox)}" y2="${n(oy)}" stroke="${INK}" stroke-width="3"/>`
    );
  });
  return icon(
    `<clipPath id="c"><circle cx="64" cy="62" r="48"/></clipPath>` +
      rad(
        's',
        [
          ['#fff', 0.6],
          ['#fff', 0],
          ['#000', 0.5],
        ],
        '34%',
        '28%',
        '78%',
      ),
    `<circle cx="64" cy="62" r="48" fill="#f6f8fc"/>` +
      `<g clip-path="url(#c)" fill="${INK}"><polygon points="${pts(regular(64, 62, 18, 5, -90))}"/>${patches.join('')}</g>` +
      `<circle cx="64" cy="62" r="48" fill="url(#s)"/>` +
      `<circle cx="64" cy="62" r="47" fill="none" stroke="${INK}" stroke-width="3"/>` +
      `<ellipse cx="48" cy="38" rx="12" ry="6" fill="#fff" opacity=".55" transform="rotate(-30 48 38)"/>`,
  );
}

function whistle(): string {
  return icon(
    lin('m', ['#ffffff', '#cfd6e4', '#8792a8', '#c6cedd'], 0, 1) +
      lin('l', ['#ff5a7a', '#d90f3a'], 1, 0),
    `<path d="M92 30C104 18 112 14 118 20" fill="none" stroke="url(#l)" stroke-width="6" stroke-linecap="round"/>` +
      `<circle cx="86" cy="34" r="9" fill="none" stroke="#aab3c5" stroke-width="5"/>` +
      `<path d="M14 52h44v22H14a6 6 0 0 1-6-6v-10a6 6 0 0 1 6-6z" fill="url(#m)" stroke="${INK}" stroke-width="3"/>` +
      `<circle cx="72" cy="76" r="34" fill="url(#m)" stroke="${INK}" stroke-width="3"/>` +
      `<rect x="44" y="50" width="32" height="12" rx="4" fill="#fff" opacity=".6"/>` +
      `<circle cx="72" cy="76" r="14" fill="#3b4458" stroke="${INK}" stroke-width="2"/>` +
      `<circle cx="72" cy="76" r="7" fill="#ff3b5c"/>` +
      `<path d="M50 62a30 30 0 0 1 22-14" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".8"/>` +
      `<g stroke="#ffd54a" stroke-width="4" stroke-linecap="round"><path d="M8 40l-6-8"/><path d="M20 36l-2-10"/><path d="M6 86l-6 6"/></g>`,
  );
}

function foamFinger(): string {
  return icon(
    lin('f', ['#ff7a96', '#ff3b5c', '#c4123b'], 1, 1),
    `<rect x="50" y="6" width="30" height="62" rx="15" fill="url(#f)" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M28 60c0-8 6-12 14-12h48c10 0 16 6 16 14v30c0 16-12 28-28 28H52c-14 0-24-10-24-24z" fill="url(#f)" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M28 72c-8-2-16 2-18 10s4 14 12 16l8 2" fill="url(#f)" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M80 48v12M66 48v12" stroke="${INK}" stroke-width="2.5" opacity=".5"/>` +
      `<rect x="56" y="12" width="7" height="40" rx="3.5" fill="#fff" opacity=".35"/>` +
      `<text x="68" y="103" text-anchor="middle" font-family="Arial Black,Arial,sans-serif" font-size="34" font-weight="900" fill="#fff" stroke="${INK}" stroke-width="1.5">#1</text>`,
  );
}

function scarf(): string {
  const d = 'M18 26C40 44 52 52 64 62S88 82 110 100';
  const d2 = 'M110 26C88 44 76 52 64 62S40 82 18 100';
  const band = (p: string, a: string, b: string) =>
    `<path d="${p}" fill="none" stroke="${INK}" stroke-width="30" stroke-linecap="butt"/>` +
    `<path d="${p}" fill="none" stroke="${a}" stroke-width="24"/>` +
    `<path d="${p}" fill="none" stroke="${b}" stroke-width="24" stroke-dasharray="10 10"/>`;
  const fringe = (x: number, y: number, dx: number, dy: number) =>
    [-9, -3, 3, 9]
      .map((o) => {
        const ox = x + o * 0.7;
        const oy = y - o * 0.7 * Math.sign(dx * dy || 1);
        return `<line x1="${n(ox)}" y1="${n(oy)}" x2="${n(ox + dx)}" y2="${n(oy + dy)}"/>`;
      })
      .join('');
  return icon(
    '',
    band(d2, '#00d1ff', '#0b2a66') +
      band(d, '#ff3b5c', '#ffffff') +
      `<g stroke="#ffd54a" stroke-width="3" stroke-linecap="round">${fringe(110, 100, 8, 8)}${fringe(18, 100, -8, 8)}</g>` +
      `<circle cx="64" cy="62" r="9" fill="#ffd54a" stroke="${INK}" stroke-width="2.5"/>`,
  );
}

function airHorn(): string {
  return icon(
    lin('c', ['#ff6b86', '#e0193f', '#96092a'], 1, 0) +
      lin('h', GOLD, 0, 1) +
      lin('w', ['#00d1ff', '#7c5cff'], 1, 0),
    `<g fill="none" stroke="url(#w)" stroke-width="5" stroke-linecap="round">` +
      `<path d="M100 40a34 34 0 0 1 0 44"/><path d="M112 30a50 50 0 0 1 0 64" opacity=".6"/></g>` +
      `<path d="M50 54L88 30v64L50 70z" fill="url(#h)" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
      `<ellipse cx="88" cy="62" rx="7" ry="32" fill="#ffe27a" stroke="${INK}" stroke-width="3"/>` +
      `<ellipse cx="88" cy="62" rx="3" ry="22" fill="#b86e00"/>` +
      `<rect x="14" y="40" width="40" height="70" rx="10" fill="url(#c)" stroke="${INK}" stroke-width="3"/>` +
      `<rect x="22" y="30" width="24" height="14" rx="4" fill="#dfe5f0" stroke="${INK}" stroke-width="3"/>` +
      `<rect x="20" y="50" width="7" height="50" rx="3.5" fill="#fff" opacity=".35"/>` +
      `<path d="M24 70h20M24 80h20" stroke="#fff" stroke-width="3" opacity=".7"/>`,
  );
}

function flare(): string {
  return icon(
    rad(
      'g',
      [
        ['#fff', 1],
        ['#ffe066', 1],
        ['#ff6b00', 0.9],
        ['#ff3b5c', 0],
      ],
      '50%',
      '60%',
      '50%',
    ) + lin('t', ['#ff5a5a', '#c4122f', '#7a0a1e'], 1, 0),
    `<circle cx="64" cy="38" r="34" fill="url(#g)"/>` +
      `<path d="M64 8c10 14 18 22 18 34a18 18 0 0 1-36 0c0-8 6-14 8-22 4 6 6 8 10 10-2-8-2-14 0-22z" fill="#ffb800"/>` +
      `<path d="M64 28c6 8 9 12 9 18a9 9 0 0 1-18 0c0-6 4-10 9-18z" fill="#fff6c2"/>` +
      `<rect x="52" y="56" width="24" height="60" rx="6" fill="url(#t)" stroke="${INK}" stroke-width="3"/>` +
      `<rect x="52" y="74" width="24" height="8" fill="#ffd54a" stroke="${INK}" stroke-width="2"/>` +
      `<rect x="56" y="86" width="5" height="26" rx="2.5" fill="#fff" opacity=".3"/>` +
      `<g fill="#ffe066">${[
        [30, 22, 3],
        [98, 18, 2.5],
        [24, 50, 2],
        [104, 48, 3],
        [92, 70, 2],
      ]
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`)
        .join('')}</g>`,
  );
}

function goldenBoot(): string {
  return icon(
    lin('b', GOLD, 0.3, 1),
    `<path d="M40 14h34v40c6 6 18 10 32 14 12 3 16 12 14 22l-2 8H14c-4 0-6-4-6-8l6-44z" fill="url(#b)" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M10 98h108" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M8 98h112v8c0 4-4 6-8 6H14c-4 0-6-2-6-6z" fill="#3b2a08" stroke="${INK}" stroke-width="3"/>` +
      `<g fill="#f0a500" stroke="${INK}" stroke-width="2">${[22, 44, 74, 100]
        .map((x) => `<rect x="${x}" y="110" width="8" height="9" rx="2"/>`)
        .join('')}</g>` +
      `<g stroke="#fff6c2" stroke-width="3" stroke-linecap="round">${[0, 1, 2, 3]
        .map((i) => `<path d="M${60 + i * 8} ${58 + i * 4}l-12 -8"/>`)
        .join('')}</g>` +
      `<path d="M44 18h8v62h-8z" fill="#fff" opacity=".35"/>` +
      `<path d="M70 86c10 0 24-2 34-6" fill="none" stroke="#b86e00" stroke-width="3"/>` +
      `<polygon points="${pts(star(104, 26, 14, 5, 4, -90))}" fill="#fff"/>` +
      `<polygon points="${pts(star(86, 12, 7, 2.5, 4, -90))}" fill="#fff6c2"/>`,
  );
}

function stadiumWave(): string {
  const colours = ['#00d1ff', '#ff3b5c', '#ffb800', '#7c5cff', '#22d37e'];
  const fans = colours
    .map((c, i) => {
      const x = 20 + i * 22;
      const lift = Math.sin((i / 4) * Math.PI) * 26;
      const y = 86 - lift;
      return (
        `<path d="M${x - 9} ${y + 4}l-7 -22M${x + 9} ${y + 4}l7 -22" stroke="${c}" stroke-width="6" stroke-linecap="round"/>` +
        `<rect x="${x - 10}" y="${y}" width="20" height="${n(120 - y)}" rx="8" fill="${c}" stroke="${INK}" stroke-width="2.5"/>` +
        `<circle cx="${x}" cy="${n(y - 8)}" r="9" fill="#ffd9b8" stroke="${INK}" stroke-width="2.5"/>`
      );
    })
    .join('');
  return icon(
    lin('s', ['#2b3550', '#151a25'], 0, 1),
    `<path d="M4 98Q64 70 124 98V124H4z" fill="url(#s)" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M10 40Q64 4 118 40" fill="none" stroke="#ffd54a" stroke-width="5" stroke-linecap="round" stroke-dasharray="2 10"/>` +
      fans,
  );
}

function fireworks(): string {
  const burst = (cx: number, cy: number, r: number, c: string, c2: string, k: number) =>
    Array.from({ length: k }, (_, i) => {
      const a = (360 / k) * i;
      const [x1, y1] = polar(cx, cy, r * 0.35, a);
      const [x2, y2] = polar(cx, cy, r, a);
      const [dx, dy] = polar(cx, cy, r + 6, a);
      return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${i % 2 ? c2 : c}"/><circle cx="${n(dx)}" cy="${n(dy)}" r="3.2" fill="${c}"/>`;
    }).join('');
  return icon(
    rad('g', [
      ['#fff', 0.9],
      ['#ff3b5c', 0],
    ]),
    `<circle cx="50" cy="48" r="30" fill="url(#g)" opacity=".5"/>` +
      `<g stroke-width="4.5" stroke-linecap="round">${burst(50, 48, 36, '#ff3b5c', '#ffd54a', 12)}${burst(96, 36, 22, '#00d1ff', '#ffffff', 10)}${burst(92, 92, 18, '#22d37e', '#ffd54a', 8)}</g>` +
      `<circle cx="50" cy="48" r="7" fill="#fff"/><circle cx="96" cy="36" r="5" fill="#fff"/><circle cx="92" cy="92" r="4" fill="#fff"/>` +
      `<path d="M30 124Q40 100 46 84" fill="none" stroke="#ffd54a" stroke-width="3" stroke-dasharray="4 5" stroke-linecap="round"/>`,
  );
}

function trophy(): string {
  return icon(
    lin('t', GOLD, 0.6, 1) + lin('r', ['#ff3b5c', '#a8072b'], 0, 1),
    `<path d="M34 24H14c0 26 12 38 28 40M94 24h20c0 26-12 38-28 40" fill="none" stroke="${INK}" stroke-width="10" stroke-linecap="round"/>` +
      `<path d="M34 24H14c0 26 12 38 28 40M94 24h20c0 26-12 38-28 40" fill="none" stroke="#f0a500" stroke-width="5" stroke-linecap="round"/>` +
      `<path d="M30 12h68v22c0 24-14 42-34 42S30 58 30 34z" fill="url(#t)" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M56 74h16v16H56z" fill="#d99400" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M40 90h48l6 14H34z" fill="url(#t)" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
      `<rect x="28" y="104" width="72" height="16" rx="3" fill="url(#r)" stroke="${INK}" stroke-width="3"/>` +
      `<rect x="48" y="108" width="32" height="4" rx="2" fill="#ffd54a"/>` +
      `<polygon points="${pts(star(64, 38, 15, 6.5, 5))}" fill="#fff6c2" stroke="#b86e00" stroke-width="2"/>` +
      `<path d="M38 18v18c0 10 3 18 8 24" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".55"/>`,
  );
}

function rocket(): string {
  return icon(
    lin('b', ['#ffffff', '#dfe5f0', '#9aa6bd'], 1, 0) +
      rad(
        'f',
        [
          ['#fff', 1],
          ['#ffd54a', 1],
          ['#ff6b00', 0.9],
          ['#ff3b5c', 0],
        ],
        '50%',
        '20%',
        '70%',
      ),
    `<g transform="rotate(40 64 64)">` +
      `<path d="M52 96c-4 14 2 24 12 30 10-6 16-16 12-30z" fill="url(#f)"/>` +
      `<path d="M64 4c18 14 24 40 20 72H44C40 44 46 18 64 4z" fill="url(#b)" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M64 4c8 6 14 14 17 24H47C50 18 56 10 64 4z" fill="#ff3b5c" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M44 60L28 82l4 14 14-12zM84 60l16 22-4 14-14-12z" fill="#ff3b5c" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
      `<rect x="46" y="76" width="36" height="14" rx="4" fill="#3b4458" stroke="${INK}" stroke-width="3"/>` +
      `<circle cx="64" cy="46" r="11" fill="#00d1ff" stroke="${INK}" stroke-width="3"/>` +
      `<circle cx="60" cy="42" r="4" fill="#fff" opacity=".8"/>` +
      `<path d="M52 34v36" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".6"/></g>`,
  );
}

function crown(): string {
  const gems: [number, number, string][] = [
    [64, 80, '#ff3b5c'],
    [38, 84, '#00d1ff'],
    [90, 84, '#22d37e'],
  ];
  return icon(
    lin('c', GOLD, 0.2, 1) + lin('band', ['#ffd54a', '#b86e00'], 0, 1),
    `<path d="M14 42l22 24 12-38 16 30 16-30 12 38 22-24-8 58H22z" fill="url(#c)" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
      `<rect x="20" y="92" width="88" height="20" rx="5" fill="url(#band)" stroke="${INK}" stroke-width="3"/>` +
      `<g fill="#fff6c2" stroke="${INK}" stroke-width="2.5">${[
        [14, 40],
        [48, 26],
        [64, 56],
        [80, 26],
        [114, 40],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6"/>`)
        .join('')}</g>` +
      gems
        .map(
          ([x, y, c]) =>
            `<polygon points="${pts(regular(x, y, 8, 4, -90))}" fill="${c}" stroke="${INK}" stroke-width="2.5"/>`,
        )
        .join('') +
      `<g fill="#fff">${[34, 50, 64, 78, 94].map((x) => `<circle cx="${x}" cy="102" r="3"/>`).join('')}</g>` +
      `<path d="M30 60l6 30" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".5"/>`,
  );
}

const ICONS: Record<string, () => string> = {
  whistle,
  'foam-finger': foamFinger,
  scarf,
  football,
  'air-horn': airHorn,
  flare,
  'golden-boot': goldenBoot,
  'stadium-wave': stadiumWave,
  fireworks,
  trophy,
  rocket,
  crown,
};

// ---------------------------------------------------------------- noble crests (200x200)

function fox(): string {
  const face = mirror(
    [
      [100, 66],
      [66, 60],
      [40, 84],
      [22, 118],
      [6, 134],
      [40, 146],
      [74, 172],
    ],
    100,
  );
  const cheeks = mirror(
    [
      [100, 150],
      [74, 132],
      [48, 124],
      [22, 124],
      [10, 134],
      [40, 146],
      [74, 172],
    ],
    100,
  );
  const ear = (s: 1 | -1) => {
    const x = (v: number) => 100 + s * (100 - v);
    return (
      `<polygon points="${pts([
        [x(28), 6],
        [x(16), 96],
        [x(74), 62],
      ])}" fill="url(#o)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<polygon points="${pts([
        [x(32), 26],
        [x(26), 84],
        [x(62), 64],
      ])}" fill="#3a1408"/>`
    );
  };
  return svg(
    200,
    200,
    lin('o', ['#ffb347', '#ff7a00', '#e24a00'], 0.3, 1) + lin('w', ['#ffffff', '#ffe9d6'], 0, 1),
    ear(1) +
      ear(-1) +
      `<polygon points="${pts(face)}" fill="url(#o)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<polygon points="${pts(
        mirror(
          [
            [100, 66],
            [84, 64],
            [92, 118],
          ],
          100,
        ),
      )}" fill="#ff9a2e" opacity=".8"/>` +
      `<polygon points="${pts(cheeks)}" fill="url(#w)"/>` +
      `<polygon points="${pts(
        mirror(
          [
            [100, 186],
            [74, 172],
            [86, 150],
            [100, 148],
          ],
          100,
        ),
      )}" fill="url(#w)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      [62, 138]
        .map(
          (x) =>
            `<path d="M${x - 16} ${x < 100 ? 108 : 116}Q${x} 96 ${x + 16} ${x < 100 ? 116 : 108}Q${x} 124 ${x - 16} ${x < 100 ? 108 : 116}z" fill="${INK}"/>` +
            `<circle cx="${x + (x < 100 ? 3 : -3)}" cy="110" r="5.5" fill="#ffd54a"/><circle cx="${x + (x < 100 ? 5 : -1)}" cy="107" r="2.2" fill="#fff"/>`,
        )
        .join('') +
      `<path d="M88 170q12-8 24 0l-12 12z" fill="${INK}" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
      `<ellipse cx="96" cy="171" rx="4" ry="2" fill="#fff" opacity=".6"/>`,
  );
}

function foxTail(): string {
  return svg(
    180,
    90,
    lin('o', ['#ffb347', '#ff7a00', '#e24a00'], 0, 1),
    `<path d="M6 52C30 20 80 8 120 18c30 8 50 22 54 34-10 14-36 26-70 28C64 82 30 76 6 52z" fill="url(#o)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M120 18c30 8 50 22 54 34-10 14-36 26-70 28 14-8 22-20 16-62z" fill="#fff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M30 46C60 30 92 26 118 34" fill="none" stroke="#ffd08a" stroke-width="5" stroke-linecap="round" opacity=".7"/>`,
  );
}

function lion(): string {
  const mane = star(100, 104, 98, 70, 18, -90);
  const inner = star(100, 104, 76, 58, 18, -80);
  const face = mirror(
    [
      [100, 50],
      [70, 54],
      [52, 74],
      [48, 110],
      [58, 140],
      [80, 162],
    ],
    100,
  );
  return svg(
    200,
    200,
    rad(
      'm',
      [
        ['#ffcc4d', 1],
        ['#e08600', 1],
        ['#8a3d00', 1],
      ],
      '50%',
      '52%',
      '55%',
    ) + lin('f', ['#ffe08a', '#f5b83d', '#d98c1a'], 0.2, 1),
    `<polygon points="${pts(mane)}" fill="url(#m)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<polygon points="${pts(inner)}" fill="#b85c00" opacity=".7"/>` +
      [58, 142]
        .map(
          (x) =>
            `<circle cx="${x}" cy="62" r="15" fill="url(#f)" stroke="${INK}" stroke-width="4"/><circle cx="${x}" cy="63" r="7" fill="#8a3d00"/>`,
        )
        .join('') +
      `<polygon points="${pts(face)}" fill="url(#f)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M100 58V92" stroke="#c7871a" stroke-width="6" stroke-linecap="round" opacity=".6"/>` +
      `<ellipse cx="100" cy="140" rx="30" ry="22" fill="#fff3d6" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M84 116h32l-16 18z" fill="#5a2600" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M100 134v10M100 144q-10 8-18 2M100 144q10 8 18 2" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>` +
      [72, 128]
        .map(
          (x) =>
            `<path d="M${x - 13} 96q13-12 26 0q-13 8-26 0z" fill="${INK}"/><circle cx="${x}" cy="96" r="5" fill="#ffb800"/><circle cx="${x + 2}" cy="94" r="2" fill="#fff"/>` +
            `<path d="M${x - 16} 84q16-8 30 2" fill="none" stroke="#8a3d00" stroke-width="4" stroke-linecap="round"/>`,
        )
        .join('') +
      `<g fill="#5a2600">${[76, 82, 118, 124].map((x, i) => `<circle cx="${x}" cy="${140 + (i % 2) * 6}" r="2"/>`).join('')}</g>`,
  );
}

function dragon(): string {
  const head = mirror(
    [
      [100, 40],
      [72, 46],
      [50, 70],
      [40, 104],
      [52, 136],
      [70, 160],
      [86, 176],
    ],
    100,
  );
  const horn = (s: 1 | -1) => {
    const x = (v: number) => 100 + s * (100 - v);
    return `<path d="M${x(66)} 56C${x(50)} 30 ${x(40)} 16 ${x(20)} 6C${x(34)} 26 ${x(40)} 44 ${x(50)} 70z" fill="url(#h)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`;
  };
  const whisker = (s: 1 | -1) => {
    const x = (v: number) => 100 + s * (100 - v);
    return `<path d="M${x(62)} 150C${x(40)} 160 ${x(22)} 150 ${x(10)} 168C${x(6)} 176 ${x(12)} 186 ${x(22)} 184" fill="none" stroke="#ffd54a" stroke-width="4" stroke-linecap="round"/>`;
  };
  const spikes = (s: 1 | -1) => {
    const x = (v: number) => 100 + s * (100 - v);
    return `<polygon points="${pts([
      [x(44), 86],
      [x(18), 94],
      [x(40), 104],
      [x(16), 118],
      [x(44), 124],
    ])}" fill="#ff3b5c" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>`;
  };
  return svg(
    200,
    200,
    lin('s', ['#a78bff', '#7c5cff', '#3d1f9e'], 0.2, 1) +
      lin('h', GOLD, 0, 1) +
      rad('e', [
        ['#ffffff', 1],
        ['#7ff0ff', 1],
        ['#00a3cc', 1],
      ]),
    horn(1) +
      horn(-1) +
      spikes(1) +
      spikes(-1) +
      `<polygon points="${pts(head)}" fill="url(#s)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<polygon points="${pts(
        mirror(
          [
            [100, 44],
            [88, 46],
            [94, 90],
            [100, 96],
          ],
          100,
        ),
      )}" fill="#ffd54a" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
      `<polygon points="${pts(
        mirror(
          [
            [100, 130],
            [70, 128],
            [66, 150],
            [82, 172],
            [100, 178],
          ],
          100,
        ),
      )}" fill="#c9b8ff" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
      [64, 136]
        .map((x) => {
          const s = x < 100 ? 1 : -1;
          return (
            `<path d="M${x - 20 * s} 96L${x + 18 * s} 110L${x - 14 * s} 116z" fill="url(#e)" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` +
            `<path d="M${x - 24 * s} 88L${x + 20 * s} 100" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`
          );
        })
        .join('') +
      `<ellipse cx="88" cy="144" rx="5" ry="3" fill="${INK}"/><ellipse cx="112" cy="144" rx="5" ry="3" fill="${INK}"/>` +
      `<path d="M80 168l4 10 4-8M120 168l-4 10-4-8" fill="#fff" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>` +
      whisker(1) +
      whisker(-1),
  );
}

function dragonWing(): string {
  // The left wing, spread from its root at the right edge; the stage mirrors it for the right.
  return svg(
    200,
    160,
    lin('w', ['#ff3b5c', '#7c5cff', '#2a1370'], 1, 1),
    `<path d="M196 120C150 96 110 60 92 8 70 26 40 34 6 34c24 14 34 30 36 48-14 2-26 8-34 20 22-2 40 2 54 12-10 8-14 18-14 30 26-12 58-18 90-14z" fill="url(#w)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<g fill="none" stroke="#ffd54a" stroke-width="3" stroke-linecap="round" opacity=".85"><path d="M192 118L92 8"/><path d="M190 118L42 82"/><path d="M188 120L62 114"/><path d="M186 122L46 142"/></g>`,
  );
}

/** Level theme: banner gradient, trim and label. */
const BANNERS: Record<1 | 2 | 3, { from: string; via: string; to: string; trim: string }> = {
  1: { from: '#ff7a00', via: '#ff3b5c', to: '#7a1140', trim: '#ffd08a' },
  2: { from: '#ffb800', via: '#e07000', to: '#5a2a00', trim: '#fff2b0' },
  3: { from: '#7c5cff', via: '#c01e8c', to: '#ff3b5c', trim: '#ffd54a' },
};

function banner(level: 1 | 2 | 3): string {
  const b = BANNERS[level];
  const w = 360;
  const h = 84;
  const chevrons = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M${250 + i * 16} 14l14 28-14 28" fill="none" stroke="#fff" stroke-width="6" opacity="${n(0.05 + i * 0.03)}"/>`,
  ).join('');
  const gems = level === 3 ? 3 : level === 2 ? 2 : 1;
  return svg(
    w,
    h,
    lin('g', [b.from, b.via, b.to], 1, 0) +
      lin('gl', ['#ffffff', '#ffffff'], 0, 1).replace(
        /<stop offset="1" stop-color="#ffffff"\/>/,
        '<stop offset="1" stop-color="#ffffff" stop-opacity="0"/>',
      ) +
      `<clipPath id="c"><rect x="4" y="6" width="${w - 8}" height="${h - 12}" rx="${(h - 12) / 2}"/></clipPath>`,
    `<rect x="4" y="6" width="${w - 8}" height="${h - 12}" rx="${(h - 12) / 2}" fill="url(#g)"/>` +
      `<g clip-path="url(#c)">${chevrons}<rect x="4" y="6" width="${w - 8}" height="${(h - 12) / 2}" fill="url(#gl)" opacity=".28"/></g>` +
      `<rect x="4" y="6" width="${w - 8}" height="${h - 12}" rx="${(h - 12) / 2}" fill="none" stroke="${b.trim}" stroke-width="3"/>` +
      `<rect x="10" y="12" width="${w - 20}" height="${h - 24}" rx="${(h - 24) / 2}" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="1.5"/>` +
      Array.from(
        { length: gems },
        (_, i) =>
          `<polygon points="${pts(regular(w - 34 - i * 18, h / 2, 7, 4, -90))}" fill="${b.trim}" stroke="${INK}" stroke-width="1.5"/>`,
      ).join(''),
  );
}

// ---------------------------------------------------------------- effects (white, tinted by the stage)

const FX: Record<string, () => string> = {
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

// ---------------------------------------------------------------- write

const files: Record<string, string> = {};
for (const gift of GIFTS) {
  const draw = ICONS[gift.key];
  if (!draw) throw new Error(`no icon for gift ${gift.key}`);
  files[`${gift.key}.svg`] = draw();
}
files['nobles/fox.svg'] = fox();
files['nobles/fox-tail.svg'] = foxTail();
files['nobles/lion.svg'] = lion();
files['nobles/dragon.svg'] = dragon();
files['nobles/dragon-wing.svg'] = dragonWing();
for (const level of [1, 2, 3] as const) files[`nobles/banner-${level}.svg`] = banner(level);
for (const [name, draw] of Object.entries(FX)) files[`fx/${name}.svg`] = draw();

rmSync(OUT, { recursive: true, force: true });
for (const [name, text] of Object.entries(files)) {
  const file = path.join(OUT, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
console.log(`wrote ${Object.keys(files).length} files to public/gifts/`);

if (process.argv.includes('--preview')) {
  const { default: sharp } = await import('sharp');
  const tiles = Object.entries(files);
  const size = 220;
  const cols = 6;
  const rows = Math.ceil(tiles.length / cols);
  const composite = await Promise.all(
    tiles.map(async ([, text], i) => ({
      input: await sharp(Buffer.from(text), { density: 144 })
        .resize(size - 20, size - 20, {
          fit: 'contain',
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .png()
        .toBuffer(),
      left: (i % cols) * size + 10,
      top: Math.floor(i / cols) * size + 10,
    })),
  );
  mkdirSync('test-results', { recursive: true });
  await sharp({
    create: { width: cols * size, height: rows * size, channels: 4, background: '#151a25' },
  })
    .composite(composite)
    .png()
    .toFile('test-results/gift-art.png');
  console.log('preview: test-results/gift-art.png');
}
