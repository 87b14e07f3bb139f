/**
 * `npm run bench:content`: Lighthouse (the npm package driving Debian's Chromium) performance,
 * accessibility and SEO scores of /home, /news and /schedule, the gzipped JavaScript each page
 * loads, and server-side rendering requests per second.
 * Targets: performance ≥ 95 and accessibility ≥ 95 on each page; /news ≤ 60 KB gzipped JS.
 * BENCH_RUNS (default 3) Lighthouse runs per page, the median reported.
 */
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { machine, saveResult, shippedJs, startBenchServer } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4398);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = ['/home', '/news', '/schedule'];
const CATEGORIES = ['performance', 'accessibility', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

interface PageResult {
  path: string;
  scores: Record<Category, number>;
  /** Largest contentful paint and total blocking time of the median run, in ms. */
  lcpMs: number;
  tbtMs: number;
  jsFiles: number;
  jsGzipKB: number;
  requestsPerSec: number;
  p50Ms: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** One Lighthouse run with its default mobile emulation and simulated throttling. */
async function audit(port: number, url: string) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  return {
    scores,
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    failing: CATEGORIES.flatMap((c) =>
      (categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${c}:${ref.id}`),
    ),
  };
}

async function ssrLoad(url: string) {
  await autocannon({ url, connections: 10, duration: 2 });
  const r = await autocannon({ url, connections: 50, duration: 8 });
  return { requestsPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50 };
}

const server = await startBenchServer(PORT);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_ARGS.filter((f) => f !== '--headless'), '--headless=new'],
});
const results: PageResult[] = [];
try {
  for (const path of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, server.url + path));
    const perf = median(runs.map((r) => r.scores.performance));
    const mid = runs.find((r) => r.scores.performance === perf) ?? runs[0]!;
    if (mid.failing.length)
      console.log(`${path} audits below full marks: ${mid.failing.join(', ')}`);
    const js = await shippedJs(server.url, path);
    const load = await ssrLoad(server.url + path);
    results.push({
      path,
      scores: mid.scores,
      lcpMs: mid.lcpMs,
      tbtMs: mid.tbtMs,
      jsFiles: js.files,
      jsGzipKB: Math.round(js.gzipBytes / 102.4) / 10,
      ...load,
    });
  }
} finally {
  chrome.kill();
  await server.stop();
}

saveResult('content', { date: new Date().toISOString(), machine: machine(), runs: RUNS, results });
console.log(`machine: ${machine()}`);
console.log(
  '| page | performance | accessibility | SEO | LCP ms | TBT ms | JS files | JS gz KB | SSR req/s | p50 ms |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.path} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.jsFiles} | ${r.jsGzipKB} | ${r.requestsPerSec} | ${r.p50Ms} |`,
  );
