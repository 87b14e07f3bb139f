/**
 * Draws the gift art into public/gifts/ as SVG: one icon per catalogue gift (128x128), the noble
 * entrance art (fox, lion and dragon crests, the fox's tail, the dragon's wing and a mount banner
 * per level) and a few white effect shapes the stage tints (glow, rays, spark, puff).
 * The drawings live in scripts/gift-art/ (icons.ts, nobles.ts, effects.ts, with the shared
 * helpers in svg.ts); this script only collects and writes them.
 * Run: `npm run art:gifts`. The output is deterministic and checked in; `--preview` also writes
 * a contact sheet PNG to test-results/gift-art.png to look at.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GIFTS } from '../src/lib/gifts/catalogue.ts';
import { FX } from './gift-art/effects.ts';
import { ICONS } from './gift-art/icons.ts';
import { banner, dragon, dragonWing, fox, foxTail, lion } from './gift-art/nobles.ts';

const OUT = fileURLToPath(new URL('../public/gifts/', import.meta.url));

const files: Record<string, string> = {};
for (const gift of GIFTS) {
  const draw = ICONS[gift.key];
  if (!draw) throw new Error(`no icon for gift ${gift.key}`);
  files[`${gift.key}.svg`] = draw();
}
files['nobles/fox.svg'] = fox();
files['nobles/fox-tail.svg'] = foxTail();
files['nobles/lion.svg'] = lion();
files['nobles/dragon.svg'] = dragon();
files['nobles/dragon-wing.svg'] = dragonWing();
for (const level of [1, 2, 3] as const) files[`nobles/banner-${level}.svg`] = banner(level);
for (const [name, draw] of Object.entries(FX)) files[`fx/${name}.svg`] = draw();

rmSync(OUT, { recursive: true, force: true });
for (const [name, text] of Object.entries(files)) {
  const file = path.join(OUT, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
console.log(`wrote ${Object.keys(files).length} files to public/gifts/`);

if (process.argv.includes('--preview')) {
  const { default: sharp } = await import('sharp');
  const tiles = Object.entries(files);
  const size = 220;
  const cols = 6;
  const rows = Math.ceil(tiles.length / cols);
  const composite = await Promise.all(
    tiles.map(async ([, text], i) => ({
      input: await sharp(Buffer.from(text), { density: 144 })
        .resize(size - 20, size - 20, {
          fit: 'contain',
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .png()
        .toBuffer(),
      left: (i % cols) * size + 10,
      top: Math.floor(i / cols) * size + 10,
    })),
  );
  mkdirSync('test-results', { recursive: true });
  await sharp({
    create: { width: cols * size, height: rows * size, channels: 4, background: '#151a25' },
  })
    .composite(composite)
    .png()
    .toFile('test-results/gift-art.png');
  console.log('preview: test-results/gift-art.png');
}
