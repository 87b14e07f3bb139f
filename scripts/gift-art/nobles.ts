/**
 * The noble entrance art: the fox, lion and dragon crests (200x200), the fox's tail, the dragon's
 * wing and a mount banner per level.
 */
import { GOLD, INK, lin, mirror, n, pts, rad, regular, star, svg } from './svg.ts';

export function fox(): string {
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

export function foxTail(): string {
  return svg(
    180,
    90,
    lin('o', ['#ffb347', '#ff7a00', '#e24a00'], 0, 1),
    `<path d="M6 52C30 20 80 8 120 18c30 8 50 22 54 34-10 14-36 26-70 28C64 82 30 76 6 52z" fill="url(#o)" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M120 18c30 8 50 22 54 34-10 14-36 26-70 28 14-8 22-20 16-62z" fill="#fff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M30 46C60 30 92 26 118 34" fill="none" stroke="#ffd08a" stroke-width="5" stroke-linecap="round" opacity=".7"/>`,
  );
}

export function lion(): string {
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

export function dragon(): string {
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

export function dragonWing(): string {
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

export function banner(level: 1 | 2 | 3): string {
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
