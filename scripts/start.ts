/**
 * `npm start`: builds the pages when dist/ is missing or older than the sources, then starts
 * the server. Runs on the project's Node 24 with native TypeScript.
 */
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build-state.ts';

if (buildIsStale()) {
  process.stdout.write('Building the site (sources changed or no build yet)...\n');
  const result = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { main } = await import('../src/server/main.ts');
await main();
