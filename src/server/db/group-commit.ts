/**
 * Group commit, the one queue under every batched writer (gifts, bets, chat messages): an item
 * is written at once when the database is free; items that arrive while batches are being
 * written wait and go together in the next one, so a busy room costs one transaction per batch,
 * not per item. A batch that fails kept nothing (one transaction or statement), so its items are
 * then written one by one and only a bad one fails (writeEachOnFailure). Deadlocks and
 * serialization failures are retried by `retryOnConflict`, which the writers wrap their
 * transaction in.
 */
import { settleEach, writeEachOnFailure } from './batch.ts';

/** How a group-commit queue writes. */
export interface GroupCommitOptions<T, R> {
  /**
   * Writes a batch and answers one result per item, in order; keeps nothing when it throws (one
   * transaction or one statement).
   */
  write: (items: T[]) => Promise<R[]>;
  /** Most items written in one batch. */
  maxBatch: number;
  /** Batches written at once (default 1: on two cores one is fastest, see docs/benchmarks.md). */
  parallel?: number;
  /** Told each batch's size when it starts and its duration in ms when it ends (metrics). */
  onBatch?: (size: number) => (ms: number) => void;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/** A group-commit queue: see the module comment. */
export class GroupCommit<T, R> {
  private readonly waiting: Waiting<T, R>[] = [];
  private running = 0;
  private readonly options: GroupCommitOptions<T, R>;

  constructor(options: GroupCommitOptions<T, R>) {
    this.options = options;
  }

  /** Writes one item, alone or with those that wait with it; resolves with its result. */
  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const { write, maxBatch, parallel = 1, onBatch } = this.options;
    while (this.running < parallel && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, maxBatch);
      this.running += 1;
      const started = performance.now();
      const ended = onBatch?.(batch.length);
      void writeEachOnFailure(
        batch.map((w) => w.item),
        write,
      )
        .then((results) => settleEach(batch, results))
        .finally(() => {
          ended?.(performance.now() - started);
          this.running -= 1;
          this.pump();
        });
    }
  }
}

/** The database error behind a driver's or Drizzle's error (they nest it as `cause`). */
function databaseErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth += 1) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/** Deadlock or serialization failure: the transaction kept nothing and may run again. */
function isRetryable(err: unknown): boolean {
  const code = databaseErrorCode(err);
  return code === '40P01' || code === '40001';
}

/** Runs `attempt` (one whole transaction) again after a deadlock, at most `tries` times in all. */
export async function retryOnConflict<R>(attempt: () => Promise<R>, tries = 5): Promise<R> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (!isRetryable(err) || n >= tries) throw err;
    }
  }
}
