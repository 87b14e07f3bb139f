/**
 * `npm run bench:room`: how soon a live room shows video. Chromium opens a room BENCH_LOADS times
 * (default 10, a fresh browser context each, so nothing is cached) and reads, relative to the
 * navigation's start: the document ready (DOMContentLoaded), the player's first request for the
 * playlist and for a media segment, and the first video frame painted (requestVideoFrameCallback
 * on the player's video: when the page's main thread runs it, and the frame's own presentation
 * time, when the browser handed it to the screen). Two rooms: one playing the committed demo
 * clip, and one whose anchor pushes a real RTMP live (ffmpeg, 1 s keyframes) through the ingest.
 * Target: first frame median under 600 ms on loopback. BENCH_NETWORK=fast4g or slow4g loads the
 * rooms over a mobile network instead (Chromium's throttling; the target is for loopback).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import {
  apiCall,
  benchNetwork,
  emulateNetwork,
  machine,
  noteFirstFrame,
  saveResult,
  startServerWithIngest,
} from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4416);
const RTMP_PORT = Number(process.env.BENCH_RTMP_PORT ?? 19392);
const CONTROL_PORT = Number(process.env.BENCH_RTMP_CONTROL_PORT ?? 19393);
const LOADS = Number(process.env.BENCH_LOADS ?? 10);
/** A room playing the demo clip (its anchor is not pushing). */
const DEMO_ROOM = 100003;
/** The anchor who pushes the RTMP case. */
const ANCHOR = '13900000017';
const TARGET_MS = 600;
/** BENCH_NETWORK=fast4g or slow4g: every load over that mobile network (lib.ts NETWORKS). */
const NETWORK = benchNetwork();

/** One load's milestones, in ms after navigation start. */
interface Load {
  ready: number;
  playlist: number;
  segment: number;
  frame: number;
  /** When the browser handed that frame to the screen (see noteFirstFrame). */
  presented: number;
}

/** Opens `url` once in a fresh context and reads its milestones. */
async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await emulateNetwork(context, page, NETWORK);
  // Installed before any page script: the first frame of whichever video the player creates.
  await page.addInitScript(noteFirstFrame);
  await page.goto(url);
  await page.waitForFunction(() => (window as { firstFrameAt?: number }).firstFrameAt, null, {
    timeout: 30_000,
    polling: 50,
  });
  const load = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource');
    const first = (test: RegExp) =>
      resources.find((r) => test.test(new URL(r.name).pathname))?.startTime ?? NaN;
    return {
      ready: nav.domContentLoadedEventEnd,
      playlist: first(/\.m3u8$/),
      segment: first(/\.(ts|m4s|mp4)$/),
      frame: (window as { firstFrameAt?: number }).firstFrameAt ?? NaN,
      presented: (window as { firstFramePresentedAt?: number }).firstFramePresentedAt ?? NaN,
    };
  });
  await context.close();
  return load;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

/** p50 and p95 of each milestone over `loads`. */
function summary(name: string, loads: Load[]) {
  const keys = ['ready', 'playlist', 'segment', 'frame', 'presented'] as const;
  const stats = Object.fromEntries(
    keys.map((k) => {
      const values = loads.map((l) => l[k]);
      return [
        k,
        { p50: Math.round(percentile(values, 50)), p95: Math.round(percentile(values, 95)) },
      ];
    }),
  ) as Record<(typeof keys)[number], { p50: number; p95: number }>;
  return { name, loads: loads.length, ...stats };
}

const mediaDir = mkdtempSync(path.join(tmpdir(), 'arena-bench-room-'));
const { server, ingest } = await startServerWithIngest({
  port: PORT,
  rtmpPort: RTMP_PORT,
  controlPort: CONTROL_PORT,
  mediaDir,
});
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
});

const results: ReturnType<typeof summary>[] = [];
try {
  // One warm-up load (the server's first page render, Chromium's first start), not counted.
  await loadOnce(browser, `${server.url}/liveMatchesTwo/${DEMO_ROOM}`);
  const demo: Load[] = [];
  for (let i = 0; i < LOADS; i++) {
    demo.push(await loadOnce(browser, `${server.url}/liveMatchesTwo/${DEMO_ROOM}`));
  }
  results.push(summary('demo clip', demo));

  const login = await apiCall<{ token: string; id: number }>(server.url, '/api/user/login', '', {
    account: ANCHOR,
    pwd: 'demo1234',
    platform: 0,
    login_type: 1,
    source_id: 10001,
  });
  const { stream } = await apiCall<{ stream: string }>(
    server.url,
    '/webapi/live/getStreamInfo',
    login.token,
    {},
  );
  await apiCall(server.url, '/webapi/live/startLive', login.token, {
    title: 'First frame',
    category: 3,
    cateid: 303,
    thumb_y: '/demo/covers-v/dota2-1.webp',
  });
  const push = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi'],
      ...['-i', 'testsrc2=s=1280x720:r=25', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-tune', 'zerolatency', '-b:v', '2000k', '-pix_fmt', 'yuv420p', '-g', '25'],
      ...['-f', 'flv', `rtmp://127.0.0.1:${RTMP_PORT}/live/${stream}`],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    // A few seconds of playlist before the first viewer, as a room someone opens mid-live.
    await new Promise((r) => setTimeout(r, 6_000));
    const live: Load[] = [];
    for (let i = 0; i < LOADS; i++) {
      live.push(await loadOnce(browser, `${server.url}/liveMatchesTwo/${login.id}`));
    }
    results.push(summary('RTMP live', live));
  } finally {
    push.kill('SIGINT');
    await apiCall(server.url, '/webapi/live/endLive', login.token, {}).catch(() => {});
  }
} finally {
  await browser.close();
  await ingest.stop();
  await server.stop();
}

console.log(
  `\nbench:room on ${machine()}, ${new Date().toISOString()}` +
    (NETWORK ? `, over ${NETWORK}` : ''),
);
console.log('ms after navigation start (p50 / p95):');
for (const r of results) {
  const cell = (s: { p50: number; p95: number }) => `${s.p50} / ${s.p95}`.padEnd(12);
  console.log(
    `  ${r.name.padEnd(10)} ready ${cell(r.ready)} playlist ${cell(r.playlist)} ` +
      `segment ${cell(r.segment)} first frame ${cell(r.frame)} ` +
      `(handed to the screen ${cell(r.presented)}) ` +
      (NETWORK ? '' : `${r.frame.p50 <= TARGET_MS ? 'meets' : 'misses'} ${TARGET_MS} ms`),
  );
}
console.log(
  `results: ${saveResult('room', { machine: machine(), at: new Date(), network: NETWORK, results })}`,
);
