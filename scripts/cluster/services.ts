/**
 * The cluster's throwaway PostgreSQL and Redis: Debian's packages, data in a temporary folder,
 * loopback only, gone when the cluster stops. Given DATABASE_URL or REDIS_URL, the cluster uses
 * those instead and starts nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A service this script started: where it listens and how to stop it. */
export interface Service {
  url: string;
  stop: () => Promise<void>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `port` on loopback accepts connections; throws after `timeoutMs`. */
export async function waitForPort(port: number, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not open port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The newest PostgreSQL server binaries Debian installed, or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
}

/** PostgreSQL refuses to run as root: root runs it as the `postgres` user Debian creates. */
function postgresUser(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Starts a throwaway PostgreSQL (initdb, trust on loopback) and answers its URL. */
export async function startPostgres(): Promise<Service> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const user = postgresUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-cluster-pg-'));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'],
    { encoding: 'utf8', cwd: dir, ...user },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const child = spawn(
    path.join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'],
    { stdio: ['ignore', 'ignore', 'inherit'], cwd: dir, ...user },
  );
  await waitForPort(port, 'PostgreSQL');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      // SIGINT: PostgreSQL's fast shutdown (transactions rolled back, data written).
      await stopChild(child, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts a throwaway Redis (nothing saved to disk) and answers its URL. */
export async function startRedisServer(): Promise<Service> {
  const bin = '/usr/bin/redis-server';
  if (!existsSync(bin)) throw new Error('Redis is not installed (apt-get install redis-server)');
  const port = await freePort();
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForPort(port, 'Redis');
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child, 'SIGTERM') };
}

/** Sends `signal` and waits for the exit (SIGKILL after 10 s). */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exit;
  clearTimeout(timer);
}
