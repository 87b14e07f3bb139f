/**
 * The quality ladder's supervisor, run by `npm run media` beside nginx: every second it looks at
 * the source playlists nginx writes (`MEDIA_DIR/hls/<anchorId>.m3u8`, fresh while a live
 * publishes), probes a new live's size from a segment, and runs one ffmpeg per live that pulls it
 * from the ingest over loopback RTMP and writes the renditions below the source (plan.ts) into
 * `MEDIA_DIR/ladder/<anchorId>/`; once every rendition has a playlist it writes the master.
 * At most `max` lives are transcoded at once (the others play their source only, and take a
 * free place later). A transcoder that dies while its live goes on loses its master at once
 * (players fall back to the source, which nginx keeps writing) and is started again after
 * 1, 2, 4... up to 10 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { log } from '../../log.ts';
import { ladderDir, ladderRoot } from './paths.ts';
import {
  ladderFor,
  ladderMaster,
  MASTER_NAME,
  transcodeArgs,
  type LadderSettings,
  type SourceInfo,
} from './plan.ts';
import { probeSource, publishEpoch } from './probe.ts';

/** Debian's ffmpeg. */
export const FFMPEG_BIN = '/usr/bin/ffmpeg';

/** A source playlist untouched for this long belongs to a live that has ended. */
export const SOURCE_STALE_MS = 5_000;

/** A source playlist untouched for this long when its transcoder ends: the push has ended. */
export const SOURCE_ENDED_MS = 2_000;

/** Longest wait before a dead transcoder is started again. */
export const MAX_RESTART_DELAY_MS = 10_000;

/** What the supervisor needs. */
export interface SupervisorOptions {
  mediaDir: string;
  /** The ingest's RTMP port, reached on 127.0.0.1. */
  rtmpPort: number;
  settings: LadderSettings;
  /** How often it looks (ms), 1 s by default. */
  intervalMs?: number;
  ffmpeg?: string;
}

/** One live as the supervisor sees it. */
export interface LadderLive {
  anchorId: number;
  /** The source's size once probed. */
  source: SourceInfo | null;
  /** Heights transcoded (empty: source only). */
  heights: number[];
  /** Whether it holds one of the `max` places. */
  transcoding: boolean;
  /** The running ffmpeg's pid, if one runs. */
  pid: number | null;
  /** Times its transcoder was started again after dying. */
  restarts: number;
  /** Whether its master playlist is written. */
  master: boolean;
}

interface Live extends LadderLive {
  seenAt: number;
  /** The source's current publish (publishEpoch of its playlist), once seen. */
  epoch: string | null;
  probing: boolean;
  child: ChildProcess | null;
  retryAt: number;
}

/** A running supervisor. */
export interface Supervisor {
  /** The lives it knows, in the order they started publishing. */
  lives: () => LadderLive[];
  /** Stops every transcoder and removes their output. */
  stop: () => Promise<void>;
}

/** The anchors whose source playlist was written within SOURCE_STALE_MS. */
function publishing(hlsDir: string, now: number): number[] {
  let names: string[];
  try {
    names = readdirSync(hlsDir);
  } catch {
    return [];
  }
  const ids: number[] = [];
  for (const name of names) {
    const match = /^(\d{1,10})\.m3u8$/.exec(name);
    if (!match) continue;
    const mtime = statSync(path.join(hlsDir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (now - mtime < SOURCE_STALE_MS) ids.push(Number(match[1]));
  }
  return ids;
}

/** Ends a child process: SIGTERM, then SIGKILL after 2 s; resolves once it has exited. */
function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the supervisor; it clears any ladder output left by an earlier run. */
export function startLadder(options: SupervisorOptions): Supervisor {
  const hlsDir = path.join(options.mediaDir, 'hls');
  const root = ladderRoot(options.mediaDir);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const lives = new Map<number, Live>();
  let stopped = false;

  const clear = (live: Live) => {
    live.master = false;
    rmSync(ladderDir(options.mediaDir, live.anchorId), { recursive: true, force: true });
  };

  const run = (live: Live) => {
    const outDir = ladderDir(options.mediaDir, live.anchorId);
    clear(live);
    mkdirSync(outDir, { recursive: true });
    const args = transcodeArgs({
      input: `rtmp://127.0.0.1:${options.rtmpPort}/live/${live.anchorId}`,
      outDir,
      heights: live.heights,
      preset: options.settings.preset,
      source: live.source!,
    });
    const child = spawn(options.ffmpeg ?? FFMPEG_BIN, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-500);
    });
    live.child = child;
    live.pid = child.pid ?? null;
    log('info', 'ladder_started', {
      anchorId: live.anchorId,
      heights: live.heights,
      pid: live.pid,
    });
    child.once('error', (error) => {
      log('error', 'ladder_spawn_failed', { anchorId: live.anchorId, error: String(error) });
      // Not started at all (no ffmpeg?): try again later rather than never.
      if (live.child === child && child.pid === undefined) {
        live.child = null;
        live.retryAt = Date.now() + MAX_RESTART_DELAY_MS;
      }
    });
    child.once('exit', (code, signal) => {
      if (live.child !== child) return;
      live.child = null;
      live.pid = null;
      if (stopped || lives.get(live.anchorId) !== live) return;
      clear(live);
      const sourceAt = statSync(path.join(hlsDir, `${live.anchorId}.m3u8`), {
        throwIfNoEntry: false,
      })?.mtimeMs;
      if (!sourceAt || Date.now() - sourceAt > SOURCE_ENDED_MS) {
        // The push ended (its input went quiet): the live goes once its playlist is stale.
        live.retryAt = Date.now() + SOURCE_STALE_MS;
        return;
      }
      // Its live goes on: players lose the master and fall back to the source meanwhile.
      const delay = Math.min(1_000 * 2 ** live.restarts, MAX_RESTART_DELAY_MS);
      live.retryAt = Date.now() + delay;
      live.restarts += 1;
      log('warn', 'ladder_died', {
        anchorId: live.anchorId,
        code,
        signal,
        restartInMs: delay,
        stderr: errors.trim().split('\n').slice(-2).join(' | '),
      });
    });
  };

  const writeMaster = (live: Live) => {
    const dir = ladderDir(options.mediaDir, live.anchorId);
    const ready = live.heights.every((h) =>
      statSync(path.join(dir, `${h}.m3u8`), { throwIfNoEntry: false }),
    );
    if (!ready) return;
    const temp = path.join(dir, `.${MASTER_NAME}`);
    const text = ladderMaster(live.anchorId, live.source!, live.heights);
    writeFileAtomic(temp, path.join(dir, MASTER_NAME), text);
    live.master = true;
    log('info', 'ladder_ready', { anchorId: live.anchorId, heights: live.heights });
  };

  const probe = (live: Live) => {
    live.probing = true;
    void probeSource(hlsDir, live.anchorId).then((source) => {
      live.probing = false;
      if (!source || lives.get(live.anchorId) !== live) return;
      live.source = source;
      live.heights = ladderFor(source.height);
    });
  };

  /**
   * Whether the anchor published again since it was last looked at (nginx marks the new
   * publish's first fragment with a discontinuity, and its timestamps start over).
   */
  const republished = (live: Live): boolean => {
    let text = '';
    try {
      text = readFileSync(path.join(hlsDir, `${live.anchorId}.m3u8`), 'utf8');
    } catch {
      return false;
    }
    const epoch = publishEpoch(text);
    if (!epoch) return false;
    const changed = live.epoch !== null && epoch !== live.epoch;
    live.epoch = epoch;
    return changed;
  };

  /** A new publish: its size may differ and its clock starts over, so the ladder starts over. */
  const restartFresh = (live: Live) => {
    const child = live.child;
    live.child = null;
    live.pid = null;
    live.source = null;
    live.heights = [];
    live.retryAt = 0;
    clear(live);
    if (child) void end(child);
    log('info', 'ladder_republished', { anchorId: live.anchorId });
  };

  /** Transcoders of ended lives that have not exited yet: they still hold their places. */
  let ending = 0;

  const tick = () => {
    const now = Date.now();
    const ids = new Set(publishing(hlsDir, now));
    for (const live of [...lives.values()]) {
      if (ids.has(live.anchorId)) continue;
      lives.delete(live.anchorId);
      const child = live.child;
      live.child = null;
      // Its place is given to the next live once its transcoder has exited, not before: never
      // more than MEDIA_TRANSCODE_MAX encoders at once, even while one is stopping.
      if (child) ending += 1;
      void (child ? end(child) : Promise.resolve()).then(() => {
        if (child) ending -= 1;
        clear(live);
      });
      log('info', 'ladder_stopped', { anchorId: live.anchorId });
    }
    for (const anchorId of ids) {
      if (lives.has(anchorId)) continue;
      lives.set(anchorId, {
        anchorId,
        source: null,
        heights: [],
        transcoding: false,
        pid: null,
        restarts: 0,
        master: false,
        seenAt: now,
        probing: false,
        child: null,
        retryAt: 0,
        epoch: null,
      });
    }
    let places =
      options.settings.max - ending - [...lives.values()].filter((l) => l.transcoding).length;
    for (const live of lives.values()) {
      if (republished(live)) restartFresh(live);
      if (!live.source) {
        if (!live.probing) probe(live);
        continue;
      }
      if (live.heights.length === 0) {
        live.transcoding = false;
        continue;
      }
      if (!live.transcoding) {
        if (places <= 0) continue;
        places -= 1;
        live.transcoding = true;
      }
      if (!live.child && now >= live.retryAt) run(live);
      else if (live.child && !live.master) writeMaster(live);
    }
  };

  const timer = setInterval(tick, options.intervalMs ?? 1_000);
  tick();
  return {
    lives: () =>
      [...lives.values()].map((l) => ({
        anchorId: l.anchorId,
        source: l.source,
        heights: l.heights,
        transcoding: l.transcoding,
        pid: l.pid,
        restarts: l.restarts,
        master: l.master,
      })),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(
        [...lives.values()].map((l) => (l.child ? end(l.child) : Promise.resolve())),
      );
      lives.clear();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Writes `text` to `file` through `temp`, so a reader never sees half of it. */
function writeFileAtomic(temp: string, file: string, text: string): void {
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (error) {
    // The folder went away (the live ended or the transcoder died): nothing to announce.
    log('warn', 'ladder_master_failed', { error: String(error) });
  }
}
