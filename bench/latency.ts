/**
 * `npm run bench:latency`: glass-to-glass delay of a live broadcast. ffmpeg draws a picture
 * whose top strip encodes the frame number in 16 black-or-white blocks (a clock: frame n leaves
 * at start + n / 25 s, paced by `-re`; see latency-clock.ts) and pushes it with an anchor's key;
 * Chromium plays the room, and on every animation frame the page reads the strip off the shown
 * video frame. Delay = the wall clock when the frame is on screen − when ffmpeg sent it
 * (ffmpeg's own start-up counts against us).
 *
 * BENCH_CASES picks the groups to run (comma-separated, all by default):
 * - `rtmp`: RTMP push to nginx-rtmp, played through hls.js with the player's standard and
 *   low-latency settings, with the keyframe interval anchors are told to use (2 s) and 1 s.
 *   Target: ≤ 4 s.
 * - `webrtc`: WHIP push to the WebRTC ingest (its own process), played over WHEP and over HLS
 *   (latency-webrtc.ts, which says what plays each case). Target: WHEP p50 ≤ 500 ms.
 * - `cpu`: the WebRTC ingest's CPU per published stream and per WHEP viewer, and the viewers
 *   one process carries (latency-webrtc-cpu.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WEBRTC_LOOPBACK_ARGS } from '../scripts/chromium.ts';
import {
  busySince,
  clockDue,
  clockSource,
  delays,
  FPS,
  machineTicks,
  readShown,
  x264Args,
  type Delays,
} from './latency-clock.ts';
import {
  endLiveAndClean,
  openLive,
  startClockLive,
  waitForPlaylist,
  type Live,
} from './latency-live.ts';
import {
  runWebRtcCase,
  startIngestProcess,
  WEBRTC_CASES,
  WEBRTC_GOP,
  type IngestProcess,
  type WebRtcResult,
} from './latency-webrtc.ts';
import { runCpuCases, type CpuResult } from './latency-webrtc-cpu.ts';
import { machine, saveResult, startServerWithIngest } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4415);
const RTMP_PORT = Number(process.env.BENCH_RTMP_PORT ?? 19390);
const CONTROL_PORT = Number(process.env.BENCH_RTMP_CONTROL_PORT ?? 19391);
const WEBRTC_PORT = Number(process.env.BENCH_WEBRTC_PORT ?? 19394);
/** Seconds of measurement per case, after the player has caught up. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Seconds of each CPU window. */
const CPU_SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 15);
/** WHEP viewers of each CPU step (BENCH_VIEWER_STEPS, comma-separated). */
const VIEWER_STEPS = (process.env.BENCH_VIEWER_STEPS ?? '1,10,25,50').split(',').map(Number);
const SETTLE_MS = 8_000;
const ANCHOR = '13900000017';
const TARGET_MS = 4_000;
const WHEP_TARGET_MS = 500;
const GROUPS = (process.env.BENCH_CASES ?? 'rtmp,webrtc,cpu').split(',').map((g) => g.trim());

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

/** ffmpeg pushing the clock live over RTMP to `url`. */
function pushClock(url: string, gop: number, seconds: number) {
  const source = clockSource(seconds);
  const started = Date.now();
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', source],
      ...x264Args(gop),
      ...['-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const done = new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  return { started, done, stop: () => child.kill('SIGINT') };
}

/** The machine's 1-minute load average at the start and at the end (other jobs show there). */
const load = [loadavg()[0]!];
const mediaDir = mkdtempSync(path.join(tmpdir(), 'arena-bench-media-'));
const { server, ingest, hookToken } = await startServerWithIngest({
  port: PORT,
  rtmpPort: RTMP_PORT,
  controlPort: CONTROL_PORT,
  mediaDir,
  // The site passes /whip and /whep through to this port.
  env: { WEBRTC_PORT: String(WEBRTC_PORT) },
});
let webrtc: IngestProcess | undefined;
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, ...WEBRTC_LOOPBACK_ARGS, '--autoplay-policy=no-user-gesture-required'],
});
const results: (Case & Delays & { busy: number })[] = [];
const webrtcResults: WebRtcResult[] = [];
let cpu: CpuResult | undefined;
try {
  const live: Live = await openLive(server.url, ANCHOR, mediaDir);
  if (GROUPS.includes('webrtc') || GROUPS.includes('cpu')) {
    webrtc = await startIngestProcess({
      port: WEBRTC_PORT,
      hookBase: server.url,
      hookToken,
      rtmpPort: RTMP_PORT,
    });
  }

  for (const c of GROUPS.includes('rtmp') ? CASES : []) {
    await startClockLive(live, false);
    const push = pushClock(
      `rtmp://127.0.0.1:${RTMP_PORT}/live/${live.stream}`,
      c.gop,
      SECONDS + 40,
    );
    // The room is opened once it is live, as in the WebRTC cases.
    await waitForPlaylist(live);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript((low) => {
      localStorage.setItem('player:lowLatency', low ? '1' : '0');
    }, c.lowLatency);
    await page.goto(`${server.url}/liveMatchesTwo/${live.anchorId}`);
    await page.locator('[data-player][data-state="playing"]').waitFor({ timeout: 60_000 });
    // Let the player settle at its live position before measuring.
    await page.waitForTimeout(SETTLE_MS);
    const ticks = machineTicks();
    const shown = await readShown(page, '[data-player] video', SECONDS);
    const busy = busySince(ticks);
    await page.close();
    push.stop();
    await push.done;
    await endLiveAndClean(live);
    const result = { ...c, ...delays(shown, clockDue(push.started)), busy };
    results.push(result);
    console.log(JSON.stringify(result));
  }

  for (const c of GROUPS.includes('webrtc') ? WEBRTC_CASES : []) {
    const result = await runWebRtcCase(browser, live, c, {
      seconds: SECONDS,
      settleMs: SETTLE_MS,
    });
    webrtcResults.push(result);
    console.log(JSON.stringify(result));
  }

  if (webrtc && GROUPS.includes('cpu')) {
    cpu = await runCpuCases(live, webrtc, { seconds: CPU_SECONDS, steps: VIEWER_STEPS });
  }
} finally {
  await browser.close();
  await webrtc?.stop();
  await ingest.stop();
  await server.stop();
  rmSync(mediaDir, { recursive: true, force: true });
}

load.push(loadavg()[0]!);
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
const date = new Date().toISOString();
const loadText = load.map((l) => l.toFixed(1)).join(' → ');
console.log(
  `${date}; ${machine()}; load average ${loadText}; ` +
    `${SECONDS} s per latency case after ${SETTLE_MS / 1000} s\n`,
);
if (results.length > 0) {
  console.log(
    [
      'RTMP push → nginx-rtmp (1 s HLS fragments) → hls.js in Chromium',
      '',
      '| player setting | keyframe interval | frames | p50 ms | p95 ms | min ms | machine busy | target |',
      '| -------------- | ----------------: | -----: | -----: | -----: | -----: | -----------: | -----: |',
      ...results.map(
        (r) =>
          `| ${r.lowLatency ? 'low latency' : 'standard'} | ${r.gop / FPS} s | ${r.samples} | ` +
          `${r.p50} | ${r.p95} | ${r.min} | ${pct(r.busy)} | ≤ ${TARGET_MS} |`,
      ),
      '',
    ].join('\n'),
  );
  saveResult('latency', { date, machine: machine(), load, seconds: SECONDS, results });
}
if (webrtcResults.length > 0 || cpu) {
  const lines = [
    `WHIP push (640x360 H.264 1.5 Mb/s, ${WEBRTC_GOP / FPS} s keyframes, Opus 48 kb/s) → ` +
      'the WebRTC ingest → WHEP, or → nginx-rtmp → HLS',
  ];
  if (webrtcResults.length > 0) {
    lines.push(
      '',
      '| path | player setting | player mode | frames | packets | p50 ms | p95 ms | min ms | sent late ms video / audio | after send p50 / p95 ms | jitter buffer video (network) / audio ms | machine busy |',
      '| ---- | -------------- | ----------- | -----: | ------: | -----: | -----: | -----: | -------------------------: | ----------------------: | ---------------------------------------: | -----------: |',
      ...webrtcResults.map(
        (r) =>
          `| ${r.name} | ${r.lowLatency ? 'low latency' : 'standard'} | ${r.mode} | ` +
          `${r.samples} | ${r.packets} | ${r.p50} | ${r.p95} | ${r.min} | ${r.sendLagMs} / ${r.audioSendLagMs} | ` +
          `${r.afterSend.p50} / ${r.afterSend.p95} | ` +
          `${r.jitterBuffer ? `${r.jitterBuffer.video} (${r.jitterBuffer.videoNetwork}) / ${r.jitterBuffer.audio}` : '-'} | ` +
          `${pct(r.busy)} |`,
      ),
      '',
      'Sent late: median time from when a frame was due (spawn + n / 25 s) to when its last RTP ' +
        'packet left ffmpeg (its start-up and encoding), counted in every delay, as in the RTMP ' +
        'cases (audio: the same for the sound, due by its RTP time); after send: the delays from ' +
        'when each frame left ffmpeg instead. Jitter buffer: ' +
        "Chromium's mean delay in its video jitter buffer (in brackets the part the network's " +
        'jitter needed; the rest keeps the picture in step with the sound) and audio jitter ' +
        'buffer (getStats), WHEP only.',
    );
  }
  const whep = webrtcResults.find((r) => r.name === 'WHIP → WHEP');
  if (whep) {
    const met = whep.p50 <= WHEP_TARGET_MS ? 'met' : 'NOT met';
    lines.push('', `Target WHEP p50 ≤ ${WHEP_TARGET_MS} ms: ${met} (${whep.p50} ms).`);
  }
  if (cpu) {
    lines.push(
      '',
      `CPU (share of one core, ${cpu.seconds} s windows), werift WHEP viewers in one process:`,
      '',
      '| WHEP viewers | ingest | forward ffmpeg | viewers process | machine busy | packets/s in | delivered min / mean | lost max |',
      '| -----------: | -----: | -------------: | --------------: | -----------: | -----------: | -------------------: | -------: |',
      ...cpu.steps.map(
        (s) =>
          `| ${s.viewers} | ${pct(s.ingest)} | ${pct(s.forward)} | ${pct(s.viewerProcess)} | ` +
          `${pct(s.machine)} | ${Math.round(s.publishedPerSecond)} | ` +
          `${s.viewers ? `${pct(s.deliveredMin)} / ${pct(s.deliveredMean)}` : '-'} | ${s.lostMax} |`,
      ),
      '',
      `Per published stream: ingest ${pct(cpu.perStream)}, forward ffmpeg ${pct(cpu.forwardPerStream)}; ` +
        `per WHEP viewer: ingest ${pct(cpu.perViewer)}; one process carries ${cpu.carried.viewers} ` +
        `viewers (${cpu.carried.limit}).`,
    );
  }
  console.log(lines.join('\n'));
  // One file per group, so a run of one group leaves the other's last results in place.
  const about = { date, machine: machine(), load };
  if (webrtcResults.length > 0) {
    saveResult('latency-webrtc', { ...about, seconds: SECONDS, cases: webrtcResults });
  }
  if (cpu) saveResult('latency-webrtc-cpu', { ...about, ...cpu });
}
