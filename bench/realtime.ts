/**
 * `npm run bench:realtime`: N clients in one live room while senders chat at R messages/s, over
 * loopback, against our hub and against a plain socket.io broadcast server. Reports delivery
 * latency p50/p99 (from probe clients that read every frame), frames and socket messages per
 * second, the server's CPU and its memory per idle connection. Bounded: each run lasts
 * BENCH_SECONDS (default 8) and the matrix is fixed; BENCH_QUICK=1 runs a small subset and
 * BENCH_ONLY=kind:clients:rate,... the cases named.
 * Targets: 10,000 clients at 100 msg/s with p99 ≤ 250 ms, ≤ 20 KB per idle connection, and at
 * least 3x the socket.io server's efficiency.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { guestId, signUserSig } from '../src/server/auth/usersig.ts';
import { machine, saveResult } from './lib.ts';
import type { ServerReady, ServerStats } from './realtime/servers.ts';

type Kind = 'hub' | 'socketio';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const QUICK = process.env.BENCH_QUICK === '1';
const PORT = Number(process.env.BENCH_PORT ?? 4411);
const SENDERS = 200;
const PROBES = 40;
const ROOM = '100003';
const SECRET = randomBytes(32).toString('hex');

interface Child {
  proc: ChildProcess;
  ready: ServerReady;
  stats: () => Promise<ServerStats>;
}

async function startChild(kind: Kind): Promise<Child> {
  const proc = fork('bench/realtime/servers.ts', [kind, String(PORT), String(SENDERS)], {
    execArgv: [
      '--expose-gc',
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF] : []),
    ],
    env: { ...process.env, SECRET, NODE_ENV: 'development' },
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

/** A client of either server: counts socket messages; probes also read frames for latency. */
interface LoadClient {
  ws: WebSocket;
  joined: Promise<void>;
  messages: number;
  frames: number;
}

function hubClient(
  index: number,
  probe: boolean,
  latencies: number[],
  sender?: { id: string; sig: string },
): LoadClient {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/im?lang=en`);
  const client: LoadClient = { ws, joined: Promise.resolve(), messages: 0, frames: 0 };
  client.joined = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      const id = sender?.id ?? guestId(SECRET, `bench-device-${index}`);
      const sig = sender?.sig ?? signUserSig(SECRET, id);
      ws.send(
        JSON.stringify({
          type: sender ? 'login' : 'first',
          data: { groupId: ROOM, channel: 'OFFICIAL', id, sig },
        }),
      );
    });
    ws.on('message', (raw: Buffer) => {
      if (client.messages++ === 0) resolve();
      if (!probe) return;
      const now = Date.now();
      const frame = JSON.parse(raw.toString()) as { type: string; data: unknown };
      const frames =
        frame.type === 'batch' ? (frame.data as { type: string; data: unknown }[]) : [frame];
      for (const f of frames) {
        if (f.type !== 'say') continue;
        client.frames++;
        const content = (f.data as { content: string }).content;
        if (content.startsWith('b:')) latencies.push(now - Number(content.slice(2)));
      }
    });
  });
  return client;
}

function socketIoClient(probe: boolean, latencies: number[]): LoadClient {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/socket.io/?EIO=4&transport=websocket`);
  const client: LoadClient = { ws, joined: Promise.resolve(), messages: 0, frames: 0 };
  client.joined = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (raw: Buffer) => {
      const text = raw.toString();
      if (text === '2') return void ws.send('3');
      if (text.startsWith('0{')) return void ws.send('40');
      if (text.startsWith('40')) {
        ws.send('42["join","room"]');
        setTimeout(resolve, 50);
        return;
      }
      client.messages++;
      if (!probe || !text.startsWith('42')) return;
      const [name, data] = JSON.parse(text.slice(2)) as [string, { content: string }];
      if (name !== 'say') return;
      client.frames++;
      if (data.content.startsWith('b:')) latencies.push(Date.now() - Number(data.content.slice(2)));
    });
  });
  return client;
}

function sendSay(kind: Kind, ws: WebSocket): void {
  const content = `b:${Date.now()}`;
  if (kind === 'hub') ws.send(JSON.stringify({ type: 'say', data: { content } }));
  else ws.send(`42${JSON.stringify(['say', { content }])}`);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One run's figures. */
interface RunResult {
  server: Kind;
  clients: number;
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  /** Chat frames delivered per second to all clients (from the probes' share). */
  framesPerSec: number;
  /** WebSocket messages the clients received per second. */
  messagesPerSec: number;
  /** Server CPU use, % of one core. */
  cpuPct: number;
  /** The load generator's CPU use (this process), % of one core. */
  generatorCpuPct: number;
  /** Server CPU µs per chat frame delivered. */
  cpuUsPerFrame: number;
  /** Server memory per idle joined connection, bytes. */
  idleBytesPerConn: number;
  /** Share of the expected frames that arrived at the probes. */
  delivered: number;
}

async function connectAll(make: (i: number) => LoadClient, count: number): Promise<LoadClient[]> {
  const clients: LoadClient[] = [];
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, (_, j) => make(start + j));
    await Promise.all(batch.map((c) => c.joined));
    clients.push(...batch);
  }
  return clients;
}

async function run(kind: Kind, clients: number, rate: number): Promise<RunResult> {
  const child = await startChild(kind);
  const latencies: number[] = [];
  try {
    const before = await child.stats();
    const probeEvery = Math.max(1, Math.floor(clients / PROBES));
    const viewers = await connectAll(
      (i) =>
        kind === 'hub'
          ? hubClient(i, i % probeEvery === 0, latencies)
          : socketIoClient(i % probeEvery === 0, latencies),
      clients,
    );
    const senders = await connectAll(
      (i) =>
        kind === 'hub'
          ? hubClient(i, false, [], child.ready.senders[i])
          : socketIoClient(false, []),
      SENDERS,
    );
    await new Promise((r) => setTimeout(r, 1500));
    const idle = await child.stats();
    const idleBytesPerConn = Math.round((idle.memory - before.memory) / (clients + SENDERS));

    // Warm-up second, then the measured window.
    let sent = 0;
    let next = 0;
    const startAt = Date.now();
    const timer = setInterval(() => {
      const due = Math.floor(((Date.now() - startAt) / 1000) * rate) - sent;
      for (let i = 0; i < due; i++) {
        sendSay(kind, senders[next]!.ws);
        next = (next + 1) % senders.length;
        sent++;
      }
    }, 5);
    await new Promise((r) => setTimeout(r, 1000));
    latencies.length = 0;
    for (const v of viewers) {
      v.messages = 0;
      v.frames = 0;
    }
    const sentAtStart = sent;
    const cpuStart = await child.stats();
    const genStart = process.cpuUsage();
    const windowStart = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const cpuEnd = await child.stats();
    const gen = process.cpuUsage(genStart);
    const windowMs = Date.now() - windowStart;
    clearInterval(timer);
    const sentInWindow = sent - sentAtStart;

    const probes = viewers.filter((_, i) => i % probeEvery === 0);
    const probeFrames = probes.reduce((s, p) => s + p.frames, 0) / probes.length;
    const framesPerSec = (probeFrames * clients) / (windowMs / 1000);
    const messages = viewers.reduce((s, v) => s + v.messages, 0);
    const cpuUs = cpuEnd.cpuUs - cpuStart.cpuUs;
    const sorted = [...latencies].sort((a, b) => a - b);
    for (const c of [...viewers, ...senders]) c.ws.terminate();
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
      cpuUsPerFrame: Number((cpuUs / Math.max(1, framesPerSec * (windowMs / 1000))).toFixed(3)),
      idleBytesPerConn,
      delivered: Number((probeFrames / Math.max(1, sentInWindow)).toFixed(3)),
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
        ['socketio', 1000, 10],
        ['socketio', 1000, 100],
        ['socketio', 5000, 100],
        ['socketio', 10000, 100],
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
