/**
 * `npm run layout [folder]`: writes the site's layout on several machines into `folder`
 * (default `layout`): the balancer's nginx config, an environment file for each app machine and
 * each ingest machine, and a README of what to run where. Reads APP_ORIGINS (the app machines'
 * origins, comma separated), INGESTS (as every app process reads it), BALANCER_ADDRESS (the
 * balancer's IP as the machines see it), PORT (the balancer's, default 80), SERVER_NAME,
 * PUBLIC_URL and BALANCER_DIR. Bad input is refused before anything is written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { layoutFiles, readLayout } from './cluster/layout.ts';

const folder = path.resolve(process.argv[2] ?? 'layout');
let files: Map<string, string>;
try {
  files = layoutFiles(readLayout(process.env));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
mkdirSync(folder, { recursive: true });
for (const [name, text] of files) {
  // Environment files will hold the secret and passwords once filled in: owner only.
  writeFileSync(path.join(folder, name), text, { mode: name.endsWith('.env') ? 0o600 : 0o644 });
}
console.log(`Wrote ${[...files.keys()].join(', ')} into ${folder}; see its README.md.`);
