/**
 * The three ffmpeg steps that turn a recording into a replay, none of which re-encodes the video:
 * its length (ffprobe), one frame as a JPEG thumbnail, and a copy of its streams into HLS VOD.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PLAYLIST } from './files.ts';

/** Debian's ffmpeg and ffprobe. */
export const FFMPEG_BIN = '/usr/bin/ffmpeg';
export const FFPROBE_BIN = '/usr/bin/ffprobe';

/** Seconds of HLS segments in a replay (cut at the nearest keyframe after). */
const SEGMENT_SECONDS = 4;

/** Runs `bin` with `args`; resolves with its stdout, rejects with the end of its stderr. */
export function run(bin: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk: string) => (err = (err + chunk).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(bin)} failed (${signal ?? code}): ${err.trim()}`));
    });
  });
}

/** The recording's length in seconds (the container's, else its last packet's time). */
export async function probeDuration(file: string): Promise<number> {
  const out = await run(
    FFPROBE_BIN,
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file],
    60_000,
  );
  const seconds = Number(out.trim());
  if (Number.isFinite(seconds) && seconds > 0) return seconds;
  throw new Error(`ffprobe found no duration in ${path.basename(file)}`);
}

/** Writes the frame at `atSeconds` as a JPEG of at most 640 px wide to `out`. */
export async function grabThumbnail(file: string, atSeconds: number, out: string): Promise<void> {
  await run(
    FFMPEG_BIN,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      atSeconds.toFixed(2),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(640,iw)':-2",
      '-q:v',
      '4',
      out,
    ],
    60_000,
  );
}

/**
 * Copies the recording's audio and video into an HLS VOD playlist `index.m3u8` with
 * `seg-00000.ts`... segments in `dir` (or the given names: a later part of the same live goes
 * beside them); returns the playlist's total length in seconds.
 */
export async function remuxToHls(
  file: string,
  dir: string,
  names: { playlist: string; segments: string } = { playlist: PLAYLIST, segments: 'seg-%05d.ts' },
): Promise<number> {
  await run(
    FFMPEG_BIN,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      file,
      '-map',
      '0:v?',
      '-map',
      '0:a?',
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      path.join(dir, names.segments),
      path.join(dir, names.playlist),
    ],
    // A long live takes a while even without re-encoding: bounded by its size, not the clock.
    60 * 60_000,
  );
  return playlistSeconds(await readFile(path.join(dir, names.playlist), 'utf8'));
}

/** The sum of a playlist's segment lengths (#EXTINF), seconds. */
export function playlistSeconds(playlist: string): number {
  let total = 0;
  for (const match of playlist.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(match[1]);
  return total;
}
