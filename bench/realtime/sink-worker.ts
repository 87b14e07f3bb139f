/**
 * A worker thread of the realtime benchmark holding the silent viewers (sinks) or a share of
 * them, so reading tens of thousands of socket messages a second does not delay the probes,
 * which measure latency on the main thread. Answers `reset`, `collect` and `close`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { connectSink, sinkScript, type Sink } from './sink.ts';

/** What the main thread gives a worker. */
export interface SinkWorkerData {
  port: number;
  kind: 'hub' | 'socketio';
  secret: string;
  /** Viewer indexes this worker connects. */
  indexes: number[];
}

/** A worker's answer to `collect`. */
export interface SinkTotals {
  messages: number;
  /** Bytes received by each sink. */
  bytes: number[];
}

const { port, kind, secret, indexes } = workerData as SinkWorkerData;
const sinks: Sink[] = [];
for (let start = 0; start < indexes.length; start += 250) {
  const batch = indexes.slice(start, start + 250);
  sinks.push(
    ...(await Promise.all(batch.map((i) => connectSink(port, sinkScript(kind, secret, i))))),
  );
}
parentPort!.postMessage('ready');
parentPort!.on('message', (message: 'reset' | 'collect' | 'close') => {
  if (message === 'reset') {
    for (const { counts } of sinks) {
      counts.bytes = 0;
      counts.messages = 0;
    }
    parentPort!.postMessage('reset');
  } else if (message === 'collect') {
    const totals: SinkTotals = { messages: 0, bytes: [] };
    for (const { counts } of sinks) {
      totals.messages += counts.messages;
      totals.bytes.push(counts.bytes);
    }
    parentPort!.postMessage(totals);
  } else {
    for (const sink of sinks) sink.close();
    parentPort!.close();
  }
});
