/**
 * Draws the demo art into public/demo/: room covers (640x360 and 360x640), replay covers,
 * avatars of every demo account and the ad banners, each as an SVG drawing and as the WebP picture
 * the site shows (rendered from it at twice its size, as an upload is stored), plus the default
 * avatar's WebP beside its SVG. Run: `node scripts/make-demo-art.ts`.
 * The drawings live in scripts/demo-art/ (theme, floors, covers, avatars, banners); this script
 * only writes them. The output is checked in; rerun after changing the demo people or rooms (the
 * text in avatars and banners needs the Noto CJK fonts installed).
 *
 * Why pictures and not the drawings: a browser lays out and paints every SVG image as a document
 * of its own on the page's main thread, while a WebP is decoded beside it; on the live room the
 * drawings held up the first video frame (docs/decisions.md, "The demo art is shown as WebP").
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEMO_FANS } from '../src/server/seed/fans.ts';
import { DEMO_ACCOUNTS, DEMO_ROOMS } from '../src/server/seed/people.ts';
import { REPLAY_COVERS } from '../src/server/seed/replays.ts';
import { avatar } from './demo-art/avatars.ts';
import { banner, BANNERS } from './demo-art/banners.ts';
import { horizontal, vertical } from './demo-art/covers.ts';

const OUT = fileURLToPath(new URL('../public/demo/', import.meta.url));
const DEFAULT_AVATAR = fileURLToPath(new URL('../public/avatar-default.svg', import.meta.url));

/** The WebP the site shows for one drawing: twice its size, the uploads' quality. */
function picture(svg: string | Buffer): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 144 }).webp({ quality: 82 }).toBuffer();
}

const drawings: [string, string][] = [];

function write(relative: string, content: string): number {
  const file = path.join(OUT, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${content}\n`);
  drawings.push([file, content]);
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
let pictureBytes = 0;
for (const [file, content] of drawings) {
  const webp = await picture(content);
  writeFileSync(file.replace(/\.svg$/, '.webp'), webp);
  pictureBytes += webp.length;
}
const defaultAvatar = await picture(readFileSync(DEFAULT_AVATAR));
writeFileSync(DEFAULT_AVATAR.replace(/\.svg$/, '.webp'), defaultAvatar);
console.log(
  `Wrote ${files} drawings (${Math.round(bytes / 1024)} KB) and their pictures ` +
    `(${Math.round((pictureBytes + defaultAvatar.length) / 1024)} KB) to ${OUT}`,
);
