/**
 * The slide captcha: a 590x360 picture with a puzzle-shaped hole and the 50x59 piece cut from
 * it, drawn with sharp for every request. The right x stays on the server; a pass is remembered
 * for the device for 2 minutes and pays for one SMS code.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import sharp from 'sharp';
import type { CaptchaChallenge } from '../../lib/account/api.ts';
import { CAPTCHA } from '../../lib/captcha.ts';
import type { Db } from '../db/index.ts';
import { captchas } from '../db/schema.ts';

const {
  naturalWidth: CAPTCHA_W,
  naturalHeight: CAPTCHA_H,
  pieceWidth: PIECE_W,
  pieceHeight: PIECE_H,
} = CAPTCHA;
/** How far off a release may be and still pass. */
export const CAPTCHA_TOLERANCE_PX = 6;
/** How long a challenge can be answered. */
export const CAPTCHA_TTL_MS = 2 * 60_000;
/** How long a pass allows sending a code. */
export const CAPTCHA_PASS_TTL_MS = 2 * 60_000;

/** What captcha_path returns (the type the browser reads it as). */
export type { CaptchaChallenge };

const PIECE_PATH = 'M0 9 H16 A9 9 0 1 1 34 9 H50 V59 H0 Z';
const PALETTES = [
  ['#0b1d3a', '#123f6b', '#ff3b5c', '#00d1ff'],
  ['#16102e', '#3a1f6e', '#ffb800', '#7c5cff'],
  ['#06261d', '#0f5a3f', '#22d37e', '#ffffff'],
  ['#2a0f17', '#6b1a2c', '#ff6b3d', '#ffd37a'],
] as const;

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)] as T;
}

/** A random stadium-like scene: gradient sky, floodlight glows, pitch lines and confetti shapes. */
function backgroundSvg(): string {
  const [deep, mid, hot, cool] = pick(PALETTES);
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const cx = randomInt(CAPTCHA_W);
    const cy = randomInt(CAPTCHA_H);
    const r = randomInt(8, 46);
    const color = i % 2 ? hot : cool;
    shapes.push(
      i % 3 === 0
        ? `<rect x="${cx}" y="${cy}" width="${r * 1.6}" height="${r / 2}" rx="4" fill="${color}" opacity="0.${randomInt(25, 70)}" transform="rotate(${randomInt(-40, 40)} ${cx} ${cy})"/>`
        : `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" opacity="0.${randomInt(20, 60)}"/>`,
    );
  }
  const horizon = randomInt(150, 220);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_W}" height="${CAPTCHA_H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${randomInt(60, 200)}" cy="40" r="110" fill="url(#glow)"/>
  <circle cx="${randomInt(390, 540)}" cy="30" r="120" fill="url(#glow)"/>
  <path d="M0 ${horizon} L${CAPTCHA_W} ${horizon - 30} L${CAPTCHA_W} ${CAPTCHA_H} L0 ${CAPTCHA_H} Z" fill="${mid}" opacity="0.8"/>
  <g stroke="#fff" stroke-opacity="0.35" stroke-width="3" fill="none">
    <line x1="${CAPTCHA_W / 2}" y1="${horizon - 15}" x2="${CAPTCHA_W / 2 + 40}" y2="${CAPTCHA_H}"/>
    <ellipse cx="${CAPTCHA_W / 2 + 20}" cy="${horizon + 90}" rx="90" ry="34"/>
    <line x1="0" y1="${horizon + 40}" x2="${CAPTCHA_W}" y2="${horizon + 10}"/>
  </g>
  ${shapes.join('\n  ')}
</svg>`;
}

function pieceSvg(fill: string, stroke: string, strokeWidth: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE_W}" height="${PIECE_H}"><path d="${PIECE_PATH}" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/></svg>`,
  );
}

/** Draws a challenge: the background with the hole at (x, y) and the cut-out piece. */
export async function drawCaptcha(x: number, y: number): Promise<{ image: Buffer; slide: Buffer }> {
  const background = await sharp(Buffer.from(backgroundSvg())).png().toBuffer();
  const piece = await sharp(background)
    .extract({ left: x, top: y, width: PIECE_W, height: PIECE_H })
    .composite([
      { input: pieceSvg('#fff', 'none', 0), blend: 'dest-in' },
      { input: pieceSvg('none', 'rgba(255,255,255,0.9)', 2), blend: 'over' },
    ])
    .png()
    .toBuffer();
  const image = await sharp(background)
    .composite([
      { input: pieceSvg('rgba(0,0,0,0.55)', 'rgba(255,255,255,0.8)', 2), left: x, top: y },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();
  return { image, slide: piece };
}

/** Makes and stores a challenge for a device. */
export async function createCaptcha(
  db: Db,
  device: string,
  withSolution: boolean,
  now = new Date(),
): Promise<CaptchaChallenge> {
  const x = randomInt(120, CAPTCHA_W - PIECE_W - 10);
  const y = randomInt(10, CAPTCHA_H - PIECE_H - 10);
  const { image, slide } = await drawCaptcha(x, y);
  const id = randomBytes(16).toString('base64url');
  await db.delete(captchas).where(lte(captchas.expiresAt, new Date(now.getTime() - 3600_000)));
  await db
    .insert(captchas)
    .values({ id, x, device, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
  return {
    id,
    image: `data:image/jpeg;base64,${image.toString('base64')}`,
    slide: `data:image/png;base64,${slide.toString('base64')}`,
    y,
    ...(withSolution ? { test_x: x } : {}),
  };
}

/**
 * Checks a release at `x`: true when within the tolerance of the right x, the id is unexpired,
 * belongs to this device and was never verified before.
 */
export async function verifyCaptcha(
  db: Db,
  id: string,
  x: number,
  device: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .update(captchas)
    .set({ verifiedAt: now })
    .where(and(eq(captchas.id, id), isNull(captchas.verifiedAt), gt(captchas.expiresAt, now)))
    .returning({ x: captchas.x, device: captchas.device });
  if (!row || row.device !== device || Math.abs(row.x - x) > CAPTCHA_TOLERANCE_PX) return false;
  await db.update(captchas).set({ passedAt: now }).where(eq(captchas.id, id));
  return true;
}

/** Spends the device's newest unspent pass from the last 2 minutes; false when there is none. */
export async function spendCaptchaPass(db: Db, device: string, now = new Date()): Promise<boolean> {
  if (!device) return false;
  const [pass] = await db
    .select({ id: captchas.id })
    .from(captchas)
    .where(
      and(
        eq(captchas.device, device),
        isNotNull(captchas.passedAt),
        gt(captchas.passedAt, new Date(now.getTime() - CAPTCHA_PASS_TTL_MS)),
        isNull(captchas.spentAt),
      ),
    )
    .orderBy(desc(captchas.passedAt))
    .limit(1);
  if (!pass) return false;
  const spent = await db
    .update(captchas)
    .set({ spentAt: now })
    .where(and(eq(captchas.id, pass.id), isNull(captchas.spentAt)))
    .returning({ id: captchas.id });
  return spent.length === 1;
}
