/**
 * Draws the demo art into public/demo/ as small SVG files: room covers (640x360 and 360x640),
 * replay covers,
 * avatars of every demo account and the ad banners. Run: `node scripts/make-demo-art.ts`.
 * The drawings live in scripts/demo-art/ (theme, floors, covers, avatars, banners); this script
 * only writes them. The output is deterministic and checked in; rerun after changing the demo
 * people or rooms.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_FANS } from '../src/server/seed/fans.ts';
import { DEMO_ACCOUNTS, DEMO_ROOMS } from '../src/server/seed/people.ts';
import { REPLAY_COVERS } from '../src/server/seed/replays.ts';
import { avatar } from './demo-art/avatars.ts';
import { banner, BANNERS } from './demo-art/banners.ts';
import { horizontal, vertical } from './demo-art/covers.ts';

const OUT = fileURLToPath(new URL('../public/demo/', import.meta.url));

function write(relative: string, content: string): number {
  const file = path.join(OUT, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${content}\n`);
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
console.log(`Wrote ${files} files (${Math.round(bytes / 1024)} KB) to ${OUT}`);
