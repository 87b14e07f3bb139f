/** Whether dist/ is missing or older than the sources it is built from. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const STAMP = path.resolve('dist/.build-stamp');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** True when the build is missing or a source file is newer than it. */
export function buildIsStale(): boolean {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.resolve(s)) > built);
}
