/**
 * The recording worker: one queue per server that turns finished recordings into replays one
 * at a time (ffmpeg work stays off the hook's answer and off the other requests' cores), fed by
 * the ingest's on_record_done call and by a sweep of the recordings folder at start and every
 * half minute, which finds what a notification missed (the server was down when a live ended).
 * A daily sweep removes replays older than REPLAY_RETENTION_DAYS.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Runtime } from '../runtime.ts';
import { log } from '../log.ts';
import { RECORDING_NAME, recordingsDir } from './files.ts';
import { makeReplay } from './make-replay.ts';
import type { MadeReplay } from './replay-types.ts';
import { removeExpiredReplays } from './manage.ts';

/**
 * A recording not written to for this long is finished: nginx writes every frame as it comes
 * and drops a publisher idle for 10 s, so an older file has no stream behind it.
 */
export const RECORDING_IDLE_MS = 15_000;
/** How often the recordings folder is swept. */
const SWEEP_MS = 30_000;
/** How often old replays are looked for. */
const RETENTION_MS = 24 * 60 * 60_000;

/** A runtime's recording queue. */
export interface RecordingWorker {
  /** Queues recording `name` (once while it waits); resolves when it has been handled. */
  enqueue: (name: string) => Promise<MadeReplay | null>;
  /** Queues every finished recording in the folder that is not queued yet; resolves when done. */
  sweep: () => Promise<void>;
  /** Resolves when the queue is empty. */
  idle: () => Promise<void>;
}

const workers = new WeakMap<Runtime, RecordingWorker>();

function createWorker(rt: Runtime): RecordingWorker {
  const folders = { mediaDir: rt.env.mediaDir, store: rt.storage, media: rt.mediaStore };
  const waiting = new Map<string, Promise<MadeReplay | null>>();
  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = (name: string) => {
    const queued = waiting.get(name);
    if (queued) return queued;
    const job = tail.then(async () => {
      try {
        return await makeReplay(rt.db, folders, name);
      } catch (error) {
        log('error', 'replay_failed', { recording: name, error: String(error) });
        return null;
      } finally {
        waiting.delete(name);
      }
    });
    waiting.set(name, job);
    tail = job;
    return job;
  };
  const sweep = async () => {
    const dir = recordingsDir(rt.env.mediaDir);
    const names = await readdir(dir).catch(() => [] as string[]);
    const jobs: Promise<unknown>[] = [];
    // By name, which is by start for each anchor: a live's later pushes join its replay in order.
    for (const name of names.sort()) {
      if (!RECORDING_NAME.test(name) || waiting.has(name)) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info?.isFile() && Date.now() - info.mtimeMs >= RECORDING_IDLE_MS)
        jobs.push(enqueue(name));
    }
    await Promise.all(jobs);
  };
  return { enqueue, sweep, idle: () => tail.then(() => {}) };
}

/** The recording queue of `rt` (made on first use). */
export function recordingWorker(rt: Runtime): RecordingWorker {
  let worker = workers.get(rt);
  if (!worker) {
    worker = createWorker(rt);
    workers.set(rt, worker);
  }
  return worker;
}

/** Starts the folder sweep (now and every half minute) and the daily retention sweep; returns their stop. */
export function startRecordingSweeps(rt: Runtime): () => void {
  const worker = recordingWorker(rt);
  const sweep = () =>
    void worker
      .sweep()
      .catch((error: unknown) => log('warn', 'recording_sweep_failed', { error: String(error) }));
  const retention = () =>
    void removeExpiredReplays(rt)
      .then((removed) => {
        if (removed) log('info', 'replays_expired', { removed });
      })
      .catch((error: unknown) => log('warn', 'replay_retention_failed', { error: String(error) }));
  sweep();
  retention();
  const sweeps = setInterval(sweep, SWEEP_MS);
  const daily = setInterval(retention, RETENTION_MS);
  sweeps.unref();
  daily.unref();
  return () => {
    clearInterval(sweeps);
    clearInterval(daily);
  };
}
