/** Starts the real server in a child process on loopback (tests in a browser-like environment, benchmarks). */
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A server in a child process. */
export interface SpawnedServer {
  url: string;
  stop: () => Promise<void>;
}

/** GET /healthz with node:http (the test environment may replace fetch). */
function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(`${url}/healthz`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Runs `src/server/main.ts` with a temporary DATA_DIR on `port` (a free one by default), in `cwd`
 * when given (the server serves the build in its working directory's dist/).
 */
export async function spawnServer(
  env: NodeJS.ProcessEnv = {},
  fixedPort?: number,
  cwd?: string,
): Promise<SpawnedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-spawn-'));
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, [path.resolve('src/server/main.ts')], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_REQUESTS: '0',
      // The demo match stays as seeded unless a caller asks it to move.
      DEMO_MATCH_PACE_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A first start seeds the demo data, which takes minutes on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (await healthy(url)) break;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error('server did not start in 180 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
