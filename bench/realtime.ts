/**
 * `npm run bench:realtime`: N clients in one live room while senders chat at R messages/s, over
 * loopback, against our hub and against a plain socket.io broadcast server. Reports delivery
 * latency p50/p99 (from probe clients that read every frame), frames and socket messages per
 * second, the server's CPU and its memory per idle connection. The silent viewers are cheap
 * clients (bench/realtime/sink.ts) in a worker thread (BENCH_SINK_WORKERS threads, default 1),
 * so the generator, which shares the machine with the server, reads ten thousand sockets with
 * as little CPU as it can and never delays the probes' clocks. One thread beats two here: a
 * reader that is rarely asleep needs fewer wake-ups, and each wake-up of a sleeping reader
 * is paid inside the server's socket write. Bounded: each run lasts
 * BENCH_SECONDS (default 8) and the matrix is fixed; BENCH_QUICK=1 runs a small subset and
 * BENCH_ONLY=kind:clients:rate,... the cases named.
 * Targets: 10,000 clients at 100 msg/s with p99 ≤ 250 ms, ≤ 20 KB per idle connection, and at
 * least 3x the socket.io server's efficiency.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { WebSocket } from 'ws';
import { machine, saveResult } from './lib.ts';
import {
  hubClient,
  loadClient,
  paced,
  percentile,
  startChild,
  type Kind,
  type LoadClient,
} from './realtime/clients.ts';
import type { SinkTotals, SinkWorkerData } from './realtime/sink-worker.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const QUICK = process.env.BENCH_QUICK === '1';
const PORT = Number(process.env.BENCH_PORT ?? 4411);
const SENDERS = 200;
const PROBES = 40;
const SINK_WORKERS = Number(process.env.BENCH_SINK_WORKERS ?? 1);
const SECRET = randomBytes(32).toString('hex');

/** Silent viewers, in worker threads (bench/realtime/sink-worker.ts). */
interface SinkPool {
  reset: () => Promise<void>;
  collect: () => Promise<SinkTotals>;
  close: () => Promise<void>;
}

async function startSinks(kind: Kind, indexes: number[]): Promise<SinkPool> {
  const workers = Array.from({ length: SINK_WORKERS }, (_, w) => {
    const workerData: SinkWorkerData = {
      port: PORT,
      kind,
      secret: SECRET,
      indexes: indexes.filter((_, i) => i % SINK_WORKERS === w),
    };
    return new Worker(new URL('./realtime/sink-worker.ts', import.meta.url), { workerData });
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
      };
    },
    close: async () => {
      for (const w of workers) w.postMessage('close');
      await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
    },
  };
}

function socketIoClient(latencies: number[] | undefined): Promise<LoadClient> {
  const client = loadClient(`ws://127.0.0.1:${PORT}/socket.io/?EIO=4&transport=websocket`);
  const { ws } = client;
  return new Promise<LoadClient>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (raw: Buffer) => {
      const text = raw.toString();
      if (text === '2') return void ws.send('3');
      if (text.startsWith('0{')) return void ws.send('40');
      if (text.startsWith('40')) {
        ws.send('42["join","room"]');
        setTimeout(() => resolve(client), 50);
        return;
      }
      client.counts.messages++;
      client.counts.bytes += raw.length;
      if (!latencies || !text.startsWith('42')) return;
      const [name, data] = JSON.parse(text.slice(2)) as [string, { content: string }];
      if (name !== 'say') return;
      client.counts.says++;
      if (data.content.startsWith('b:')) latencies.push(Date.now() - Number(data.content.slice(2)));
    });
  });
}

function sendSay(kind: Kind, ws: WebSocket): void {
  const content = `b:${Date.now()}`;
  if (kind === 'hub') ws.send(JSON.stringify({ type: 'say', data: { content } }));
  else ws.send(`42${JSON.stringify(['say', { content }])}`);
}

/** One run's figures. */
interface RunResult {
  server: Kind;
  clients: number;
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  /** Chat frames delivered per second to all clients. */
  framesPerSec: number;
  /** WebSocket messages the clients received per second. */
  messagesPerSec: number;
  /** Server CPU use, % of one core. */
  cpuPct: number;
  /** The load generator's CPU use (this process), % of one core. */
  generatorCpuPct: number;
  /** The part of it spent in the kernel. */
  generatorSysPct: number;
  /** Server CPU µs per chat frame delivered. */
  cpuUsPerFrame: number;
  /** The server's event-loop delay in the window, p99 and worst, ms. */
  loopP99Ms: number;
  loopMaxMs: number;
  /** Server memory per idle joined connection, bytes. */
  idleBytesPerConn: number;
  /** Share of the chat frames sent in the window that arrived at the probes. */
  delivered: number;
  /** Bytes received by the viewer that got the fewest, against the probes' mean. */
  leastBytesShare: number;
}

async function connectAll(
  make: (i: number) => Promise<LoadClient>,
  count: number,
): Promise<LoadClient[]> {
  const clients: LoadClient[] = [];
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, (_, j) => make(start + j));
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

async function run(kind: Kind, clients: number, rate: number): Promise<RunResult> {
  const child = await startChild(kind, PORT, SENDERS, SECRET);
  const latencies: number[] = [];
  try {
    const before = await child.stats();
    const probeEvery = Math.max(1, Math.floor(clients / PROBES));
    const isProbe = (i: number) => i % probeEvery === 0;
    const indexes = Array.from({ length: clients }, (_, i) => i);
    const sinks = await startSinks(
      kind,
      indexes.filter((i) => !isProbe(i)),
    );
    const probes = await connectAll(
      (i) =>
        kind === 'hub'
          ? hubClient(PORT, SECRET, i * probeEvery, latencies)
          : socketIoClient(latencies),
      indexes.filter(isProbe).length,
    );
    const senders = await connectAll(
      (i) =>
        kind === 'hub'
          ? hubClient(PORT, SECRET, i, undefined, child.ready.senders[i])
          : socketIoClient(undefined),
      SENDERS,
    );
    await new Promise((r) => setTimeout(r, 1500));
    const idle = await child.stats();
    const idleBytesPerConn = Math.round((idle.memory - before.memory) / (clients + SENDERS));

    // Warm-up second, then the measured window.
    let next = 0;
    const talk = paced(rate, () => {
      sendSay(kind, senders[next]!.ws);
      next = (next + 1) % senders.length;
    });
    await new Promise((r) => setTimeout(r, 1000));
    latencies.length = 0;
    for (const { counts } of probes) {
      counts.bytes = 0;
      counts.messages = 0;
      counts.says = 0;
    }
    await sinks.reset();
    const sentAtStart = talk.sent();
    const cpuStart = await child.stats();
    const genStart = process.cpuUsage();
    const windowStart = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const cpuEnd = await child.stats();
    const gen = process.cpuUsage(genStart);
    const windowMs = Date.now() - windowStart;
    talk.stop();
    const sentInWindow = talk.sent() - sentAtStart;

    const sunk = await sinks.collect();
    // Probes count chat frames; every viewer gets the same bytes, so the fewest bytes any
    // viewer received, against the probes' mean, says whether anybody missed frames.
    const probeSays = probes.reduce((n, p) => n + p.counts.says, 0) / probes.length;
    const probeBytes = probes.reduce((n, p) => n + p.counts.bytes, 0) / probes.length;
    const fewestBytes = Math.min(...sunk.bytes, ...probes.map((p) => p.counts.bytes));
    const framesPerSec = (probeSays * clients) / (windowMs / 1000);
    const messages = sunk.messages + probes.reduce((n, p) => n + p.counts.messages, 0);
    const cpuUs = cpuEnd.cpuUs - cpuStart.cpuUs;
    const sorted = [...latencies].sort((a, b) => a - b);
    for (const c of [...probes, ...senders]) c.close();
    await sinks.close();
    return {
      server: kind,
      clients,
      rate,
      sent: sentInWindow,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      framesPerSec: Math.round(framesPerSec),
      messagesPerSec: Math.round(messages / (windowMs / 1000)),
      cpuPct: Math.round((cpuUs / 1000 / windowMs) * 100),
      generatorCpuPct: Math.round(((gen.user + gen.system) / 1000 / windowMs) * 100),
      generatorSysPct: Math.round((gen.system / 1000 / windowMs) * 100),
      cpuUsPerFrame: Number((cpuUs / Math.max(1, framesPerSec * (windowMs / 1000))).toFixed(3)),
      loopP99Ms: cpuEnd.loopP99Ms,
      loopMaxMs: cpuEnd.loopMaxMs,
      idleBytesPerConn,
      delivered: Number((probeSays / Math.max(1, sentInWindow)).toFixed(3)),
      leastBytesShare: Number((fewestBytes / Math.max(1, probeBytes)).toFixed(3)),
    };
  } finally {
    child.proc.kill();
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** BENCH_ONLY=hub:10000:100,socketio:1000:100 runs just those cases. */
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .filter(Boolean)
  .map((c) => c.split(':'))
  .map(([kind, clients, rate]): [Kind, number, number] => [
    kind === 'socketio' ? 'socketio' : 'hub',
    Number(clients),
    Number(rate),
  ]);

const matrix: [Kind, number, number][] = only.length
  ? only
  : QUICK
    ? [
        ['hub', 1000, 100],
        ['socketio', 1000, 100],
      ]
    : [
        ['hub', 1000, 10],
        ['hub', 1000, 100],
        ['hub', 1000, 500],
        ['hub', 5000, 10],
        ['hub', 5000, 100],
        ['hub', 5000, 500],
        ['hub', 10000, 10],
        ['hub', 10000, 100],
        ['hub', 10000, 500],
        // socket.io already falls behind at 1,000 clients and 100 msg/s (its queue grows by
        // seconds a second); bigger rooms only take minutes longer to show the same.
        ['socketio', 1000, 10],
        ['socketio', 1000, 100],
      ];

const results: RunResult[] = [];
for (const [kind, clients, rate] of matrix) {
  const result = await run(kind, clients, rate);
  results.push(result);
  console.log(JSON.stringify(result));
}
const pair = (clients: number) => {
  const ours = results.find((r) => r.server === 'hub' && r.clients === clients && r.rate === 100);
  const theirs = results.find(
    (r) => r.server === 'socketio' && r.clients === clients && r.rate === 100,
  );
  return ours && theirs ? Number((theirs.cpuUsPerFrame / ours.cpuUsPerFrame).toFixed(1)) : null;
};
const summary = {
  machine: machine(),
  date: new Date().toISOString(),
  seconds: SECONDS,
  results,
  efficiencyVsSocketIo: { 1000: pair(1000), 5000: pair(5000), 10000: pair(10000) },
};
console.log(`results: ${saveResult('realtime', summary)}`);
console.log(JSON.stringify(summary.efficiencyVsSocketIo));
