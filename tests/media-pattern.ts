/**
 * ffmpeg test patterns for the media suites: a moving picture (lavfi testsrc2) with a 440 Hz
 * tone, encoded with x264 and AAC into FLV, pushed to an RTMP ingest in real time or written to
 * a file at full speed.
 */
import { spawn } from 'node:child_process';

/** Debian's ffmpeg. */
export const FFMPEG = '/usr/bin/ffmpeg';

/** The picture and its encoding. */
export interface Pattern {
  /** Length in seconds. */
  seconds: number;
  /** Width x height, e.g. `320x180` (the default). */
  size?: string;
  /** Frames per second (25). */
  fps?: number;
  /** Frames from one keyframe to the next, fixed (one second's worth by default). */
  gop?: number;
  /** x264 preset (ultrafast). */
  preset?: string;
  /** Keyframes exactly every `gop` frames, never at scene cuts (x264's keyint_min, sc_threshold). */
  strictGop?: boolean;
  /** Video bitrate held to this rate (e.g. `300k`); the encoder's choice when absent. */
  bitrate?: string;
}

/** ffmpeg's arguments for `pattern`, paced in real time when `live`, written to `output`. */
export function patternArgs(pattern: Pattern, output: string, live: boolean): string[] {
  const { seconds, size = '320x180', fps = 25, preset = 'ultrafast' } = pattern;
  const gop = String(pattern.gop ?? fps);
  const rate = pattern.bitrate
    ? [
        '-b:v',
        pattern.bitrate,
        '-maxrate',
        pattern.bitrate,
        '-bufsize',
        `${parseInt(pattern.bitrate) * 2}k`,
        '-b:a',
        '64k',
      ]
    : [];
  return [
    ...['-hide_banner', '-loglevel', 'error', ...(live ? ['-re'] : ['-y'])],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', preset, ...(live ? ['-tune', 'zerolatency'] : [])],
    ...['-pix_fmt', 'yuv420p', '-g', gop],
    ...(pattern.strictGop ? ['-keyint_min', gop, '-sc_threshold', '0'] : []),
    ...rate,
    ...['-c:a', 'aac', '-f', 'flv', output],
  ];
}

/**
 * Pushes `pattern` in real time to `url` (rtmp://...); aborting `signal` stops ffmpeg. Resolves
 * with ffmpeg's exit code (1 when it could not start).
 */
export function pushPattern(url: string, pattern: Pattern, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(FFMPEG, patternArgs(pattern, url, true), {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    });
    child.stderr.resume();
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
