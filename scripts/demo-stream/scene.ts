/**
 * The demo match as ffmpeg filter graphs: a top-down football pitch drawn once per size
 * (`pitchGraph`), then players, ball, scoreboard, clock and ticker drawn per frame
 * (`matchGraph`). Every motion has a period that divides LOOP_SECONDS, so the last frame
 * leads straight back into the first and the clip loops without a jump.
 */

/** Length of the clip; every animation repeats a whole number of times within it. */
export const LOOP_SECONDS = 16;
/** Frames per second of every rendition. */
export const FPS = 25;

/** One output size: the scene is drawn natively at this size, not scaled down. */
export interface Frame {
  width: number;
  height: number;
  /** Text of the rendition badge, e.g. `720p`. */
  label: string;
}

const HOME = '0xff3b5c';
const AWAY = '0x00d1ff';
const INK = '0x0b0e14';
const ACCENT_STRONG = '0xd90f3a';

/** Pitch geometry in 1080-line units. */
const P = { left: 160, right: 1760, top: 175, bottom: 965, cx: 960, cy: 570 };

/** Formats a number for an expression, rounded to 0.1. */
const n = (value: number): string => String(Math.round(value * 10) / 10);

/** Quotes a value for a filter option (single quotes; backslash escapes a quote). */
const q = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "'\\''")}'`;

/** The background pitch as a graph from a colour source; write one frame of it to a PNG. */
export function pitchGraph({ width, height }: Frame): string {
  const s = height / 1080;
  const line = Math.max(2, Math.round(4 * s));
  const half = line / 2;
  const [L, R, T, B, cx, cy] = [P.left, P.right, P.top, P.bottom, P.cx, P.cy].map((v) => v * s);
  const spotL = L! + 168 * s;
  const spotR = R! - 168 * s;
  const grass = `between(X,${n(L! - 40 * s)},${n(R! + 40 * s)})*between(Y,${n(T! - 40 * s)},${n(B! + 40 * s)})`;
  const stripe = `mod(floor((X-${n(L!)})/${n(160 * s)}),2)`;
  const vignette = `(1-0.22*(pow((X-${n(width / 2)})/${n(width / 2)},2)+pow((Y-${n(height / 2)})/${n(height / 2)},2)))`;
  const ring = (x: number, y: number, r: number) =>
    `lt(abs(hypot(X-${n(x)},Y-${n(y)})-${n(r)}),${n(half)})`;
  const dot = (x: number, y: number, r: number) => `lt(hypot(X-${n(x)},Y-${n(y)}),${n(r)})`;
  const lines = [
    ring(cx!, cy!, 120 * s),
    dot(cx!, cy!, 6 * s),
    dot(spotL, cy!, 5 * s),
    dot(spotR, cy!, 5 * s),
    `${ring(spotL, cy!, 120 * s)}*gt(X,${n(L! + 250 * s)})`,
    `${ring(spotR, cy!, 120 * s)}*lt(X,${n(R! - 250 * s)})`,
  ].join('+');
  const channel = (lineV: number, base: number, band: number, outside: number) =>
    `if(gt(${lines},0),${lineV},if(${grass},(${base}+${band}*${stripe})*${vignette},${outside}+8*Y/H))`;
  const box = (x: number, y: number, w: number, h: number, fill = false) =>
    `drawbox=x=${n(x)}:y=${n(y)}:w=${n(w)}:h=${n(h)}:color=white@0.9:t=${fill ? 'fill' : line}`;
  const penaltyW = 250 * s;
  const penaltyY = 336 * s;
  const penaltyH = 468 * s;
  const goalAreaW = 84 * s;
  const goalAreaY = 464 * s;
  const goalAreaH = 213 * s;
  return [
    `color=c=black:s=${width}x${height}:d=1,format=rgb24`,
    `geq=r=${q(channel(236, 30, 8, 8))}:g=${q(channel(242, 112, 18, 16))}:b=${q(channel(236, 50, 8, 14))}`,
    box(L!, T!, R! - L!, B! - T!),
    box(cx! - half, T!, line, B! - T!, true),
    box(L!, penaltyY, penaltyW, penaltyH),
    box(R! - penaltyW, penaltyY, penaltyW, penaltyH),
    box(L!, goalAreaY, goalAreaW, goalAreaH),
    box(R! - goalAreaW, goalAreaY, goalAreaW, goalAreaH),
    box(L! - 30 * s, 528 * s, 30 * s + half, 85 * s),
    box(R! - half, 528 * s, 30 * s + half, 85 * s),
  ].join(',');
}

/** Ball position at time t, in 1080-line units: a figure of eight across the pitch. */
const ballX = `(960+600*sin(2*PI*t/${LOOP_SECONDS}))`;
const ballY = `(570+240*sin(4*PI*t/${LOOP_SECONDS}))`;

/** Home positions of each side (x, y, phase); the keeper first. */
const HOME_SIDE: [number, number, number][] = [
  [235, 570, 0],
  [470, 390, 1.1],
  [470, 750, 2.3],
  [700, 470, 3.7],
  [700, 680, 4.4],
  [880, 570, 5.2],
];
const AWAY_SIDE: [number, number, number][] = HOME_SIDE.map(([x, y, phase]) => [
  1920 - x,
  1140 - y,
  phase + 0.6,
]);

/** Draws one player as a team-coloured disc with a white rim, drifting with the ball. */
function player(
  font: string,
  s: number,
  colour: string,
  [x, y, phase]: [number, number, number],
  keeper: boolean,
): string {
  const follow = keeper ? [0.04, 0.3] : [0.3, 0.22];
  const px = `(${x}+${follow[0]}*(${ballX}-960)+${keeper ? 0 : 26}*sin(2*PI*t/8+${phase}))*${s}`;
  const py = `(${y}+${follow[1]}*(${ballY}-570)+${keeper ? 6 : 22}*sin(2*PI*t/${LOOP_SECONDS}+${phase}))*${s}`;
  return `drawtext=fontfile=${font}:text='●':fontsize=${n(46 * s)}:fontcolor=${colour}:borderw=${n(Math.max(1, 3 * s))}:bordercolor=white:x=${q(`${px}-tw/2`)}:y=${q(`${py}-th/2`)}`;
}

/** Options shared by every text of the overlay. */
const text = (font: string, size: number, colour = 'white') =>
  `drawtext=fontfile=${font}:fontsize=${n(size)}:fontcolor=${colour}`;

/** The per-frame graph over the looped pitch picture: `[0:v]` in, `[v]` out. */
export function matchGraph(frame: Frame, fonts: { sans: string; mono: string }): string {
  const { height, label } = frame;
  const s = height / 1080;
  const { sans, mono } = fonts;
  const at = (x: number, y: number) => `x=${n(x * s)}:y=${n(y * s)}`;
  const box = (x: number, y: number, w: number, h: number, colour: string) =>
    `drawbox=x=${n(x * s)}:y=${n(y * s)}:w=${n(w * s)}:h=${n(h * s)}:color=${colour}:t=fill`;
  const ticker =
    'ARENA LIVE  •  DEMO MATCH FEED  •  RED 2 - 1 SKY  •  A SYNTHETIC CLIP DRAWN BY FFMPEG  •  1080p / 720p / 480p  •  LOOPS EVERY 16 SECONDS';
  const filters = [
    `fps=${FPS}`,
    ...HOME_SIDE.map((p, i) => player(sans, s, HOME, p, i === 0)),
    ...AWAY_SIDE.map((p, i) => player(sans, s, AWAY, p, i === 0)),
    // The ball, with a soft shadow below it.
    `drawtext=fontfile=${sans}:text='●':fontsize=${n(30 * s)}:fontcolor=black@0.35:x=${q(`${ballX}*${s}-tw/2+${n(5 * s)}`)}:y=${q(`${ballY}*${s}-th/2+${n(6 * s)}`)}`,
    `drawtext=fontfile=${sans}:text='●':fontsize=${n(30 * s)}:fontcolor=white:borderw=${n(Math.max(1, 2 * s))}:bordercolor=${INK}:x=${q(`${ballX}*${s}-tw/2`)}:y=${q(`${ballY}*${s}-th/2`)}`,
    // Scoreboard: teams, score and the match clock.
    box(40, 40, 572, 76, `${INK}@0.88`),
    box(40, 40, 10, 76, HOME),
    box(402, 40, 10, 76, AWAY),
    `${text(sans, 36 * s)}:text='RED':${at(68, 58)}`,
    `${text(mono, 38 * s)}:text='2 - 1':x=${q(`${n(229 * s)}-tw/2`)}:y=${n(56 * s)}`,
    `${text(sans, 36 * s)}:text='SKY':${at(302, 58)}`,
    box(412, 40, 200, 76, `${ACCENT_STRONG}@0.95`),
    `${text(mono, 38 * s)}:text='67\\:%{eif\\:12+t\\:d\\:2}':x=${q(`${n(512 * s)}-tw/2`)}:y=${n(56 * s)}`,
    // LIVE badge with a pulsing dot, and the rendition.
    box(1600, 40, 150, 56, `${ACCENT_STRONG}@0.95`),
    `${text(sans, 30 * s)}:text='●':alpha=${q('0.55+0.45*sin(2*PI*t)')}:${at(1618, 50)}`,
    `${text(sans, 30 * s)}:text='LIVE':${at(1654, 50)}`,
    box(1764, 40, 116, 56, `${INK}@0.8`),
    `${text(sans, 28 * s, '0x00d1ff')}:text='${label}':x=${q(`${n(1822 * s)}-tw/2`)}:${`y=${n(52 * s)}`}`,
    // Ticker: scrolls across once per loop, under a fixed DEMO tag.
    box(0, 1004, 1920, 56, `${INK}@0.9`),
    `${text(sans, 26 * s, '0xb4bccb')}:text='${ticker}':x=${q(`w-(w+tw)*t/${LOOP_SECONDS}`)}:y=${n(1018 * s)}`,
    box(0, 1004, 150, 56, HOME),
    `${text(sans, 26 * s)}:text='DEMO':${at(36, 1018)}`,
  ];
  return `[0:v]${filters.join(',')},format=yuv420p[v]`;
}

/** Crowd murmur: seeded brown noise, low-passed, swelling twice per loop, faded at the seam. */
export function crowdGraph(): string {
  return [
    `anoisesrc=color=brown:amplitude=0.5:sample_rate=48000:seed=7:duration=${LOOP_SECONDS}`,
    'lowpass=f=700',
    `volume=${q(`0.5+0.2*sin(2*PI*t/${LOOP_SECONDS / 2})`)}:eval=frame`,
    'afade=t=in:d=0.04',
    `afade=t=out:st=${LOOP_SECONDS - 0.04}:d=0.04`,
    'aformat=channel_layouts=mono',
  ].join(',');
}
