/** The demo accounts' avatars: initials on the account's two colours. */
import { esc } from '../art/glyphs.ts';
import { FONT } from './theme.ts';

function initials(nick: string): string {
  const capitals = nick.match(/[A-Z]/g) ?? [];
  if (capitals.length >= 2) return capitals.slice(0, 2).join('');
  return [...nick][0]!.toUpperCase();
}

export function avatar(nick: string, colors: readonly [string, string], index: number): string {
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
