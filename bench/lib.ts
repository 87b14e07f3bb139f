/**
 * Shared benchmark helpers: a server in a child process (with the RTMP ingest when a benchmark
 * pushes lives), calls to its API, machine facts, result files, and a measurement run on each
 * database.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import postgres from 'postgres';
import { openDatabase, type Database } from '../src/server/db/index.ts';
import { mediaHookToken } from '../src/server/ingest/hooks.ts';
import { startIngest, type Ingest } from '../src/server/media/nginx.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { buildIsStale } from '../scripts/build-state.ts';
import { spawnServer, type SpawnedServer } from '../scripts/spawn-server.ts';

/** Builds the site when stale, then starts the server in its own process on `port`. */
export async function startBenchServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<SpawnedServer> {
  if (buildIsStale()) {
    const r = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
  return spawnServer({ NODE_ENV: 'development', ...env }, port);
}

/**
 * A bench server with the RTMP ingest in front of it, for benchmarks that push real lives: the
 * server starts on `port` with a fresh secret, its media under `mediaDir` and nginx's control
 * port, then nginx takes pushes on 127.0.0.1:`rtmpPort` and calls the server's hooks with the
 * token that secret gives (returned as `hookToken`, for another ingest that calls the hooks).
 * `env` adds to the server's environment.
 */
export async function startServerWithIngest(options: {
  port: number;
  rtmpPort: number;
  controlPort: number;
  mediaDir: string;
  env?: NodeJS.ProcessEnv;
}): Promise<{ server: SpawnedServer; ingest: Ingest; hookToken: string }> {
  const { port, rtmpPort, controlPort, mediaDir } = options;
  const secret = randomBytes(32).toString('hex');
  const server = await startBenchServer(port, {
    ...options.env,
    MEDIA_DIR: mediaDir,
    LOG_REQUESTS: '0',
    SECRET: secret,
    RTMP_CONTROL_PORT: String(controlPort),
  });
  const hookToken = mediaHookToken(secret);
  const ingest = await startIngest({
    mediaDir,
    rtmpHost: '127.0.0.1',
    rtmpPort,
    controlPort,
    hookBase: server.url,
    hookToken,
  });
  return { server, ingest, hookToken };
}

/**
 * A JSON POST to the site's API at `baseUrl` + `route` with `token` as the bearer (empty for a
 * guest): the `data` of the `{status, msg, data}` answer, or an error naming the route and `msg`
 * when `status` is not 0.
 */
export async function apiCall<T>(
  baseUrl: string,
  route: string,
  token: string,
  body: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; msg: string; data: T };
  if (json.status !== 0) throw new Error(`${route}: ${json.msg}`);
  return json.data;
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

/** Script files a page loads in Chromium once the network is idle, and their gzipped size. */
export async function shippedJs(
  url: string,
  route: string,
): Promise<{ files: number; gzipBytes: number }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  });
  await page.goto(url + route, { waitUntil: 'networkidle' });
  const all = await Promise.all(bodies);
  await browser.close();
  return {
    files: all.length,
    gzipBytes: all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
  };
}

/**
 * Runs `measure` on a fresh PGlite database on disk (as `npm start` uses it) and on a fresh
 * PostgreSQL database created on TEST_DATABASE_URL or DATABASE_URL and dropped afterwards;
 * BENCH_DB=pglite or BENCH_DB=postgres measures only that one. `name` marks the temporary folder.
 */
export async function onEachDatabase<R>(
  name: string,
  measure: (database: Database) => Promise<R>,
): Promise<R[]> {
  const only = process.env.BENCH_DB;
  const runs: R[] = [];
  if (only !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), `arena-bench-${name}-`));
    const database = await openDatabase({ dataDir: dir });
    try {
      runs.push(await measure(database));
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (only === 'pglite') return runs;
  if (!adminUrl) {
    console.warn('TEST_DATABASE_URL and DATABASE_URL are unset: PostgreSQL skipped.');
    return runs;
  }
  const dbName = `arena_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  try {
    const database = await openDatabase({ url: url.href });
    try {
      runs.push(await measure(database));
    } finally {
      await database.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  return runs;
}

/**
 * Runs in a page before its scripts (`page.addInitScript`): notes, as `window.firstFrameAt`,
 * when the page's script learns that the room's player presented its first frame (the video
 * frame callback, which runs on the page's main thread), and as `window.firstFramePresentedAt`
 * when the browser handed that frame to the screen (the callback's `presentationTime`: a video's
 * frames reach the screen without waiting for the main thread, so this can be earlier).
 */
export function noteFirstFrame(): void {
  const w = window as unknown as { firstFrameAt?: number; firstFramePresentedAt?: number };
  new MutationObserver((_, observer) => {
    const video = document.querySelector<HTMLVideoElement>('[data-player] video');
    if (!video) return;
    observer.disconnect();
    video.requestVideoFrameCallback((_now, metadata) => {
      w.firstFrameAt = performance.now();
      w.firstFramePresentedAt = metadata.presentationTime;
    });
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Mobile networks a page can be loaded over (Chromium's own network throttling, which delays each
 * request and shares the bandwidth, so it stands for the network's round trips and speed rather
 * than modelling TCP). The figures are the ones Chromium's developer tools offer as "Fast 4G" and
 * "Slow 4G" (the latter is Lighthouse's mobile default): a round trip of 60 and 150 ms taken as
 * 2.75 and 3.75 times that per request, and 90 % of 9 and 1.6 Mbit/s down, 1.5 and 0.75 up.
 */
export const NETWORKS = {
  fast4g: { latency: 165, down: 9_000, up: 1_500 },
  slow4g: { latency: 562.5, down: 1_600, up: 750 },
} as const;

export type NetworkName = keyof typeof NETWORKS;

/** The network named by BENCH_NETWORK (none: loopback as it is); throws on an unknown name. */
export function benchNetwork(): NetworkName | undefined {
  const name = process.env.BENCH_NETWORK;
  if (!name) return undefined;
  if (!(name in NETWORKS)) {
    throw new Error(`BENCH_NETWORK must be one of ${Object.keys(NETWORKS).join(', ')}`);
  }
  return name as NetworkName;
}

/** Loads `page` of `context` over network `name` from now on (nothing when undefined). */
export async function emulateNetwork(
  context: BrowserContext,
  page: Page,
  name: NetworkName | undefined,
): Promise<void> {
  if (!name) return;
  const { latency, down, up } = NETWORKS[name];
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    // Bytes a second, at 90 % of the line's speed.
    downloadThroughput: (down * 1000 * 0.9) / 8,
    uploadThroughput: (up * 1000 * 0.9) / 8,
  });
}
