/**
 * `npm run bench:churn`: viewers coming and going while a room chats. A room of BENCH_VIEWERS
 * probes (default 200) hears 20 senders at BENCH_RATE messages/s (default 50); first quietly,
 * then while BENCH_CYCLES (default 10,000) guests connect, join the same room, get their
 * loginRep and leave, BENCH_CONCURRENCY (default 50) at a time, as fast as the server takes
 * them; BENCH_ROUNDS (default 2) such rounds. Reports the chat's delivery latency quiet and
 * during the churn, the cycles per second, and the server's memory (after a full GC) and open
 * sockets before and after each round: a leak grows every round, a warm-up only the first.
 * Targets: memory after within a few MB of before; the churn's p99 within 2x the quiet one.
 */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { machine, saveResult } from './lib.ts';
import { hubClient, paced, percentile, startChild, type LoadClient } from './realtime/clients.ts';
import { hubJoin } from './realtime/sink.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4412);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const SENDERS = 20;
const RATE = Number(process.env.BENCH_RATE ?? 50);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const QUIET_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECRET = randomBytes(32).toString('hex');

const MB = (bytes: number) => Number((bytes / 2 ** 20).toFixed(1));

/** Guest `index` connects, joins the bench room, waits for its loginRep and leaves. */
function cycle(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/im?lang=en`);
    ws.once('error', reject);
    ws.once('open', () => ws.send(hubJoin(SECRET, 1_000_000 + index)));
    ws.on('message', (raw: Buffer) => {
      if (!raw.toString().includes('"loginRep"')) return;
      ws.close();
    });
    ws.once('close', () => resolve());
  });
}

/** Sends `b:<now>` messages at RATE per second from the senders, in turn, until stopped. */
function chat(senders: LoadClient[]) {
  let next = 0;
  return paced(RATE, () => {
    const content = `b:${Date.now()}`;
    senders[next]!.ws.send(JSON.stringify({ type: 'say', data: { content } }));
    next = (next + 1) % senders.length;
  });
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { delivered: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const child = await startChild('hub', PORT, SENDERS, SECRET);
try {
  const latencies: number[] = [];
  const probes: LoadClient[] = [];
  for (let i = 0; i < VIEWERS; i++) probes.push(await hubClient(PORT, SECRET, i, latencies));
  const senders: LoadClient[] = [];
  for (let i = 0; i < SENDERS; i++) {
    senders.push(await hubClient(PORT, SECRET, i, undefined, child.ready.senders[i]));
  }
  const talk = chat(senders);
  await new Promise((r) => setTimeout(r, 2000));
  const before = await child.stats();

  // Quiet: the room chats, nobody comes or goes.
  latencies.length = 0;
  await new Promise((r) => setTimeout(r, QUIET_SECONDS * 1000));
  const quiet = summary(latencies);

  // Churn: CYCLES guests come and go, CONCURRENCY at a time, while the room chats on.
  latencies.length = 0;
  const rounds = [];
  let churnMs = 0;
  let failed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const churnStart = Date.now();
    let started = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (started < CYCLES) {
          const index = round * CYCLES + started++;
          await cycle(index).catch(() => void failed++);
        }
      }),
    );
    churnMs += Date.now() - churnStart;
    // Settle (the statistics of the entries are written within a second), then weigh.
    await new Promise((r) => setTimeout(r, 3000));
    const after = await child.stats();
    rounds.push({
      memoryAfterMB: MB(after.memory),
      sockets: after.connections,
      loopP99Ms: after.loopP99Ms,
      loopMaxMs: after.loopMaxMs,
    });
  }
  const churn = summary(latencies);
  talk.stop();
  const sent = talk.sent();
  for (const c of [...probes, ...senders]) c.close();
  const last = rounds[rounds.length - 1]!.memoryAfterMB;

  const result = {
    machine: machine(),
    date: new Date().toISOString(),
    viewers: VIEWERS,
    rate: RATE,
    cycles: CYCLES * ROUNDS,
    concurrency: CONCURRENCY,
    failedCycles: failed,
    cyclesPerSec: Math.round((CYCLES * ROUNDS) / (churnMs / 1000)),
    chatSent: sent,
    quiet,
    churn,
    p99Ratio: Number((churn.p99 / quiet.p99).toFixed(2)),
    memoryBeforeMB: MB(before.memory),
    socketsBefore: before.connections,
    rounds,
    memoryGrowthMB: Number((last - MB(before.memory)).toFixed(1)),
    lastRoundGrowthMB:
      rounds.length > 1
        ? Number((last - rounds[rounds.length - 2]!.memoryAfterMB).toFixed(1))
        : null,
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`results: ${saveResult('churn', result)}`);
} finally {
  child.proc.kill();
}
