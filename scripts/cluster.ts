/**
 * `npm run cluster`: the whole site from several processes on one machine, as a deployment on
 * several machines would run it. Starts a throwaway PostgreSQL and Redis (unless DATABASE_URL
 * and REDIS_URL name running ones), migrates and seeds the database once, starts
 * CLUSTER_PROCESSES app processes (default 2) on loopback ports and Debian's nginx in front of
 * them on PORT (default 4321). With CLUSTER_INGESTS=<n> (default 0) it also runs n ingest
 * machines i1, i2, ... (scripts/cluster/ingests.ts), each a media process and an app process
 * beside it with its own data folder and ports, and the balancer passes `/ingest/<name>/` to
 * that app. Every process shares one SECRET, the database, Redis and the bucket settings
 * (STORAGE_S3_*) given in the environment. A process that dies is started again; Ctrl-C stops
 * everything and removes what was throwaway.
 *
 * Prints one JSON line `{"event":"cluster_ready", url, apps: [{port, pid}], ingests: [{name,
 * port, rtmp_port, pid, data_dir}], ...}` once the balancer answers, and `app_exited` /
 * `app_restarted` (an ingest's with its `ingest` name) and `media_exited` /
 * `media_restarted` lines as processes come and go.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale } from './build-state.ts';
import { BALANCER_ADDRESS, startBalancer } from './cluster/balancer.ts';
import { ingestEnv, ingestsSetting, planIngests, type ClusterIngest } from './cluster/ingests.ts';
import {
  freePort,
  startPostgres,
  startRedisServer,
  stopChild,
  waitForPort,
  type Service,
} from './cluster/services.ts';
import { say, supervise, type Supervised } from './cluster/supervise.ts';

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
const ingestCount = whole('CLUSTER_INGESTS', 0, 0, 8);
const port = whole('PORT', 4321, 1, 65535);
const host = process.env.HOST || '0.0.0.0';

if (buildIsStale()) {
  process.stdout.write('Building the site (sources changed or no build yet)...\n');
  const result = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const runDir = mkdtempSync(path.join(tmpdir(), 'arena-cluster-'));
const started: Service[] = [];
const apps: (Supervised & { port: number })[] = [];
const ingests: (ClusterIngest & { app: Supervised; media: Supervised })[] = [];
let stopping = false;
let balancerStop: (() => Promise<void>) | undefined;

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('cluster_stopping');
    await balancerStop?.();
    await Promise.all(
      [...apps, ...ingests.flatMap((i) => [i.app, i.media])].map((p) =>
        stopChild(p.child, 'SIGTERM'),
      ),
    );
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
  const planned = await planIngests(ingestCount, runDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(planned.length > 0 ? { INGESTS: ingestsSetting(planned) } : {}),
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
  // Ingest machines have data folders of their own: the secret prepare.ts kept in the shared
  // one is handed to every process, so they all sign and check alike.
  if (!env.SECRET) env.SECRET = readFileSync(path.join(env.DATA_DIR!, 'secret'), 'utf8').trim();

  const node = (script: string, childEnv: NodeJS.ProcessEnv) => () =>
    spawn(process.execPath, [script], { env: childEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  const isStopping = () => stopping;
  for (let i = 0; i < processes; i++) {
    const appPort = await freePort();
    const appEnv = { ...env, PORT: String(appPort) };
    const app = supervise('app', { port: appPort }, node('src/server/main.ts', appEnv), isStopping);
    apps.push(Object.assign(app, { port: appPort }));
  }
  for (const ingest of planned) {
    const fields = { ingest: ingest.name, port: ingest.port };
    const machineEnv = ingestEnv(env, ingest);
    ingests.push({
      ...ingest,
      media: supervise('media', fields, node('scripts/media.ts', machineEnv), isStopping),
      app: supervise('app', fields, node('src/server/main.ts', machineEnv), isStopping),
    });
  }
  for (const app of apps) await waitForPort(app.port, `app on ${app.port}`, 120_000);
  for (const ingest of ingests) {
    await waitForPort(ingest.port, `ingest ${ingest.name}'s app`, 120_000);
    await waitForPort(ingest.rtmpPort, `ingest ${ingest.name}'s RTMP`, 30_000);
  }

  const balancer = startBalancer({
    dir: path.join(runDir, 'nginx'),
    host,
    port,
    apps: apps.map((a) => a.port),
    ingests: ingests.map((i) => ({ name: i.name, app: i.port })),
    bind: BALANCER_ADDRESS,
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
    ingests: ingests.map((i) => ({
      name: i.name,
      port: i.port,
      rtmp_port: i.rtmpPort,
      pid: i.app.child.pid,
      data_dir: i.dataDir,
    })),
    // A throwaway database has no password: its URL is printed for scripts and tests.
    ...(process.env.DATABASE_URL ? { database: 'given' } : { database_url: databaseUrl }),
    redis: process.env.REDIS_URL ? 'given' : 'throwaway',
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}
