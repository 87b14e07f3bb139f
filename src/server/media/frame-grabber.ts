/**
 * Takes the live thumbnails (src/server/media/frames.ts): a timer in the server process looks
 * every TICK_MS at the rooms live on our ingest and, for each whose newest frame is
 * GRAB_INTERVAL_MS old, decodes the first picture of its newest complete HLS segment into a
 * 480x270 JPEG with ffmpeg. One ffmpeg at a time; a live with no new segment since its last
 * frame is skipped; a live that ended is no longer looked at, and its frames are removed once
 * no cached page can name them. Processes sharing MEDIA_DIR see each other's frames on disk and
 * skip a live whose frame is fresh. On several machines it runs beside each ingest, only for
 * the lives pinned to that ingest, and announces each frame on the bus with its URL under the
 * ingest's prefix, so every app process can show it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { liveRooms } from '../db/schema.ts';
import { log } from '../log.ts';
import type { Bus } from '../shared/bus.ts';
import { ingestPrefix, type IngestMachine } from './ingests.ts';
import { isLocalLive } from './remote.ts';
import {
  FRAME_MAX_AGE_MS,
  FRAMES_DIR,
  FRAMES_PATH,
  currentFrames,
  frameName,
  invalidateFrameIndex,
  parseFrameName,
} from './frames.ts';
import { readLivePlaylist } from './playlist.ts';

/** Debian's ffmpeg. */
export const FFMPEG_BIN = '/usr/bin/ffmpeg';
/** How often each live gets a new frame. */
export const GRAB_INTERVAL_MS = 30_000;
/** How often the supervisor looks. */
export const TICK_MS = 5_000;
/** Longest a grab may run before ffmpeg is killed. */
export const GRAB_TIMEOUT_MS = 10_000;
/** Thumbnail size and JPEG quality (ffmpeg's -q:v, 2 best to 31 worst). */
export const FRAME_WIDTH = 480;
export const FRAME_HEIGHT = 270;
export const FRAME_QUALITY = 5;

/** ffmpeg's arguments for one grab: the first picture of `input`, fitted to 480x270. */
export function grabArgs(input: string, output: string): string[] {
  const fit =
    `scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:force_original_aspect_ratio=decrease,` +
    `pad=${FRAME_WIDTH}:${FRAME_HEIGHT}:(ow-iw)/2:(oh-ih)/2`;
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-threads',
    '1',
    '-i',
    input,
    '-an',
    '-frames:v',
    '1',
    '-vf',
    fit,
    '-q:v',
    String(FRAME_QUALITY),
    '-f',
    'image2',
    '-y',
    output,
  ];
}

/** Runs one ffmpeg; resolves true when it wrote the frame in time. */
function runFfmpeg(bin: string, args: string[], timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 500) errors += String(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) log('warn', 'frame_grab_failed', { code, error: errors.trim() });
      resolve(code === 0);
    });
  });
}

/** What the grabber needs. */
export interface FrameGrabberOptions {
  db: Db;
  /** MEDIA_DIR: HLS is read from its `hls` folder, frames go to its `frames` folder. */
  mediaDir: string;
  ffmpeg?: string;
  intervalMs?: number;
  tickMs?: number;
  /** INGEST_NAME: the lives pinned to this ingest (or with no prefix) are grabbed. */
  ingestName?: string | null;
  /** INGESTS: on several machines each new frame is announced on `bus`. */
  ingests?: IngestMachine[];
  bus?: Bus;
}

/**
 * Whether a process should grab frames at all: one beside an ingest (INGEST_NAME), or the one
 * machine of a site with no INGESTS. An app machine has no HLS folder to read.
 */
export function grabsFrames(env: { ingestName: string | null; ingests: IngestMachine[] }) {
  return env.ingestName !== null || env.ingests.length === 0;
}

/** A running grabber. */
export interface FrameGrabber {
  /** One supervisor pass now (the timer calls it; tests may too). */
  tick: () => Promise<void>;
  /** Stops the timer and waits for a grab in progress. */
  stop: () => Promise<void>;
}

/** Starts the supervisor timer; without ffmpeg it logs once and does nothing. */
export function startFrameGrabber(options: FrameGrabberOptions): FrameGrabber {
  const ffmpeg = options.ffmpeg ?? FFMPEG_BIN;
  const intervalMs = options.intervalMs ?? GRAB_INTERVAL_MS;
  const hlsDir = path.join(options.mediaDir, 'hls');
  const framesDir = path.join(options.mediaDir, FRAMES_DIR);
  const place = { ingestName: options.ingestName ?? null, ingests: options.ingests ?? [] };
  /** The segment each live's last frame came from. */
  const lastSegment = new Map<number, string>();
  let running: Promise<void> | null = null;
  let stopped = false;

  const live = async (): Promise<number[]> => {
    const rows = await options.db
      .select({ anchorId: liveRooms.anchorId, streamUrl: liveRooms.streamUrl })
      .from(liveRooms)
      // A ticket live's frames would be its paid video: none is taken (frames.ts).
      .where(and(eq(liveRooms.isLive, true), eq(liveRooms.ticket, 0)));
    return rows.filter((r) => isLocalLive(place, r.streamUrl)).map((r) => r.anchorId);
  };

  const grab = async (anchorId: number, now: number): Promise<void> => {
    const playlist = await readLivePlaylist(hlsDir, anchorId, now);
    if (!playlist?.newest || lastSegment.get(anchorId) === playlist.newest) return;
    await mkdir(framesDir, { recursive: true });
    const at = Date.now();
    const temp = path.join(framesDir, `.${anchorId}-${process.pid}.tmp.jpg`);
    const started = process.hrtime.bigint();
    const done = await runFfmpeg(ffmpeg, grabArgs(playlist.newest, temp), GRAB_TIMEOUT_MS);
    if (!done || stopped) {
      await unlink(temp).catch(() => {});
      return;
    }
    // Readers see the old frame or the whole new one, never a half-written file.
    const name = frameName(anchorId, at);
    await rename(temp, path.join(framesDir, name));
    invalidateFrameIndex();
    // Every app process learns the frame, at the URL the balancer sends to this machine.
    if (place.ingests.length > 0) {
      const url = `${ingestPrefix(place.ingestName)}${FRAMES_PATH}${name}`;
      options.bus?.publish({ kind: 'frame', anchorId, url, at });
    }
    lastSegment.set(anchorId, playlist.newest);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log('info', 'frame_grabbed', { anchorId, ms: Math.round(ms) });
  };

  /** Removes frames no page can name any more: older than the newest, past FRAME_MAX_AGE_MS. */
  const prune = async (liveIds: Set<number>, now: number): Promise<void> => {
    const names = await readdir(framesDir).catch(() => [] as string[]);
    const newest = currentFrames(framesDir, now);
    for (const name of names) {
      const frame = parseFrameName(name);
      if (!frame || now - frame.at <= FRAME_MAX_AGE_MS * 2) continue;
      const keep = liveIds.has(frame.anchorId) && newest.get(frame.anchorId)?.name === name;
      if (!keep) await unlink(path.join(framesDir, name)).catch(() => {});
    }
  };

  const pass = async (): Promise<void> => {
    const now = Date.now();
    const ids = await live();
    const liveIds = new Set(ids);
    for (const id of lastSegment.keys()) if (!liveIds.has(id)) lastSegment.delete(id);
    const frames = currentFrames(framesDir, now);
    for (const anchorId of ids) {
      if (stopped) return;
      const newest = frames.get(anchorId);
      // Another process sharing MEDIA_DIR may have taken it: its file counts the same.
      if (newest && now - newest.at < intervalMs) continue;
      await grab(anchorId, now);
    }
    await prune(liveIds, now);
  };

  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= pass()
      .catch((error: unknown) => log('warn', 'frame_pass_failed', { error: String(error) }))
      .finally(() => {
        running = null;
      });
    return running;
  };

  if (!existsSync(ffmpeg)) {
    log('warn', 'frames_disabled', { reason: `${ffmpeg} not found (apt-get install ffmpeg)` });
    return { tick: async () => {}, stop: async () => {} };
  }
  const timer = setInterval(() => void tick(), options.tickMs ?? TICK_MS);
  timer.unref();
  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
