/**
 * `npm run bench:gifts`: whole gift transactions per second, as the realtime hub charges them
 * (through the process's gift queue, which writes what waits in one transaction): the sender's
 * debit and the anchor's income with their ledger rows, the rankings, the room's heat and the
 * live statistics. Runs on PGlite (on disk, as `npm start` uses it) and on PostgreSQL (a fresh
 * database created on TEST_DATABASE_URL or DATABASE_URL and dropped afterwards), then verifies
 * the ledger (zero drift required; the exit code is 1 otherwise).
 * Targets: ≥ 500/s on PGlite, ≥ 2,000/s on PostgreSQL.
 * Knobs: BENCH_GIFTS (gifts per database, default 5,000), BENCH_CONCURRENCY (senders pressing
 * at once, default 32).
 */
import type { Database } from '../src/server/db/index.ts';
import { categories, liveRooms, users, wallets } from '../src/server/db/schema.ts';
import { GiftCharger } from '../src/server/gifts/charge.ts';
import { openSession } from '../src/server/studio/stats.ts';
import { applyMoves } from '../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../src/server/wallet/verify.ts';
import { machine, onEachDatabase, saveResult } from './lib.ts';

const GIFTS = Number(process.env.BENCH_GIFTS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SENDERS = 200;
const ANCHORS = 20;
/** Gift prices in minor units (1 to 52 gems), as the demo catalogue has them. */
const PRICES = [100, 520, 1_000, 1_880, 5_200];
const TARGETS = { pglite: 500, postgres: 2_000 } as const;

interface Run {
  database: 'pglite' | 'postgres';
  transfers: number;
  refused: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  drift: number;
  target: number;
}

async function prepare(db: Database['db']): Promise<{ senders: number[]; anchors: number[] }> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: SENDERS + ANCHORS }, (_, i) => ({
        mobile: `1370${String(i).padStart(7, '0')}`,
        nickName: `Bench${i}`,
        role: i < SENDERS ? 1 : 2,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  await db.insert(wallets).values(ids.map((userId) => ({ userId })));
  const senders = ids.slice(0, SENDERS);
  for (const [i, userId] of senders.entries()) {
    // Most senders can afford everything; every tenth runs dry, so refusals are measured too.
    const amount = i % 10 === 1 ? 8_000 : 100_000_000;
    await applyMoves(db, {
      key: `bench-grant:${userId}`,
      kind: 'grant',
      moves: [{ userId, currency: 'gold', amount, kind: 'grant' }],
    });
  }
  // Each anchor live in a room of their own, so heat and the live's statistics are written too.
  const anchors = ids.slice(SENDERS);
  await db.insert(categories).values({ id: 1, nameZh: '体育', nameEn: 'Sports' });
  await db.insert(liveRooms).values(
    anchors.map((anchorId) => ({
      anchorId,
      title: 'Bench',
      cover: '',
      categoryId: 1,
      isLive: true,
    })),
  );
  for (const anchorId of anchors) {
    await openSession(db, anchorId, { title: 'Bench', categoryId: 1, secondCategoryId: null });
  }
  return { senders, anchors };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function measure(database: Database): Promise<Run> {
  const { db } = database;
  const { senders, anchors } = await prepare(db);
  let next = 0;
  let refused = 0;
  const latencies: number[] = [];
  const charger = new GiftCharger(db);
  const transfer = async (i: number) => {
    const sender = senders[i % SENDERS]!;
    const anchor = anchors[(i * 7) % ANCHORS]!;
    const price = PRICES[i % PRICES.length]!;
    const started = performance.now();
    const outcome = await charger.charge({
      senderId: sender,
      anchorId: anchor,
      gift: { id: 1 + (i % PRICES.length), price, currency: 'gold' },
      count: 1,
      clientMsgId: `bench-${i}`,
      at: new Date(),
    });
    if (outcome.status === 'short') refused += 1;
    else if (outcome.status !== 'ok') throw new Error(`bench gift ${i}: ${outcome.status}`);
    latencies.push(performance.now() - started);
  };
  const worker = async (count: number) => {
    while (next < count) await transfer(next++);
  };
  // Warm-up (plans, caches, connections), not counted.
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(200)));
  latencies.length = 0;
  refused = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(200 + GIFTS)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const report = await verifyLedger(db);
  if (!isClean(report)) console.error(JSON.stringify(report.drift.slice(0, 10), null, 2));
  return {
    database: database.kind,
    transfers: GIFTS,
    refused,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(GIFTS / seconds),
    p50: Number(percentile(latencies, 50).toFixed(2)),
    p99: Number(percentile(latencies, 99).toFixed(2)),
    drift: report.drift.length + report.negative.length + report.emptyOperations,
    target: TARGETS[database.kind],
  };
}

const runs = await onEachDatabase('gifts', measure);

const lines = [
  `Gifts (debit, income, 2 ledger rows, rankings, heat, live statistics; charged in batches ` +
    `by the gift queue), ${GIFTS} per database, ${CONCURRENCY} senders at once; ${machine()}`,
  '',
  '| database | gifts/s | target | p50 ms | p99 ms | refused | ledger drift |',
  '| -------- | ----------: | -----: | -----: | -----: | ------: | -----------: |',
  ...runs.map(
    (r) =>
      `| ${r.database} | ${r.perSecond} | ≥ ${r.target} | ${r.p50} | ${r.p99} | ${r.refused} | ${r.drift} |`,
  ),
];
console.log(lines.join('\n'));
saveResult('gifts', { date: new Date().toISOString(), machine: machine(), runs });
process.exit(runs.every((r) => r.drift === 0) ? 0 : 1);
