/**
 * A throwaway Redis for the suites that need one: Debian's redis-server on a free loopback port,
 * nothing saved to disk.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

/** Where Debian installs the server. */
export const REDIS_BIN = '/usr/bin/redis-server';

/** True when redis-server is installed. */
export const hasRedis = existsSync(REDIS_BIN);

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A running Redis: its URL and the process. */
export interface TestRedis {
  url: string;
  process: ChildProcess;
  stop: () => void;
}

/** Starts redis-server on a free port; resolves once it accepts connections. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child = spawn(
    REDIS_BIN,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100 && !(await accepts(port)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, process: child, stop: () => child.kill() };
}
