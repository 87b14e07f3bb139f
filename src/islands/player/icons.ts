/** Inline SVG icons of the player controls (24-unit grid, drawn in currentColor). */

const svg = (body: string): string =>
  `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">${body}</svg>`;
const stroke =
  'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const speaker = '<path fill="currentColor" d="M4 9.2v5.6h3.6L12.5 19V5L7.6 9.2z"/>';

/** The icons by name. */
export const ICONS = {
  play: svg(
    '<path fill="currentColor" d="M8 5.1v13.8a.8.8 0 0 0 1.2.7l10.6-6.9a.8.8 0 0 0 0-1.4L9.2 4.4A.8.8 0 0 0 8 5.1z"/>',
  ),
  pause: svg(
    '<rect fill="currentColor" x="6" y="5" width="4" height="14" rx="1"/><rect fill="currentColor" x="14" y="5" width="4" height="14" rx="1"/>',
  ),
  volume: svg(`${speaker}<path ${stroke} d="M15.5 9a4.2 4.2 0 0 1 0 6M18 6.5a8 8 0 0 1 0 11"/>`),
  muted: svg(`${speaker}<path ${stroke} d="m16 9.5 5 5m0-5-5 5"/>`),
  fullscreen: svg(
    `<path ${stroke} d="M4 9V5a1 1 0 0 1 1-1h4M20 9V5a1 1 0 0 0-1-1h-4M4 15v4a1 1 0 0 0 1 1h4M20 15v4a1 1 0 0 1-1 1h-4"/>`,
  ),
  exitFullscreen: svg(
    `<path ${stroke} d="M9 4v4a1 1 0 0 1-1 1H4M15 4v4a1 1 0 0 0 1 1h4M9 20v-4a1 1 0 0 0-1-1H4M15 20v-4a1 1 0 0 1 1-1h4"/>`,
  ),
  pip: svg(
    `<rect ${stroke} x="3" y="5" width="18" height="14" rx="2"/><rect fill="currentColor" x="12" y="11.5" width="7" height="5.5" rx="1"/>`,
  ),
  bolt: svg(
    '<path fill="currentColor" d="M13.2 2.5 4.8 13.4a.6.6 0 0 0 .5 1h5.4l-1 7.1c-.1.6.7.9 1 .4l8.4-10.9a.6.6 0 0 0-.5-1h-5.4l1-7.1c.1-.6-.7-.9-1-.4z"/>',
  ),
  check: svg(`<path ${stroke} d="m5 12.5 4.5 4.5L19 7.5"/>`),
  chevron: svg(`<path ${stroke} d="m7 14 5-5 5 5"/>`),
} as const;
