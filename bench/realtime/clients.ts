/**
 * Pieces the realtime benchmarks share: a server under load in its own child process
 * (bench/realtime/servers.ts) and full `ws` clients of the hub that read every frame.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { WebSocket } from 'ws';
import type { ServerReady, ServerStats } from './servers.ts';
import { hubJoin, type SinkCounts } from './sink.ts';

/** The server a benchmark loads: our hub or the socket.io reference. */
export type Kind = 'hub' | 'socketio';

/** A server child and how to ask it for its CPU and memory. */
export interface Child {
  proc: ChildProcess;
  ready: ServerReady;
  stats: () => Promise<ServerStats>;
}

/** Starts the `kind` server on `port` with `senders` logged-in senders, signing with `secret`. */
export async function startChild(
  kind: Kind,
  port: number,
  senders: number,
  secret: string,
): Promise<Child> {
  const proc = fork('bench/realtime/servers.ts', [kind, String(port), String(senders)], {
    execArgv: [
      '--expose-gc',
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF] : []),
    ],
    env: { ...process.env, SECRET: secret, NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as ServerReady));
    proc.once('exit', (code) => reject(new Error(`${kind} server exited ${code}`)));
  });
  const stats = () =>
    new Promise<ServerStats>((resolve) => {
      proc.once('message', (m) => resolve(m as ServerStats));
      proc.send('stats');
    });
  return { proc, ready, stats };
}

/**
 * A `ws` client of either server: a probe, which reads every frame for latency and counts the
 * chat messages, or a sender. The silent viewers are sinks instead.
 */
export interface LoadClient {
  counts: SinkCounts & { says: number };
  close: () => void;
  ws: WebSocket;
}

/** A socket to `url` with its counters, as both servers' clients start. */
export function loadClient(url: string): LoadClient {
  const ws = new WebSocket(url);
  return { counts: { bytes: 0, messages: 0, says: 0 }, close: () => ws.terminate(), ws };
}

/**
 * Calls `send` `rate` times a second, evenly, until stopped; returns how many it sent.
 * Checked every 5 ms, so a late timer catches up instead of lowering the rate.
 */
export function paced(rate: number, send: () => void): { sent: () => number; stop: () => void } {
  let sent = 0;
  const startAt = Date.now();
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - startAt) / 1000) * rate) - sent;
    for (let i = 0; i < due; i++) {
      send();
      sent++;
    }
  }, 5);
  return { sent: () => sent, stop: () => clearInterval(timer) };
}

/**
 * Joins the hub's bench room as guest `index` (or as `sender`); resolves at the first frame.
 * With `latencies`, the delay of every `b:<sent ms>` chat message is recorded.
 */
export function hubClient(
  port: number,
  secret: string,
  index: number,
  latencies: number[] | undefined,
  sender?: { id: string; sig: string },
): Promise<LoadClient> {
  const client = loadClient(`ws://127.0.0.1:${port}/im?lang=en`);
  const { ws } = client;
  return new Promise<LoadClient>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(hubJoin(secret, index, sender)));
    ws.on('message', (raw: Buffer) => {
      if (client.counts.messages++ === 0) resolve(client);
      client.counts.bytes += raw.length;
      if (!latencies) return;
      const now = Date.now();
      const frame = JSON.parse(raw.toString()) as { type: string; data: unknown };
      const frames =
        frame.type === 'batch' ? (frame.data as { type: string; data: unknown }[]) : [frame];
      for (const f of frames) {
        if (f.type !== 'say') continue;
        client.counts.says++;
        const content = (f.data as { content: string }).content;
        if (content.startsWith('b:')) latencies.push(now - Number(content.slice(2)));
      }
    });
  });
}

/** The `p`th percentile of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
