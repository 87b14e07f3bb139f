/** The ad banners: home strips (1200x120) and large room banners, each with its title. */
import type { ArtTheme } from '../../src/server/seed/people.ts';
import { AMBER, CYAN, esc, n, PINK, points, VIOLET } from '../art/glyphs.ts';
import { ACCENT, FLOOR, FONT, GLYPHS } from './theme.ts';

interface BannerSpec {
  file: string;
  w: number;
  h: number;
  title: string;
  subtitle: string;
  theme: ArtTheme;
  colors: readonly [string, string];
}

export const BANNERS: readonly BannerSpec[] = [
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

export function banner(spec: BannerSpec): string {
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
