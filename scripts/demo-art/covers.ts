/** The room and replay covers: a glyph over its sport's floor, landscape (640x360) or portrait. */
import type { ArtTheme } from '../../src/server/seed/people.ts';
import { n, points } from '../art/glyphs.ts';
import { chessSquares, floorLines, perspective, type Project } from './floors.ts';
import { ACCENT, FLOOR, GLYPHS } from './theme.ts';

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

export function horizontal(theme: ArtTheme, colors: readonly [string, string]): string {
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

export function vertical(theme: ArtTheme, colors: readonly [string, string]): string {
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
