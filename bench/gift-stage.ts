/**
 * `npm run bench:stage`: the Pixi gift stage in Chromium with 20 animated gifts queued at once
 * (played one at a time by the real play queue), measuring frames per second from
 * requestAnimationFrame and the JavaScript heap (after a forced GC) before, at its peak and after
 * the queue drains and after the stage is destroyed. Memory per animation is the peak above the
 * idle stage with its art loaded, since one animation plays at a time. Targets: 60 fps and at
 * most 8 MB per animation. BENCH_GIFTS changes the count; BENCH_RENDERER=webgl or canvas forces a renderer (by default the stage picks, as in the room); BENCH_SHOTS=1 instead saves a frame
 * of every animation and entrance to test-results/stage/ to look at.
 */
import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { GIFTS } from '../src/lib/gifts/catalogue.ts';
import type { RunResult, run, setup, show, teardown } from './gift-stage/page.ts';
import { machine, saveResult } from './lib.ts';

const COUNT = Number(process.env.BENCH_GIFTS ?? 20);
const SHOTS = process.env.BENCH_SHOTS === '1';
const RENDERER = (['webgl', 'canvas'] as const).find((r) => r === process.env.BENCH_RENDERER);
const ORIGIN = 'http://stage.test';

const bundle = await build({
  entryPoints: ['bench/gift-stage/page.ts'],
  bundle: true,
  format: 'iife',
  globalName: 'stageBench',
  write: false,
  minify: true,
});
const script = bundle.outputFiles[0]!.text;
const html = `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;background:#0b0e14">
<div id="player" style="position:relative;width:960px;height:540px;background:radial-gradient(circle at 30% 40%,#1d4d3a,#0d2a20 60%,#07140f);overflow:hidden">
<div id="stage" style="position:absolute;top:0;right:42px"></div></div>
<script>${script}</script></body></html>`;

type Bench = { run: typeof run; setup: typeof setup; show: typeof show; teardown: typeof teardown };

async function open(page: Page): Promise<void> {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/') return route.fulfill({ body: html, contentType: 'text/html' });
    try {
      const body = readFileSync(path.join('public', decodeURIComponent(url.pathname)));
      return await route.fulfill({ body, contentType: 'image/svg+xml' });
    } catch {
      return route.fulfill({ status: 404 });
    }
  });
  await page.goto(`${ORIGIN}/`);
}

async function heapMB(cdp: CDPSession, gc = true): Promise<number> {
  if (gc) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return Math.round((usedSize / 2 ** 20) * 100) / 100;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  if (SHOTS) await shots();
  else await measure();
} finally {
  await browser.close();
}

async function shots(): Promise<void> {
  const dir = path.resolve('test-results/stage');
  mkdirSync(dir, { recursive: true });
  const cases: { name: string; what: Parameters<typeof show>[0]; at: number }[] = [
    ...GIFTS.filter((g) => g.animat_type === 1).map((g) => ({
      name: g.key,
      what: { giftid: g.id, hit: 3 },
      at: Number(process.env.SHOT_AT ?? 1300),
    })),
    ...([1, 2, 3] as const).map((level) => ({ name: `noble-${level}`, what: { level }, at: 1500 })),
  ];
  for (const c of cases) {
    const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
    await open(page);
    await page.evaluate(() =>
      (window as unknown as { stageBench: Bench }).stageBench.setup(340, 540),
    );
    await page.evaluate(
      (w) => (window as unknown as { stageBench: Bench }).stageBench.show(w),
      c.what,
    );
    await page.waitForTimeout(c.at);
    await page.locator('#player').screenshot({ path: path.join(dir, `${c.name}.png`) });
    await page.close();
  }
  console.log(`frames in ${dir}`);
}

async function measure(): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await open(page);
  const cdp = await page.context().newCDPSession(page);
  const heapEmptyMB = await heapMB(cdp);
  const renderer = await page.evaluate(
    (preference) =>
      (window as unknown as { stageBench: Bench }).stageBench.setup(340, 540, 'en-US', preference),
    RENDERER,
  );
  // Warm up: load every gift's art once so the run measures animations, not downloads.
  for (const g of GIFTS.filter((x) => x.animat_type === 1)) {
    await page.evaluate(
      (id) => (window as unknown as { stageBench: Bench }).stageBench.show({ giftid: id }),
      g.id,
    );
  }
  await page.waitForFunction(
    () => document.getElementById('stage')!.dataset.state === 'idle',
    undefined,
    {
      timeout: 60_000,
    },
  );
  const heapBeforeMB = await heapMB(cdp);
  let heapPeakMB = heapBeforeMB;
  const sampler = setInterval(() => {
    void heapMB(cdp, false)
      .then((mb) => (heapPeakMB = Math.max(heapPeakMB, mb)))
      .catch(() => {});
  }, 200);
  const r: RunResult = await page.evaluate(
    (n) => (window as unknown as { stageBench: Bench }).stageBench.run(n),
    COUNT,
  );
  clearInterval(sampler);
  const heapAfterMB = await heapMB(cdp);
  await page.evaluate(() => (window as unknown as { stageBench: Bench }).stageBench.teardown());
  const heapDestroyedMB = await heapMB(cdp);
  await page.close();
  const perAnimationMB = Math.round((heapPeakMB - heapBeforeMB) * 100) / 100;
  const result = {
    ...r,
    renderer: r.renderer || renderer,
    heapEmptyMB,
    heapBeforeMB,
    heapPeakMB,
    heapAfterMB,
    heapDestroyedMB,
    perAnimationMB,
  };
  saveResult('gift-stage', { date: new Date().toISOString(), machine: machine(), result });
  console.log(`machine: ${machine()}; ${COUNT} gifts queued at once, renderer ${result.renderer}`);
  console.log(
    '| gifts played | seconds | fps | p99 frame ms | worst frame ms | heap before / peak / after / destroyed MB | per animation MB |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| ${r.played}/${r.gifts} | ${r.seconds} | ${r.fps} | ${r.p99FrameMs} | ${r.worstFrameMs} | ${heapBeforeMB} / ${heapPeakMB} / ${heapAfterMB} / ${heapDestroyedMB} | ${perAnimationMB} |`,
  );
  console.log(`targets: 60 fps, ≤ 8 MB per animation`);
}
