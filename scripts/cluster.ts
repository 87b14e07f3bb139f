/**
 * `npm run cluster`: the whole site from several processes on one machine, as a deployment on
 * several machines would run it. Starts a throwaway PostgreSQL and Redis (unless DATABASE_URL
 * and REDIS_URL name running ones), migrates and seeds the database once, starts
 * CLUSTER_PROCESSES app processes (default 2) on loopback ports and Debian's nginx in front of
 * them on PORT (default 4321). An app process that dies is started again; Ctrl-C stops
 * everything and removes what was throwaway.
 *
 * Prints one JSON line `{"event":"cluster_ready", url, apps: [{port, pid}], ...}` once the
 * balancer answers, and `app_exited` / `app_restarted` lines as processes come and go.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale } from './build-state.ts';
import { BALANCER_ADDRESS, startBalancer } from './cluster/balancer.ts';
import {
  freePort,
  startPostgres,
  startRedisServer,
  stopChild,
  waitForPort,
  type Service,
} from './cluster/services.ts';

/** Restarts of one app within a minute before the cluster gives up on it. */
const MAX_RESTARTS_PER_MINUTE = 5;

function say(event: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields })}\n`);
}

function whole(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    console.error(`Bad ${name}: ${raw} (a whole number from ${min} to ${max})`);
    process.exit(2);
  }
  return value;
}

const processes = whole('CLUSTER_PROCESSES', 2, 1, 32);
const port = whole('PORT', 4321, 1, 65535);
const host = process.env.HOST || '0.0.0.0';

if (buildIsStale()) {
  process.stdout.write('Building the site (sources changed or no build yet)...\n');
  const result = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const runDir = mkdtempSync(path.join(tmpdir(), 'arena-cluster-'));
const started: Service[] = [];
const apps: { port: number; child: ChildProcess; restarts: number[] }[] = [];
let stopping = false;
let balancerStop: (() => Promise<void>) | undefined;

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('cluster_stopping');
    await balancerStop?.();
    await Promise.all(apps.map((app) => stopChild(app.child, 'SIGTERM')));
    for (const service of started.reverse()) await service.stop().catch(() => undefined);
    rmSync(runDir, { recursive: true, force: true });
    say('cluster_stopped');
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  let databaseUrl = process.env.DATABASE_URL || undefined;
  if (!databaseUrl) {
    const postgres = await startPostgres();
    started.push(postgres);
    databaseUrl = postgres.url;
  }
  let redisUrl = process.env.REDIS_URL || undefined;
  if (!redisUrl) {
    const redis = await startRedisServer();
    started.push(redis);
    redisUrl = redis.url;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: process.env.DATA_DIR || path.join(runDir, 'data'),
    HOST: '127.0.0.1',
    TRUST_PROXY: BALANCER_ADDRESS,
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
  };

  // Migrations, the demo seed and the shared secret, once, before any app starts.
  const prepared = spawnSync(process.execPath, ['scripts/cluster/prepare.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (prepared.status !== 0) throw new Error('preparing the database failed');

  const startApp = (appPort: number): ChildProcess => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...env, PORT: String(appPort) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (exitCode, signal) => {
      if (stopping) return;
      const app = apps.find((a) => a.child === child);
      if (!app) return;
      say('app_exited', { port: appPort, pid: child.pid, code: exitCode, signal });
      const now = Date.now();
      app.restarts = app.restarts.filter((t) => t > now - 60_000);
      if (app.restarts.length >= MAX_RESTARTS_PER_MINUTE) {
        say('app_given_up', { port: appPort });
        return;
      }
      app.restarts.push(now);
      setTimeout(() => {
        if (stopping) return;
        app.child = startApp(appPort);
        say('app_restarted', { port: appPort, pid: app.child.pid });
      }, 1000);
    });
    return child;
  };
  for (let i = 0; i < processes; i++) {
    const appPort = await freePort();
    apps.push({ port: appPort, child: startApp(appPort), restarts: [] });
  }
  for (const app of apps) await waitForPort(app.port, `app on ${app.port}`, 120_000);

  const balancer = startBalancer({
    dir: path.join(runDir, 'nginx'),
    host,
    port,
    apps: apps.map((a) => a.port),
    perAddress: whole('MAX_SOCKETS_PER_IP', 256, 1, 1_000_000),
    bodyMb: 12,
  });
  balancerStop = balancer.stop;
  balancer.process.once('exit', (code) => {
    if (!stopping) {
      say('balancer_exited', { code });
      void stopAll(1);
    }
  });
  await waitForPort(port, 'nginx');
  say('cluster_ready', {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    apps: apps.map((a) => ({ port: a.port, pid: a.child.pid })),
    // A throwaway database has no password: its URL is printed for scripts and tests.
    ...(process.env.DATABASE_URL ? { database: 'given' } : { database_url: databaseUrl }),
    redis: process.env.REDIS_URL ? 'given' : 'throwaway',
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}
