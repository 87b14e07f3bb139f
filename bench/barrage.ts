/**
 * `npm run bench:barrage`: the live room's canvas barrage in Chromium at 200 comments/s for 30 s,
 * at full density and at normal density, and the `danmaku` npm library (canvas and DOM engines)
 * on the same load in the same page as the reference; every engine crosses the 1440 px stage in
 * 8 s. Per engine: frames per second and frame gaps from requestAnimationFrame, the comments on
 * screen (mean and max, sampled every frame after the first crossing), the comments dropped, the
 * wait from push to launch (p50, p99, max) and the JavaScript heap before, at its peak and after.
 * Targets: at full density our mean on screen within 10 % of the DOM engine's, ≥ 58 fps, p99
 * frame ≤ 25 ms; at normal density no comment launched later than the freshness cap (2 s).
 * BENCH_SECONDS and BENCH_RATE change the load.
 */
import { build } from 'esbuild';
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import type { Engine, RunResult, run } from './barrage/page.ts';
import { machine, saveResult } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const ENGINES: Engine[] = ['ours-full', 'danmaku-dom', 'danmaku-canvas', 'ours-normal'];

const bundle = await build({
  entryPoints: ['bench/barrage/page.ts'],
  bundle: true,
  format: 'iife',
  globalName: 'barrageBench',
  write: false,
  minify: true,
});
const script = bundle.outputFiles[0]!.text;
const html = `<!doctype html><html><body style="margin:0;background:#0b0f17">
<div id="stage" style="position:relative;width:1440px;height:810px;overflow:hidden;background:#13202e"></div>
<script>${script}</script></body></html>`;

async function heapMB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return Math.round((usedSize / 2 ** 20) * 10) / 10;
}

interface EngineResult extends RunResult {
  heapBeforeMB: number;
  heapPeakMB: number;
  heapAfterMB: number;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const results: EngineResult[] = [];
try {
  for (const engine of ENGINES) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.setContent(html);
    const cdp = await page.context().newCDPSession(page);
    const heapBeforeMB = await heapMB(cdp);
    let heapPeakMB = heapBeforeMB;
    const sampler = setInterval(() => {
      void cdp
        .send('Runtime.getHeapUsage')
        .then(({ usedSize }) => {
          heapPeakMB = Math.max(heapPeakMB, Math.round((usedSize / 2 ** 20) * 10) / 10);
        })
        .catch(() => {});
    }, 1000);
    const r = await page.evaluate(
      ([e, s, rate]) =>
        (window as unknown as { barrageBench: { run: typeof run } }).barrageBench.run(e, s, rate),
      [engine, SECONDS, RATE] as const,
    );
    clearInterval(sampler);
    results.push({ ...r, heapBeforeMB, heapPeakMB, heapAfterMB: await heapMB(cdp) });
    await page.close();
  }
} finally {
  await browser.close();
}

saveResult('barrage', { date: new Date().toISOString(), machine: machine(), rate: RATE, results });
console.log(`machine: ${machine()}; ${RATE} comments/s for ${SECONDS} s`);
console.log(
  '| engine | fps | p99 frame ms | worst frame ms | on screen mean / max | pushed | dropped | lag p50 / p99 / max ms | heap before / peak / after MB |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.engine} | ${r.fps} | ${r.p99FrameMs} | ${r.worstFrameMs} | ${r.onScreenMean} / ${r.onScreenMax} | ${r.pushed} | ${r.dropped} | ${r.lagP50} / ${r.lagP99} / ${r.lagMax} | ${r.heapBeforeMB} / ${r.heapPeakMB} / ${r.heapAfterMB} |`,
  );
