/** Shared benchmark helpers: a server in a child process, machine facts, result files. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { buildIsStale } from '../scripts/build-state.ts';

/** A server started for a benchmark. */
export interface BenchServer {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Builds when stale, then starts `src/server/main.ts` on `port` with a fresh DATA_DIR. */
export async function startBenchServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<BenchServer> {
  if (buildIsStale()) {
    const r = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-bench-'));
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_REQUESTS: '0',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU model, cores and memory of this machine. */
export function machine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${cpu}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** Writes a result file under bench/results. */
export function saveResult(name: string, data: unknown): string {
  const dir = path.resolve('bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}
