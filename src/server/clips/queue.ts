/**
 * The clip queue of one process: at most CLIP_RUNNING cuts at once (each is one ffmpeg copy,
 * short but disk-bound) and CLIP_WAITING more waiting; beyond that a new clip is refused at
 * once with a busy message instead of waiting behind work it cannot see the end of.
 */
import type { Runtime } from '../runtime.ts';

/** Cuts running at once per process. */
export const CLIP_RUNNING = 2;
/** Cuts waiting per process. */
export const CLIP_WAITING = 6;

/** A runtime's clip queue. */
export interface ClipQueue {
  /** Starts or queues `job`; false (and nothing queued) when the queue is full. */
  offer: (job: () => Promise<void>) => boolean;
  /** Resolves when nothing runs or waits. */
  idle: () => Promise<void>;
  /** Cuts running and waiting. */
  size: () => number;
  /** Most cuts running and waiting. */
  capacity: number;
}

function createQueue(): ClipQueue {
  const waiting: (() => Promise<void>)[] = [];
  let running = 0;
  let idlers: (() => void)[] = [];
  const next = () => {
    while (running < CLIP_RUNNING && waiting.length > 0) {
      const job = waiting.shift()!;
      running += 1;
      void job()
        .catch(() => {})
        .finally(() => {
          running -= 1;
          next();
        });
    }
    if (running === 0 && waiting.length === 0) {
      const done = idlers;
      idlers = [];
      for (const resolve of done) resolve();
    }
  };
  return {
    offer(job) {
      if (running + waiting.length >= CLIP_RUNNING + CLIP_WAITING) return false;
      waiting.push(job);
      next();
      return true;
    },
    idle: () =>
      running === 0 && waiting.length === 0
        ? Promise.resolve()
        : new Promise((resolve) => idlers.push(resolve)),
    size: () => running + waiting.length,
    capacity: CLIP_RUNNING + CLIP_WAITING,
  };
}

const queues = new WeakMap<Runtime, ClipQueue>();

/** The clip queue of `rt` (made on first use). */
export function clipQueue(rt: Runtime): ClipQueue {
  let queue = queues.get(rt);
  if (!queue) {
    queue = createQueue();
    queues.set(rt, queue);
  }
  return queue;
}
