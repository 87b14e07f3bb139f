/**
 * `npm run bench:latency`: glass-to-glass delay of a live broadcast. ffmpeg pushes a picture
 * whose top strip encodes the frame number in 16 black-or-white blocks (a clock: frame n leaves
 * at start + n / 25 s, paced by `-re`) to nginx-rtmp with an anchor's key; Chromium plays the
 * room through hls.js, and on every animation frame the page reads the strip off the shown video
 * frame. Delay = the wall clock when the frame is on screen − when ffmpeg sent it (ffmpeg's own
 * start-up counts against us). Runs the player's standard and low-latency settings, with the
 * keyframe interval anchors are told to use (2 s) and 1 s. Target: ≤ 4 s.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { apiCall, machine, saveResult, startServerWithIngest } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4415);
const RTMP_PORT = Number(process.env.BENCH_RTMP_PORT ?? 19390);
const CONTROL_PORT = Number(process.env.BENCH_RTMP_CONTROL_PORT ?? 19391);
const FPS = 25;
/** Seconds of measurement per case, after the player has caught up. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ANCHOR = '13900000017';
const TARGET_MS = 4_000;

interface Case {
  lowLatency: boolean;
  /** Keyframe interval in frames (ffmpeg -g). */
  gop: number;
}

const CASES: Case[] = [
  { lowLatency: false, gop: 50 },
  { lowLatency: true, gop: 50 },
  { lowLatency: true, gop: 25 },
];

/**
 * ffmpeg drawing the frame number as 16 bits (40 px blocks, white = 1) over a dark picture,
 * pushed live. Each block is a drawbox shown on the frames whose bit is set (cheap enough to run
 * far faster than real time, so `-re` keeps the clock).
 */
function pushClock(url: string, gop: number, seconds: number) {
  const bits = Array.from(
    { length: 16 },
    (_, i) =>
      `drawbox=x=${i * 40}:y=0:w=40:h=60:color=white:t=fill:enable='mod(floor(n/${2 ** i}),2)'`,
  );
  const strip = 'drawbox=x=0:y=0:w=640:h=60:color=black:t=fill';
  const source = `testsrc2=s=640x360:r=${FPS}:d=${seconds},${strip},${bits.join(',')}`;
  const started = Date.now();
  const child = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      source,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-b:v',
      '1500k',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(gop),
      '-f',
      'flv',
      url,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const done = new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  return { started, done, stop: () => child.kill('SIGINT') };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

const mediaDir = mkdtempSync(path.join(tmpdir(), 'arena-bench-media-'));
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
const results: (Case & { samples: number; p50: number; p95: number; min: number })[] = [];
try {
  const login = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account: ANCHOR,
      pwd: 'demo1234',
      platform: 0,
      login_type: 1,
      source_id: 10001,
    }),
  });
  const { token, id } = ((await login.json()) as { data: { token: string; id: number } }).data;
  const { stream } = await apiCall<{ stream: string }>(
    server.url,
    '/webapi/live/getStreamInfo',
    token,
    {},
  );

  for (const c of CASES) {
    await apiCall(server.url, '/webapi/live/startLive', token, {
      title: 'Latency clock',
      category: 3,
      cateid: 303,
      thumb_y: '/uploads/covers/clock.png',
    });
    const push = pushClock(`rtmp://127.0.0.1:${RTMP_PORT}/live/${stream}`, c.gop, SECONDS + 25);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript((low) => {
      localStorage.setItem('player:lowLatency', low ? '1' : '0');
    }, c.lowLatency);
    await page.goto(`${server.url}/liveMatchesTwo/${id}`);
    await page.locator('[data-player][data-state="playing"]').waitFor({ timeout: 60_000 });
    // Let the player settle at its live position before measuring.
    await page.waitForTimeout(8_000);
    const shown = await page.evaluate(
      ({ ms }) =>
        new Promise<{ frame: number; at: number }[]>((resolve) => {
          const video = document.querySelector<HTMLVideoElement>('[data-player] video')!;
          const canvas = document.createElement('canvas');
          canvas.width = 640;
          canvas.height = 360;
          const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
          const out: { frame: number; at: number }[] = [];
          const end = performance.now() + ms;
          const tick = () => {
            ctx.drawImage(video, 0, 0, 640, 360);
            const row = ctx.getImageData(0, 30, 640, 1).data;
            let frame = 0;
            for (let bit = 0; bit < 16; bit++) {
              if (row[(bit * 40 + 20) * 4]! > 128) frame |= 1 << bit;
            }
            out.push({ frame, at: Date.now() });
            if (performance.now() < end) requestAnimationFrame(tick);
            else resolve(out);
          };
          requestAnimationFrame(tick);
        }),
      { ms: SECONDS * 1000 },
    );
    await page.close();
    push.stop();
    await push.done;
    await apiCall(server.url, '/webapi/live/endLive', token, {});
    // The next case starts from an empty playlist, not after this one's fragments.
    await new Promise((r) => setTimeout(r, 2_000));
    for (const file of readdirSync(path.join(mediaDir, 'hls'))) {
      if (file.startsWith(`${id}`)) rmSync(path.join(mediaDir, 'hls', file), { force: true });
    }
    // One sample per distinct frame, at the moment it first appeared.
    const seen = new Set<number>();
    const delays: number[] = [];
    for (const s of shown) {
      if (seen.has(s.frame)) continue;
      seen.add(s.frame);
      delays.push(s.at - (push.started + (s.frame * 1000) / FPS));
    }
    delays.sort((a, b) => a - b);
    const result = {
      ...c,
      samples: delays.length,
      p50: Math.round(percentile(delays, 50)),
      p95: Math.round(percentile(delays, 95)),
      min: Math.round(delays[0] ?? NaN),
    };
    results.push(result);
    console.log(JSON.stringify(result));
  }
} finally {
  await browser.close();
  await ingest.stop();
  await server.stop();
  rmSync(mediaDir, { recursive: true, force: true });
}

console.log(
  [
    `Glass-to-glass delay, RTMP push → nginx-rtmp (1 s HLS fragments) → hls.js in Chromium; ` +
      `${SECONDS} s per case; ${machine()}`,
    '',
    '| player setting | keyframe interval | p50 ms | p95 ms | min ms | target |',
    '| -------------- | ----------------: | -----: | -----: | -----: | -----: |',
    ...results.map(
      (r) =>
        `| ${r.lowLatency ? 'low latency' : 'standard'} | ${r.gop / FPS} s | ${r.p50} | ${r.p95} | ${r.min} | ≤ ${TARGET_MS} |`,
    ),
  ].join('\n'),
);
saveResult('latency', { date: new Date().toISOString(), machine: machine(), results });
