/**
 * `npm run bench:engagement`: the morning rush of the daily check-in and the lottery, through
 * the API in process (validation, session lookup, envelope). USERS members each check in once
 * (50 calls in flight), then all check in again at once (every second call refused), then each
 * spends SPINS lottery chances. Reported: calls per second, p50/p99 latency, check-in rows per
 * member (1 required) and the ledger verified (zero drift required; exit 1 otherwise). PGlite on
 * disk (as `npm start`) and PostgreSQL (a fresh database on TEST_DATABASE_URL or DATABASE_URL).
 * Knobs: BENCH_ENGAGE_USERS (default 2,000), BENCH_ENGAGE_SPINS (default 3),
 * BENCH_ENGAGE_CONCURRENCY (default 50), BENCH_DB (pglite or postgres only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, countDistinct } from 'drizzle-orm';
import { LOTTERY_CHANCE_ITEM } from '../src/lib/rewards/types.ts';
import { createApi } from '../src/server/app.ts';
import { createSession } from '../src/server/sessions.ts';
import { backpackItems, checkins, lotteryDraws, users, wallets } from '../src/server/db/schema.ts';
import type { Database } from '../src/server/db/index.ts';
import { seedDemo } from '../src/server/seed/index.ts';
import { readEnv } from '../src/server/env.ts';
import { createLocalBus } from '../src/server/shared/bus.ts';
import { createMemoryState } from '../src/server/shared/state.ts';
import { openMediaStore, openStore } from '../src/server/storage/index.ts';
import { consoleSms } from '../src/server/sms/index.ts';
import { isClean, verifyLedger } from '../src/server/wallet/verify.ts';
import { percentile } from './realtime/clients.ts';
import { machine, onEachDatabase, saveResult } from './lib.ts';

const USERS = Number(process.env.BENCH_ENGAGE_USERS ?? 2_000);
const SPINS = Number(process.env.BENCH_ENGAGE_SPINS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_ENGAGE_CONCURRENCY ?? 50);

interface Phase {
  calls: number;
  ok: number;
  perSecond: number;
  p50: number;
  p99: number;
}

interface Run {
  database: 'pglite' | 'postgres';
  checkin: Phase;
  repeat: Phase;
  draw: Phase;
  rowsPerMember: number;
  drift: number;
}

/** Runs `calls` with CONCURRENCY in flight; times each and counts status 0 answers. */
async function phase(calls: (() => Promise<number>)[]): Promise<Phase> {
  const times: number[] = [];
  let ok = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < calls.length) {
        const call = calls[next++]!;
        const t0 = performance.now();
        if ((await call()) === 0) ok += 1;
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    calls: calls.length,
    ok,
    perSecond: Math.round(calls.length / seconds),
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
  };
}

async function measure(database: Database): Promise<Run> {
  const { db } = database;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-bench-engage-'));
  await seedDemo(db, new Date(), { liveHistory: false });
  const env = readEnv({ DATA_DIR: dataDir, LOG_REQUESTS: '0' });
  const rt = {
    env,
    database,
    db,
    sms: consoleSms(() => {}),
    bus: createLocalBus(),
    shared: createMemoryState(),
    storage: openStore(env.storage, env.dataDir),
    mediaStore: openMediaStore(env.storage, env.mediaDir),
  };
  const app = createApi(rt);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        mobile: `166${String(i).padStart(8, '0')}`,
        nickName: `Rush${i}`,
      })),
    )
    .returning({ id: users.id });
  await db.insert(wallets).values(rows.map((r) => ({ userId: r.id })));
  const tokens = await Promise.all(rows.map((r) => createSession(db, r.id, 'bench')));
  const post = (token: string, url: string) => async () => {
    const res = await app.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as { status: number }).status;
  };
  const checkin = await phase(tokens.map((t) => post(t, '/api/checkin/checkinToday')));
  const repeat = await phase(tokens.map((t) => post(t, '/api/checkin/checkinToday')));
  await db.insert(backpackItems).values(
    rows.map((r) => ({
      userId: r.id,
      itemType: LOTTERY_CHANCE_ITEM,
      propsId: 0,
      quantity: SPINS,
    })),
  );
  const draw = await phase(
    Array.from({ length: SPINS }, () => tokens.map((t) => post(t, '/api/lottery/draw'))).flat(),
  );
  const [made] = await db
    .select({ n: count(), members: countDistinct(checkins.userId) })
    .from(checkins);
  const [draws] = await db.select({ n: count() }).from(lotteryDraws);
  const report = await verifyLedger(db);
  rmSync(dataDir, { recursive: true, force: true });
  const consistent =
    made!.n === USERS && made!.members === USERS && repeat.ok === 0 && draws!.n === draw.ok;
  return {
    database: database.kind,
    checkin,
    repeat,
    draw,
    rowsPerMember: made!.n / USERS,
    drift: isClean(report) && consistent ? 0 : 1,
  };
}

const runs = await onEachDatabase('engagement', measure);
const row = (r: Run, name: string, p: Phase) =>
  `| ${r.database} | ${name} | ${p.calls} | ${p.ok} | ${p.perSecond} | ${p.p50} | ${p.p99} |`;
const lines = [
  `Daily check-in and lottery through the API in process: ${USERS} members check in (${CONCURRENCY} ` +
    `calls in flight), check in again (all refused), then spend ${SPINS} spins each; ${machine()}`,
  '',
  '| database | phase | calls | status 0 | calls/s | p50 ms | p99 ms |',
  '| -------- | ----- | ----: | -------: | ------: | -----: | -----: |',
  ...runs.flatMap((r) => [
    row(r, 'check in', r.checkin),
    row(r, 'again (refused)', r.repeat),
    row(r, 'lottery draw', r.draw),
  ]),
  '',
  ...runs.map(
    (r) => `${r.database}: ${r.rowsPerMember} check-in per member, ledger drift ${r.drift}`,
  ),
];
console.log(lines.join('\n'));
saveResult('engagement', { date: new Date().toISOString(), machine: machine(), runs });
process.exit(runs.every((r) => r.drift === 0 && r.rowsPerMember === 1) ? 0 : 1);
