/**
 * `npm run build`: astro build (always a release build, see build-env.ts), precompressed static
 * assets, and the build stamp. `--out <dir>` builds into another folder than dist/.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { releaseBuildEnv } from './build-env.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } });
const outDir = path.resolve(values.out);

const astro = path.resolve('node_modules/astro/bin/astro.mjs');
const result = spawnSync(process.execPath, [astro, 'build', '--outDir', outDir], {
  stdio: 'inherit',
  env: releaseBuildEnv(),
});
if (result.status !== 0) process.exit(result.status ?? 1);

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|m3u8|webmanifest)$/;

function compressTree(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      count += compressTree(file);
    } else if (COMPRESSIBLE.test(name) && statSync(file).size > 1024) {
      const data = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      count += 1;
    }
  }
  return count;
}

const compressed = compressTree(path.join(outDir, 'client'));
writeFileSync(path.join(outDir, '.build-stamp'), new Date().toISOString());
process.stdout.write(`Precompressed ${compressed} static files.\n`);
