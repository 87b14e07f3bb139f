/**
 * `npm run bench:media`: what the quality ladder costs. A 1080p30 and a 720p30 test pattern
 * (1 s keyframes, AAC tone; encoded once beforehand so the push itself costs nothing) are pushed
 * in real time (`-re -c copy`) to nginx-rtmp for BENCH_SECONDS (20), and the transcoder command
 * the supervisor runs (transcodeArgs: 1080p → 720p + 480p, 720p → 480p) pulls each from the
 * ingest with every preset it offers. Its CPU time (user + system, read by the shell that runs
 * it) over the seconds of video it made gives CPU seconds per second of video; from that, how
 * many lives this machine can transcode in real time, and the default MEDIA_TRANSCODE_MAX (the
 * 1080p ladder at the default preset on three quarters of the cores, leaving the rest to nginx,
 * the site and the sources).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startIngest } from '../src/server/media/nginx.ts';
import {
  DEFAULT_PRESET,
  ladderFor,
  PRESETS,
  transcodeArgs,
  type Preset,
} from '../src/server/media/ladder/plan.ts';
import { FFMPEG_BIN } from '../src/server/media/ladder/supervisor.ts';
import { machine, saveResult } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RTMP_PORT = Number(process.env.BENCH_RTMP_PORT ?? 19395);
const FPS = 30;
/** Share of the cores the ladder may use by default. */
const LADDER_SHARE = 0.75;
const SOURCES = [
  { width: 1920, height: 1080, kbps: 6000 },
  { width: 1280, height: 720, kbps: 3000 },
];

/** One measured case. */
interface Result {
  source: string;
  ladder: string;
  preset: Preset;
  videoSeconds: number;
  cpuSeconds: number;
  cpuPerVideoSecond: number;
  /** Lives of this kind the machine's cores could transcode in real time. */
  livesRealTime: number;
}

/** The test pattern `height` tall, encoded once into `file`. */
function makeSource(file: string, source: (typeof SOURCES)[number]): void {
  // prettier-ignore
  execFileSync(FFMPEG_BIN, [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${source.width}x${source.height}:rate=${FPS}:duration=${SECONDS + 4}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS + 4}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', `${source.kbps}k`, '-pix_fmt', 'yuv420p',
    '-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0',
    '-c:a', 'aac', '-f', 'flv', file,
  ]);
}

/** Seconds from `M m S s` as the shell's `times` prints them. */
function shellSeconds(text: string): number {
  const match = /(\d+)m([\d.]+)s/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

/** Waits until `file` exists. */
async function waitFor(file: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`no ${file} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Pushes `flv` live and runs the transcoder on it; resolves with its cost. */
function runCase(
  dir: string,
  flv: string,
  source: (typeof SOURCES)[number],
  preset: Preset,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const name = `${source.height}0${PRESETS.indexOf(preset)}`;
    const outDir = path.join(dir, 'out', name);
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const url = `rtmp://127.0.0.1:${RTMP_PORT}/live/${name}`;
    // prettier-ignore
    const push = spawn(FFMPEG_BIN, [
      '-v', 'error', '-re', '-i', flv, '-t', String(SECONDS), '-c', 'copy', '-f', 'flv', url,
    ], { stdio: ['ignore', 'ignore', 'inherit'] });
    const heights = ladderFor(source.height);
    void waitFor(path.join(dir, 'hls', `${name}.m3u8`)).then(() => {
      const args = transcodeArgs({ input: url, outDir, heights, preset, source });
      const started = Date.now();
      // The shell reports its children's CPU time once ffmpeg has exited.
      const shell = spawn('/bin/sh', ['-c', '"$0" "$@"; times', FFMPEG_BIN, ...args], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      shell.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      shell.once('exit', () => {
        const wall = (Date.now() - started) / 1000;
        const [, children = ''] = out.trim().split('\n');
        const [user = '', system = ''] = children.trim().split(/\s+/);
        const cpuSeconds = shellSeconds(user) + shellSeconds(system);
        // The input is live: ffmpeg made as many seconds of video as it ran, less its start-up.
        const videoSeconds = Math.min(wall, playlistSeconds(outDir, heights[0]!, wall));
        const cost = cpuSeconds / videoSeconds;
        resolve({
          source: `${source.height}p${FPS}`,
          ladder: heights.map((h) => `${h}p`).join(' + '),
          preset,
          videoSeconds: round(videoSeconds),
          cpuSeconds: round(cpuSeconds),
          cpuPerVideoSecond: round(cost, 3),
          livesRealTime: Math.floor(cpus().length / cost),
        });
      });
    }, reject);
    push.once('error', reject);
  });
}

/** Seconds of video the transcoder wrote: its last segment's number plus one, times 1 s. */
function playlistSeconds(outDir: string, height: number, fallback: number): number {
  const file = path.join(outDir, `${height}.m3u8`);
  if (!existsSync(file)) return fallback;
  const text = readFileSync(file, 'utf8');
  const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
  const durations = [...text.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
  // Segments before the window were 1 s each (keyframes every second at 30 fps).
  return sequence + durations.reduce((a, b) => a + b, 0);
}

function round(value: number, digits = 2): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-media-'));
// The sources first: nginx must not wait on a blocked event loop meanwhile.
for (const source of SOURCES) makeSource(path.join(dir, `source-${source.height}.flv`), source);
const hooks = createServer((_req, res) => res.writeHead(200).end('ok'));
await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
const ingest = await startIngest({
  mediaDir: dir,
  rtmpHost: '127.0.0.1',
  rtmpPort: RTMP_PORT,
  controlPort: RTMP_PORT + 1,
  hookBase: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`,
  hookToken: 'bench',
});
const results: Result[] = [];
try {
  for (const source of SOURCES) {
    const flv = path.join(dir, `source-${source.height}.flv`);
    for (const preset of PRESETS) {
      const result = await runCase(dir, flv, source, preset);
      results.push(result);
      console.log(JSON.stringify(result));
    }
  }
} finally {
  await ingest.stop();
  hooks.close();
  rmSync(dir, { recursive: true, force: true });
}

const cores = cpus().length;
const hd = results.find((r) => r.source.startsWith('1080') && r.preset === DEFAULT_PRESET)!;
const suggestedMax = Math.max(1, Math.floor((cores * LADDER_SHARE) / hd.cpuPerVideoSecond));
console.log(
  `\nQuality ladder, ${SECONDS} s per case; ${machine()}; load average ` +
    `${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
console.log('| source | ladder | preset | CPU s per video s | lives in real time |');
console.log('| ------ | ------ | ------ | ----------------: | -----------------: |');
for (const r of results) {
  console.log(
    `| ${r.source} | ${r.ladder} | ${r.preset} | ${r.cpuPerVideoSecond.toFixed(2)} | ${r.livesRealTime} |`,
  );
}
console.log(
  `\nDefault MEDIA_TRANSCODE_MAX for this machine: ${suggestedMax} (1080p ladder at ` +
    `${DEFAULT_PRESET} on ${LADDER_SHARE * 100}% of ${cores} cores).`,
);
saveResult('media', {
  date: new Date().toISOString(),
  machine: machine(),
  loadavg: loadavg(),
  seconds: SECONDS,
  results,
  suggestedMax,
});
