/**
 * The realtime benchmark's silent viewers, held in worker threads (bench/realtime/sink-worker.ts)
 * so that reading their sockets never delays the probes on the main thread. Each viewer names
 * the port it connects to, so a room can be spread over several processes.
 */
import { Worker } from 'node:worker_threads';
import type { Kind } from './clients.ts';
import type { SinkTotals, SinkViewer, SinkWorkerData } from './sink-worker.ts';

/** What the viewers of a pool received since the last reset; `ports[i]` is the port of `bytes[i]`. */
export interface PoolTotals extends SinkTotals {
  ports: number[];
}

/** Silent viewers in worker threads. */
export interface SinkPool {
  reset: () => Promise<void>;
  collect: () => Promise<PoolTotals>;
  close: () => Promise<void>;
}

/** Connects `viewers` in `threads` worker threads; resolves once every one has joined. */
export async function startSinks(
  kind: Kind,
  secret: string,
  viewers: SinkViewer[],
  threads: number,
): Promise<SinkPool> {
  const shares = Array.from({ length: threads }, (_, w) =>
    viewers.filter((_, i) => i % threads === w),
  );
  const workers = shares.map((share) => {
    const workerData: SinkWorkerData = { kind, secret, viewers: share };
    return new Worker(new URL('./sink-worker.ts', import.meta.url), { workerData });
  });
  const ask = <T>(worker: Worker, message: string) =>
    new Promise<T>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(message);
    });
  await Promise.all(
    workers.map(
      (w) =>
        new Promise((resolve, reject) => {
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  return {
    reset: async () => void (await Promise.all(workers.map((w) => ask(w, 'reset')))),
    collect: async () => {
      const all = await Promise.all(workers.map((w) => ask<SinkTotals>(w, 'collect')));
      return {
        messages: all.reduce((n, t) => n + t.messages, 0),
        bytes: all.flatMap((t) => t.bytes),
        ports: shares.flatMap((share) => share.map((v) => v.port)),
      };
    },
    close: async () => {
      for (const w of workers) w.postMessage('close');
      await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
    },
  };
}
