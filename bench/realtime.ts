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
 * BENCH_ONLY=kind:clients:rate,... the cases named. `cluster` spreads one room over the app
 * processes of `npm run cluster` (bench/realtime/cluster.ts) and always runs beside the
 * single-process `hub` case of the same size, for comparison.
 * Targets: 10,000 clients at 100 msg/s with p99 ≤ 250 ms, ≤ 20 KB per idle connection, and at
 * least 3x the socket.io server's efficiency.
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { machine, saveResult } from './lib.ts';
import {
  hubClient,
  loadClient,
  paced,
  percentile,
  type Kind,
  type LoadClient,
} from './realtime/clients.ts';
import { appSockets, childTarget, clusterTarget, type Target } from './realtime/cluster.ts';
import { matrix, same, type Case } from './realtime/matrix.ts';
import { startSinks } from './realtime/sinks.ts';
import { count, receivedShare, tallyOf, type Tally } from './realtime/tally.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 4411);
const SENDERS = 200;
const PROBES = 40;
const SINK_WORKERS = Number(process.env.BENCH_SINK_WORKERS ?? 1);
const SECRET = randomBytes(32).toString('hex');

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

/** Sends a chat message `b:<now>`; answers `now`. */
function sendSay(kind: Kind, ws: WebSocket): number {
  const now = Date.now();
  const content = `b:${now}`;
  if (kind === 'hub') ws.send(JSON.stringify({ type: 'say', data: { content } }));
  else ws.send(`42${JSON.stringify(['say', { content }])}`);
  return now;
}

/** One run's figures. */
interface RunResult {
  server: Case;
  clients: number;
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  /** Chat frames delivered per second to all clients. */
  framesPerSec: number;
  /** WebSocket messages the clients received per second. */
  messagesPerSec: number;
  /** Server CPU use, % of one core: every measured process of the server side summed. */
  cpuPct: number;
  /** The same by process (`server`; or `app1`, `app2`, `redis`, `postgres`, `nginx`). */
  processCpuPct: Record<string, number>;
  /** The load generator's CPU use (this process), % of one core. */
  generatorCpuPct: number;
  /** The part of it spent in the kernel. */
  generatorSysPct: number;
  /** Server CPU µs per chat frame delivered. */
  cpuUsPerFrame: number;
  /** The server's event-loop delay in the window, p99 and worst (of any app process), ms. */
  loopP99Ms: number;
  loopMaxMs: number;
  /** Server memory per idle joined connection, bytes (one process only). */
  idleBytesPerConn: number | null;
  /** Share of the chat frames sent in the window that arrived at the probes. */
  delivered: number;
  /**
   * Share of the messages sent in the window that every probe had received 1 s after the last
   * send, counted by send time: 1 when nobody missed anything.
   */
  deliveredAfterDrain: number;
  /** `delivered` for the probes of each port (app process). */
  deliveredByPort: number[];
  /** Hub sockets each app process held (cluster only). */
  socketsByPort?: number[];
  /** Bytes received by the viewer that got the fewest, against the mean of the probes on its port. */
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

const mean = (xs: number[]) => xs.reduce((n, x) => n + x, 0) / Math.max(1, xs.length);

async function run(server: Case, clients: number, rate: number): Promise<RunResult> {
  const kind: Kind = server === 'socketio' ? 'socketio' : 'hub';
  const target: Target =
    server === 'cluster'
      ? await clusterTarget(SENDERS, SECRET)
      : await childTarget(kind, PORT, SENDERS, SECRET);
  // Viewers, probes and senders each join the target's ports in turn.
  const { ports } = target;
  const portOf = (k: number) => ports[k % ports.length]!;
  const latencies: number[] = [];
  try {
    const before = await target.sample();
    const probeEvery = Math.max(1, Math.floor(clients / PROBES));
    const isProbe = (i: number) => i % probeEvery === 0;
    const indexes = Array.from({ length: clients }, (_, i) => i);
    const sinks = await startSinks(
      kind,
      SECRET,
      indexes.filter((i) => !isProbe(i)).map((index, k) => ({ index, port: portOf(k) })),
      SINK_WORKERS,
    );
    const probes = await connectAll(
      (k) =>
        kind === 'hub'
          ? hubClient(portOf(k), SECRET, k * probeEvery, latencies)
          : socketIoClient(latencies),
      indexes.filter(isProbe).length,
    );
    const senders = await connectAll(
      (k) =>
        kind === 'hub'
          ? hubClient(portOf(k), SECRET, k, undefined, target.senders[k])
          : socketIoClient(undefined),
      SENDERS,
    );
    await new Promise((r) => setTimeout(r, 1500));
    const idle = await target.sample();
    const idleBytesPerConn =
      idle.memory === undefined || before.memory === undefined
        ? null
        : Math.round((idle.memory - before.memory) / (clients + SENDERS));
    const socketsByPort =
      server === 'cluster' ? await Promise.all(ports.map(appSockets)) : undefined;

    // Warm-up second, then the measured window.
    let next = 0;
    const sentAt: Tally = new Map();
    const received = probes.map((p) => tallyOf(p.ws));
    const talk = paced(rate, () => {
      count(sentAt, sendSay(kind, senders[next]!.ws));
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
    const cpuStart = await target.sample();
    const genStart = process.cpuUsage();
    const windowStart = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const cpuEnd = await target.sample();
    const gen = process.cpuUsage(genStart);
    const windowMs = Date.now() - windowStart;
    talk.stop();
    const sentInWindow = talk.sent() - sentAtStart;
    // What arrived in the window; then 1 s for what is still on its way, for the exact count.
    const sunk = await sinks.collect();
    const counts = probes.map((p) => ({ ...p.counts }));
    const sorted = [...latencies].sort((a, b) => a - b);
    await new Promise((r) => setTimeout(r, 1000));
    const drained = receivedShare(sentAt, received, windowStart, windowStart + windowMs);

    // Probes count chat frames; every viewer of one process gets the same bytes, so the fewest
    // bytes any viewer received, against the mean of the probes on its port, says whether
    // anybody missed frames.
    const onPort = (port: number) => counts.filter((_, k) => portOf(k) === port);
    const probeSays = mean(counts.map((c) => c.says));
    const deliveredByPort = ports.map((port) =>
      Number((mean(onPort(port).map((c) => c.says)) / Math.max(1, sentInWindow)).toFixed(3)),
    );
    const leastBytesShare = Math.min(
      ...ports.map((port) => {
        const mine = onPort(port).map((c) => c.bytes);
        const fewest = Math.min(...sunk.bytes.filter((_, i) => sunk.ports[i] === port), ...mine);
        return fewest / Math.max(1, mean(mine));
      }),
    );
    const framesPerSec = (probeSays * clients) / (windowMs / 1000);
    const messages = sunk.messages + counts.reduce((n, c) => n + c.messages, 0);
    const pct = (us: number) => Math.round((us / 1000 / windowMs) * 100);
    const processCpuUs = Object.fromEntries(
      Object.entries(cpuEnd.cpuUs).map(([name, us]) => [name, us - (cpuStart.cpuUs[name] ?? 0)]),
    );
    const cpuUs = Object.values(processCpuUs).reduce((n, us) => n + us, 0);
    for (const c of [...probes, ...senders]) c.close();
    await sinks.close();
    return {
      server,
      clients,
      rate,
      sent: sentInWindow,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      framesPerSec: Math.round(framesPerSec),
      messagesPerSec: Math.round(messages / (windowMs / 1000)),
      cpuPct: pct(cpuUs),
      processCpuPct: Object.fromEntries(
        Object.entries(processCpuUs).map(([name, us]) => [name, pct(us)]),
      ),
      generatorCpuPct: pct(gen.user + gen.system),
      generatorSysPct: pct(gen.system),
      cpuUsPerFrame: Number((cpuUs / Math.max(1, framesPerSec * (windowMs / 1000))).toFixed(3)),
      loopP99Ms: cpuEnd.loopP99Ms,
      loopMaxMs: cpuEnd.loopMaxMs,
      idleBytesPerConn,
      delivered: Number((probeSays / Math.max(1, sentInWindow)).toFixed(3)),
      deliveredAfterDrain: Number(drained.toFixed(4)),
      deliveredByPort,
      socketsByPort,
      leastBytesShare: Number(leastBytesShare.toFixed(3)),
    };
  } finally {
    await target.stop();
  }
}

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
  // Server CPU per delivered frame of each cluster case against one process of its size.
  clusterCostVsSingle: results
    .filter((r) => r.server === 'cluster')
    .map((c) => {
      const one = results.find((r) =>
        same([r.server, r.clients, r.rate], ['hub', c.clients, c.rate]),
      );
      return {
        clients: c.clients,
        rate: c.rate,
        cpuPerFrame: one ? Number((c.cpuUsPerFrame / one.cpuUsPerFrame).toFixed(2)) : null,
      };
    }),
};
console.log(`results: ${saveResult('realtime', summary)}`);
console.log(JSON.stringify(summary.efficiencyVsSocketIo));
console.log(JSON.stringify(summary.clusterCostVsSingle));
