/**
 * `npm run bench:pages`: server-side rendering throughput and latency of /home, /news and the demo
 * live room over loopback (autocannon, 50 connections), and the gzipped JavaScript /news ships in
 * Chromium.
 * Targets: /news ≤ 60 KB gzipped JS; /home p50 ≤ 15 ms at 50 connections.
 */
import autocannon from 'autocannon';
import { machine, saveResult, shippedJs, startBenchServer } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4399);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

interface LoadResult {
  path: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, path: string): Promise<LoadResult> {
  await autocannon({ url: url + path, connections: 10, duration: 2 });
  const r = await autocannon({ url: url + path, connections: CONNECTIONS, duration: DURATION_S });
  return {
    path,
    requestsPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

const server = await startBenchServer(PORT);
try {
  const results = [
    await load(server.url, '/home'),
    await load(server.url, '/news'),
    await load(server.url, '/liveMatchesTwo/100003'),
  ];
  const js = await shippedJs(server.url, '/news');
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    connections: CONNECTIONS,
    durationS: DURATION_S,
    results,
    newsJs: js,
  };
  saveResult('pages', report);
  console.log(`machine: ${report.machine}`);
  console.log('| page | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.path} | ${r.requestsPerSec} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`,
    );
  console.log(
    `/news ships ${js.files} script files, ${(js.gzipBytes / 1024).toFixed(1)} KB gzipped`,
  );
} finally {
  await server.stop();
}
