/**
 * A worker thread of the realtime benchmark holding the silent viewers (sinks) or a share of
 * them, so reading tens of thousands of socket messages a second does not delay the probes,
 * which measure latency on the main thread. Answers `reset`, `collect` and `close`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { connectSink, sinkScript, type Sink } from './sink.ts';

/** A viewer a worker connects: its index (which guest it is) and the server port it joins on. */
export interface SinkViewer {
  index: number;
  port: number;
}

/** What the main thread gives a worker. */
export interface SinkWorkerData {
  kind: 'hub' | 'socketio';
  secret: string;
  /** The viewers this worker connects. */
  viewers: SinkViewer[];
}

/** A worker's answer to `collect`. */
export interface SinkTotals {
  messages: number;
  /** Bytes received by each sink, in the order of the worker's viewers. */
  bytes: number[];
}

const { kind, secret, viewers } = workerData as SinkWorkerData;
const sinks: Sink[] = [];
for (let start = 0; start < viewers.length; start += 250) {
  const batch = viewers.slice(start, start + 250);
  sinks.push(
    ...(await Promise.all(
      batch.map((v) => connectSink(v.port, sinkScript(kind, secret, v.index))),
    )),
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
