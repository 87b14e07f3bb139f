/**
 * `npm run bench:room-pair`: the first frame of two builds of the site, in paired loads. On a
 * machine whose speed moves by a third between runs, two whole runs of `bench:room` cannot show
 * a change of 100 ms; loads of the two builds taken in turn, in one browser, can. Each server
 * runs from its own checkout: this one and BENCH_OTHER_TREE (another checkout of the project,
 * built with `node scripts/build.ts`). Each pair is one load of each build in a fresh context,
 * the order alternating from pair to pair; the demo room (or BENCH_ROOM) is opened
 * BENCH_PAIRS times (default 15) after one warm-up load of each. With BENCH_CROWD=N, N other
 * connections keep asking the same server for the room's page during each load (a crowd arriving
 * at kick-off), the load generator in this process. BENCH_NETWORK=fast4g or slow4g loads both over
 * a mobile network.
 */
import autocannon from 'autocannon';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { spawnServer } from '../scripts/spawn-server.ts';
import { benchNetwork, emulateNetwork, machine, noteFirstFrame, saveResult } from './lib.ts';

const other = process.env.BENCH_OTHER_TREE;
if (!other) throw new Error('Set BENCH_OTHER_TREE to another built checkout of the project');
const PAIRS = Number(process.env.BENCH_PAIRS ?? 15);
const ROOM = process.env.BENCH_ROOM ?? '100003';
const CROWD = Number(process.env.BENCH_CROWD ?? 0);
/** BENCH_NETWORK=fast4g or slow4g: both builds loaded over that mobile network (lib.ts). */
const NETWORK = benchNetwork();

/** Runs `load` while CROWD connections ask for `url` over and over; the pages they got. */
async function withCrowd<T>(url: string, load: () => Promise<T>): Promise<T> {
  if (CROWD === 0) return load();
  const crowd = autocannon({ url, connections: CROWD, duration: 600 }, () => {});
  try {
    return await load();
  } finally {
    crowd.stop();
  }
}

/** Ms from navigation start to the first frame of the room's player, in a fresh context. */
async function firstFrame(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await emulateNetwork(context, page, NETWORK);
  await page.addInitScript(noteFirstFrame);
  await page.goto(url);
  const handle = await page.waitForFunction(
    () => (window as { firstFrameAt?: number }).firstFrameAt,
    null,
    { timeout: 30_000, polling: 50 },
  );
  const at = (await handle.jsonValue()) as number;
  await context.close();
  return at;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN);
};

// spawnServer starts src/server/main.ts of the working directory.
const here = process.cwd();
process.chdir(other);
const otherServer = await spawnServer({ NODE_ENV: 'development' });
process.chdir(here);
const thisServer = await spawnServer({ NODE_ENV: 'development' });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
});
const urls = {
  other: `${otherServer.url}/liveMatchesTwo/${ROOM}`,
  this: `${thisServer.url}/liveMatchesTwo/${ROOM}`,
};
const frames = { other: [] as number[], this: [] as number[] };
try {
  await firstFrame(browser, urls.other);
  await firstFrame(browser, urls.this);
  for (let i = 0; i < PAIRS; i++) {
    const order = i % 2 ? (['other', 'this'] as const) : (['this', 'other'] as const);
    for (const tree of order) {
      frames[tree].push(await withCrowd(urls[tree], () => firstFrame(browser, urls[tree])));
    }
  }
} finally {
  await browser.close();
  await otherServer.stop();
  await thisServer.stop();
}

console.log(`\nbench:room-pair on ${machine()}, ${new Date().toISOString()}`);
console.log(
  `first frame of room ${ROOM}, ms after navigation start, ${PAIRS} pairs` +
    (NETWORK ? `, over ${NETWORK}` : '') +
    (CROWD ? `, ${CROWD} connections asking for the room's page meanwhile:` : ':'),
);
for (const tree of ['other', 'this'] as const) {
  const label = tree === 'other' ? `other tree (${other})` : 'this tree';
  console.log(`  ${label.padEnd(40)} median ${median(frames[tree])}`);
}
console.log(
  `results: ${saveResult('room-pair', {
    machine: machine(),
    at: new Date(),
    room: ROOM,
    crowd: CROWD,
    network: NETWORK,
    frames,
  })}`,
);
