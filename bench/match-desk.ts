/**
 * `npm run bench:desk`: a desk line reaching 10,000 sockets that follow the match. Starts a
 * two-process cluster (`npm run cluster`: PostgreSQL, Redis, two app processes), opens
 * BENCH_SOCKETS (default 10,000) sockets that send `watchMatch` for the demo's featured match,
 * split evenly over the app processes' loopback ports (in BENCH_WORKERS worker threads, default
 * 2), then an administrator posts a text line through the desk's own call
 * (`matchDeskApi.line`, POST /api/admin/matches/line) on process A every second for
 * BENCH_SECONDS (default 30). Measured from the start of each call to each socket's receipt of
 * its line: p50, p99 and worst, and the frames delivered (sockets × lines when none is lost).
 * Target: p99 ≤ 500 ms.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { matchDeskApi } from '../src/lib/sports/desk-api.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { findDemoMatch } from '../src/server/seed/demo-player.ts';
import { apiCall, machine, saveResult } from './lib.ts';
import type { Receipts, WatcherData } from './match-desk/watchers.ts';
import { appSockets } from './realtime/cluster.ts';
import { percentile } from './realtime/clients.ts';
import { startCluster } from './start-cluster.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ADMIN = '13900000005';

const { info, stop } = await startCluster({
  SECRET: randomBytes(32).toString('hex'),
  // Every follower comes from loopback: one address may hold them all here.
  IM_MAX_PER_IP: '1000000',
  MAX_SOCKETS_PER_IP: '60000',
});
const workers: Worker[] = [];
try {
  const ports = info.apps.map((app) => app.port);
  const [a] = ports.map((port) => `http://127.0.0.1:${port}`) as [string];
  const database = await openDatabase({ url: info.database_url });
  const matchId = await findDemoMatch(database.db);
  await database.close();
  if (matchId === undefined) throw new Error('the demo match is missing');
  const { token } = await apiCall<{ token: string }>(a, '/api/user/login', '', {
    account: ADMIN,
    pwd: 'demo1234',
    platform: 0,
    login_type: 1,
    source_id: 10001,
  });

  const opened = Date.now();
  for (let w = 0; w < WORKERS; w++) {
    const count = Math.floor(SOCKETS / WORKERS) + (w < SOCKETS % WORKERS ? 1 : 0);
    // Each worker starts on the next port, so the sockets split evenly over the processes.
    const data: WatcherData = {
      ports: [...ports.slice(w % ports.length), ...ports.slice(0, w % ports.length)],
      count,
      matchId,
    };
    const worker = new Worker(new URL('./match-desk/watchers.ts', import.meta.url), {
      workerData: data,
    });
    workers.push(worker);
  }
  await Promise.all(
    workers.map(
      (w) =>
        new Promise((resolve, reject) => {
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  const socketsByPort = await Promise.all(ports.map(appSockets));
  console.log(JSON.stringify({ event: 'followers_ready', ms: Date.now() - opened, socketsByPort }));

  const post = (minute: number, n: number) =>
    apiCall<{ line: { id: number } }>(a, matchDeskApi.line.path, token, {
      id: matchId,
      minute,
      kind: 'info',
      zh: `基准测试第 ${n} 条`,
      en: `Benchmark line ${n}`,
    });
  // One line first, not measured: connections and statements warm up.
  await post(1, 0);
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const started = new Map<number, number>();
  const callMs: number[] = [];
  const calls: Promise<void>[] = [];
  const first = Date.now();
  for (let n = 1; n <= SECONDS; n++) {
    const due = first + (n - 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    const start = Date.now();
    calls.push(
      post(Math.min(120, n), n).then(({ line }) => {
        started.set(line.id, start);
        callMs.push(Date.now() - start);
      }),
    );
  }
  await Promise.all(calls);
  // What is still on its way.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const latencies: number[] = [];
  const byPort = new Map<number, number[]>(ports.map((port) => [port, []]));
  for (const worker of workers) {
    const receipts = await new Promise<Receipts>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage('collect');
    });
    for (const [port, id, times] of receipts) {
      const start = started.get(id);
      if (start === undefined) continue;
      for (const at of times) {
        latencies.push(at - start);
        byPort.get(port)!.push(at - start);
      }
    }
  }
  latencies.sort((x, y) => x - y);
  const summary = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
      frames: sorted.length,
    };
  };
  callMs.sort((x, y) => x - y);
  const expected = SOCKETS * started.size;
  const result = {
    machine: machine(),
    date: new Date().toISOString(),
    processes: ports.length,
    sockets: SOCKETS,
    socketsByPort,
    lines: started.size,
    path: `POST ${matchDeskApi.line.path}`,
    receiptMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
    },
    // Process A takes the desk's call; B gets the update over Redis.
    receiptMsByProcess: ports.map((port) => summary(byPort.get(port)!)),
    deskCallMs: { p50: percentile(callMs, 50), max: callMs.at(-1) ?? NaN },
    framesDelivered: latencies.length,
    framesExpected: expected,
    targetP99Ms: 500,
  };
  console.log(JSON.stringify(result));
  console.log(`results: ${saveResult('match-desk', result)}`);
} finally {
  for (const worker of workers) worker.postMessage('close');
  await Promise.all(workers.map((w) => w.terminate()));
  await stop();
}
