/**
 * Play queues of the gift stage, free of any drawing library: the gift animation queue and the
 * noble entrance queue (spec §4). One item plays at a time; when it ends the queue loops on to
 * the next. An item whose art is still loading waits `retryMs` and is tried again; an item
 * without a definition (or whose art failed) is dropped. Each play is cut after `maxMs`; a gap of
 * `gapMs` separates plays. The queue is bounded: beyond `cap` waiting items the oldest waiting
 * one is dropped, so a flood of gifts cannot grow memory or delay the newest without end.
 */

/** Gift retry while its art loads (spec §9: unloaded gift retry 500 ms). */
export const GIFT_RETRY_MS = 500;
/** Longest one entrance may play (spec §9: entrance animation 20000 ms). */
export const ENTRANCE_MAX_MS = 20_000;
/** Pause between two entrances (spec §9: next entrance 200 ms). */
export const ENTRANCE_GAP_MS = 200;
/** Longest one gift animation may play before the queue moves on. */
export const GIFT_MAX_MS = 20_000;
/** Waiting gifts kept at most; older ones are dropped (a busy room shows the latest). */
export const GIFT_QUEUE_CAP = 30;
/** Waiting entrances kept at most. */
export const ENTRANCE_QUEUE_CAP = 10;
/** Retries of an item whose art keeps loading before it is dropped (40 x 500 ms = 20 s). */
export const MAX_LOAD_RETRIES = 40;

/** Whether an item's art can play now. */
export type Readiness = 'ready' | 'loading' | 'failed';

/** Timers, injectable for tests. */
export interface QueueTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** What a queue needs from its stage. */
export interface QueueOptions<T, D> {
  /** The item's definition; undefined drops the item (spec: missing definition removed). */
  resolve: (item: T) => D | undefined;
  /** Whether the definition's art is ready; 'loading' should start loading it. */
  readiness: (definition: D) => Readiness;
  /** Plays one item; resolves when it has finished. `signal` aborts it (time-out, clear). */
  play: (item: T, definition: D, signal: AbortSignal) => Promise<void>;
  /** Called with each item dropped, and why (for tests and logs). */
  onDrop?: (item: T, reason: DropReason) => void;
  /** Bound of waiting items. */
  cap: number;
  /** Wait before retrying an item whose art is loading. */
  retryMs?: number;
  /** Tries of a loading item before it is dropped. */
  maxRetries?: number;
  /** Longest one play may last. */
  maxMs: number;
  /** Pause after each play. */
  gapMs?: number;
  timers?: QueueTimers;
}

/** Why an item left the queue without playing. */
export type DropReason = 'missing' | 'failed' | 'timeout-loading' | 'overflow';

/** A play queue. */
export interface PlayQueue<T> {
  /** Adds an item at the end (dropping the oldest waiting one beyond the cap). */
  push: (item: T) => void;
  /** Empties the queue and aborts the item playing (leaving the room). */
  clear: () => void;
  /** Items waiting, not counting the one playing. */
  readonly size: number;
  /** True while an item plays. */
  readonly busy: boolean;
}

const realTimers: QueueTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Creates a play queue; see the module comment for its rules. */
export function createPlayQueue<T, D>(options: QueueOptions<T, D>): PlayQueue<T> {
  const timers = options.timers ?? realTimers;
  const retryMs = options.retryMs ?? GIFT_RETRY_MS;
  const maxRetries = options.maxRetries ?? MAX_LOAD_RETRIES;
  const gapMs = options.gapMs ?? 0;
  const waiting: T[] = [];
  let retries = 0;
  let timer: unknown;
  let current: AbortController | undefined;
  // Bumped by clear(): a play that ends after it must not restart the loop.
  let generation = 0;

  const drop = (item: T, reason: DropReason) => options.onDrop?.(item, reason);

  const later = (ms: number) => {
    timer = timers.setTimeout(() => {
      timer = undefined;
      loop();
    }, ms);
  };

  function loop(): void {
    while (!current && timer === undefined && waiting.length > 0) {
      const item = waiting[0]!;
      const definition = options.resolve(item);
      if (definition === undefined) {
        waiting.shift();
        drop(item, 'missing');
        continue;
      }
      const ready = options.readiness(definition);
      if (ready === 'failed') {
        waiting.shift();
        retries = 0;
        drop(item, 'failed');
        continue;
      }
      if (ready === 'loading') {
        if (++retries > maxRetries) {
          waiting.shift();
          retries = 0;
          drop(item, 'timeout-loading');
          continue;
        }
        later(retryMs);
        return;
      }
      waiting.shift();
      retries = 0;
      start(item, definition);
    }
  }

  function start(item: T, definition: D): void {
    const controller = new AbortController();
    current = controller;
    const mine = generation;
    const cut = timers.setTimeout(() => controller.abort(), options.maxMs);
    let played: Promise<void>;
    try {
      played = options.play(item, definition, controller.signal);
    } catch {
      // A play that throws counts as finished.
      played = Promise.resolve();
    }
    const ended = new Promise<void>((resolve) => {
      controller.signal.addEventListener('abort', () => resolve(), { once: true });
      played.then(resolve, () => resolve());
    });
    void ended.then(() => {
      timers.clearTimeout(cut);
      if (mine !== generation) return;
      controller.abort();
      current = undefined;
      if (gapMs > 0) later(gapMs);
      else loop();
    });
  }

  return {
    push(item) {
      waiting.push(item);
      while (waiting.length > options.cap) {
        const oldest = waiting.shift()!;
        retries = 0;
        drop(oldest, 'overflow');
      }
      loop();
    },
    clear() {
      generation += 1;
      waiting.length = 0;
      retries = 0;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      current?.abort();
      current = undefined;
    },
    get size() {
      return waiting.length;
    },
    get busy() {
      return current !== undefined;
    },
  };
}

/** Routes where noble entrances play: the live room only (spec §4). */
export function entranceAllowedOn(pathname: string): boolean {
  return /^\/liveMatchesTwo\/\d+\/?$/.test(pathname);
}
