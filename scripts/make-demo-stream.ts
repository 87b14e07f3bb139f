/**
 * `npm run media:demo`: draws the demo match with Debian's ffmpeg (/usr/bin/ffmpeg, or FFMPEG)
 * and packages it as VOD HLS under public/media/demo/: master.m3u8 and one folder per
 * rendition (1080p, 720p, 480p) with an fMP4 init segment and 2 s segments. The player loops
 * the clip. The output is checked in; rerun after changing the scene.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureRendition, masterPlaylist, type RenditionInfo } from './demo-stream/playlist.ts';
import {
  crowdGraph,
  FPS,
  LOOP_SECONDS,
  matchGraph,
  pitchGraph,
  type Frame,
} from './demo-stream/scene.ts';

const OUT = fileURLToPath(new URL('../public/media/demo/', import.meta.url));
const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const SEGMENT_SECONDS = 2;

/** One rendition: its size and how x264 encodes it. */
interface Rendition extends Frame {
  profile: 'high' | 'main';
  level: string;
  /** Bitrate cap; the flat synthetic picture usually needs far less. */
  maxrate: number;
}

// The master lists 720p first: players start on the first variant, then adapt.
const RENDITIONS: Rendition[] = [
  { label: '720p', width: 1280, height: 720, profile: 'main', level: '3.1', maxrate: 700 },
  { label: '1080p', width: 1920, height: 1080, profile: 'high', level: '4.0', maxrate: 1200 },
  { label: '480p', width: 854, height: 480, profile: 'main', level: '3.0', maxrate: 400 },
];

/** Finds a font file through fontconfig, which Debian's ffmpeg already depends on. */
function font(pattern: string): string {
  return execFileSync('fc-match', ['-f', '%{file}', pattern], { encoding: 'utf8' }).trim();
}

function ffmpeg(args: string[]): void {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdio: 'inherit',
  });
}

/** Draws the pitch for one size into a PNG. */
function drawPitch(frame: Frame, work: string): string {
  const file = path.join(work, `pitch-${frame.height}.png`);
  ffmpeg(['-f', 'lavfi', '-i', pitchGraph(frame), '-frames:v', '1', file]);
  return file;
}

/** Renders and packages one rendition into OUT/<label>/. */
function encode(r: Rendition, pitch: string, fonts: { sans: string; mono: string }, work: string) {
  const dir = path.join(OUT, r.label);
  mkdirSync(dir, { recursive: true });
  const graph = path.join(work, `graph-${r.height}.txt`);
  writeFileSync(graph, `${matchGraph(r, fonts)};\n${crowdGraph()}[a]`);
  const gop = FPS * SEGMENT_SECONDS;
  ffmpeg([
    ...['-loop', '1', '-framerate', String(FPS), '-i', pitch],
    ...['-filter_complex_script', graph, '-map', '[v]', '-map', '[a]'],
    ...['-t', String(LOOP_SECONDS), '-fflags', '+bitexact'],
    ...['-c:v', 'libx264', '-preset', 'slow', '-tune', 'animation'],
    ...['-profile:v', r.profile, '-level:v', r.level, '-pix_fmt', 'yuv420p'],
    ...['-crf', '30', '-maxrate', `${r.maxrate}k`, '-bufsize', `${r.maxrate * 2}k`],
    ...['-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0'],
    ...['-flags:v', '+bitexact', '-flags:a', '+bitexact'],
    ...['-c:a', 'aac', '-b:a', '48k', '-ar', '48000', '-ac', '1'],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
    ...['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'],
    ...['-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', path.join(dir, 'seg-%02d.m4s'), path.join(dir, 'index.m3u8')],
  ]);
  return measureRendition(dir, r.width, r.height);
}

/** Total bytes under a folder. */
function size(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) =>
      sum +
      (e.isDirectory() ? size(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size),
    0,
  );
}

const work = mkdtempSync(path.join(tmpdir(), 'demo-stream-'));
try {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const fonts = { sans: font('DejaVu Sans:bold'), mono: font('DejaVu Sans Mono:bold') };
  const infos: RenditionInfo[] = [];
  for (const r of RENDITIONS) {
    const started = Date.now();
    infos.push(encode(r, drawPitch(r, work), fonts, work));
    const info = infos.at(-1)!;
    console.log(
      `${r.label}: ${Math.round(info.average / 1000)} kb/s average, ${Math.round(info.peak / 1000)} kb/s peak, ${info.codecs} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  writeFileSync(path.join(OUT, 'master.m3u8'), masterPlaylist(infos, FPS));
  console.log(`wrote ${path.relative(process.cwd(), OUT)}: ${(size(OUT) / 1e6).toFixed(2)} MB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
