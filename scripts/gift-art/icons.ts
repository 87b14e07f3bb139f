/** The gift icons (128x128), one per catalogue key; the entry script writes `<key>.svg`. */
import { GOLD, icon, INK, lin, n, polar, pts, rad, regular, star } from './svg.ts';

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

export const ICONS: Record<string, () => string> = {
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
