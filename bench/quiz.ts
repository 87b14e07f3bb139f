/**
 * `npm run bench:quiz`: quiz bets per second through the realtime hub, and the time to settle a
 * 10,000-bet quiz. Bettors are real WebSocket clients joined to a live room as logged-in users;
 * each bet is a `bet` frame answered with `betRep` (the ledger debit, the stake and the pool in
 * one batched transaction). Then a quiz with 10,000 stakes is drawn and paid out. Both runs end
 * with the ledger verified and the pools and escrow compared with the accepted stakes (zero drift
 * required; the exit code is 1 otherwise). PGlite on disk (as `npm start`) and PostgreSQL (a
 * fresh database on TEST_DATABASE_URL or DATABASE_URL, dropped afterwards).
 * Targets: ≥ 1,000 bets/s and settlement ≤ 2 s on PostgreSQL.
 * Knobs: BENCH_QUIZ_RATE (bets offered per second on PostgreSQL, default 1,500;
 * BENCH_QUIZ_RATE_PGLITE, default 500, where the database shares the hub's event loop), BENCH_QUIZ_SECONDS (default
 * 10), BENCH_QUIZ_SOCKETS (bettors, default 400: a socket may send 5 frames a second),
 * BENCH_QUIZ_STAKES (stakes settled, default 10,000), BENCH_DB (pglite or postgres only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { createApi } from '../src/server/app.ts';
import { createSession, hashToken } from '../src/server/sessions.ts';
import { signUserSig } from '../src/server/auth/usersig.ts';
import { queryRows, type Database, type Db } from '../src/server/db/index.ts';
import { categories, liveRooms, users, wallets } from '../src/server/db/schema.ts';
import { readEnv } from '../src/server/env.ts';
import { createServer } from '../src/server/server.ts';
import { ensureSystemAccounts, QUIZ_ESCROW_ID } from '../src/server/quiz/accounts.ts';
import { placeBets } from '../src/server/quiz/bets.ts';
import { createQuiz } from '../src/server/quiz/service.ts';
import { runJob, startDraw } from '../src/server/quiz/settle.ts';
import { createLocalBus } from '../src/server/shared/bus.ts';
import { createMemoryState } from '../src/server/shared/state.ts';
import { openMediaStore, openStore } from '../src/server/storage/index.ts';
import { createHub } from '../src/server/realtime/hub.ts';
import type { Runtime } from '../src/server/runtime.ts';
import { consoleSms } from '../src/server/sms/index.ts';
import { applyBatch } from '../src/server/wallet/batch.ts';
import { isClean, verifyLedger } from '../src/server/wallet/verify.ts';
import { percentile } from './realtime/clients.ts';
import { machine, onEachDatabase, saveResult } from './lib.ts';

/** Bets offered per second: PGlite shares the event loop with the hub, so it is offered less. */
const RATES = {
  postgres: Number(process.env.BENCH_QUIZ_RATE ?? 1_500),
  pglite: Number(process.env.BENCH_QUIZ_RATE_PGLITE ?? 500),
} as const;
const SECONDS = Number(process.env.BENCH_QUIZ_SECONDS ?? 10);
const SOCKETS = Number(process.env.BENCH_QUIZ_SOCKETS ?? 400);
const STAKES = Number(process.env.BENCH_QUIZ_STAKES ?? 10_000);
const TARGETS = { betsPerSecond: 1_000, settleSeconds: 2 } as const;

interface Run {
  database: 'pglite' | 'postgres';
  rate: number;
  offered: number;
  accepted: number;
  refused: number;
  perSecond: number;
  p50: number;
  p99: number;
  settleStakes: number;
  settleSeconds: number;
  drift: number;
}

/** `count` users with wallets and `gold` each; returns their ids. */
async function people(db: Db, prefix: string, count: number, gold: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 2_000) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(2_000, count - start) }, (_, i) => ({
          mobile: `${prefix}${String(start + i).padStart(11 - prefix.length, '0')}`,
          nickName: `Fan${start + i}`,
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  for (let start = 0; start < ids.length; start += 2_000) {
    const some = ids.slice(start, start + 2_000);
    await db.insert(wallets).values(some.map((userId) => ({ userId })));
    if (gold > 0) {
      await applyBatch(
        db,
        some.map((userId) => ({
          key: `bench-quiz-grant:${userId}`,
          kind: 'grant',
          moves: [{ userId, currency: 'gold' as const, amount: gold, kind: 'grant' }],
        })),
      );
    }
  }
  return ids;
}

/** A bettor's socket, joined to the room; resolves after loginRep. */
function bettor(port: number, rt: Runtime, userId: number, room: number, token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/im?lang=en`);
  const sig = signUserSig(rt.env.secret, String(userId), Date.now(), hashToken(token));
  return new Promise<WebSocket>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () =>
      ws.send(
        JSON.stringify({
          type: 'login',
          data: { groupId: String(room), channel: 'OFFICIAL', id: String(userId), sig },
        }),
      ),
    );
    const onJoin = (raw: Buffer) => {
      if (raw.toString().includes('"loginRep"')) {
        ws.off('message', onJoin);
        resolve(ws);
      }
    };
    ws.on('message', onJoin);
  });
}

async function measure(database: Database): Promise<Run> {
  const { db } = database;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-bench-quiz-env-'));
  const env = readEnv({ DATA_DIR: dataDir, LOG_REQUESTS: '0', SEED_DEMO: '0' });
  const rt: Runtime = {
    env,
    database,
    db,
    sms: consoleSms(() => {}),
    bus: createLocalBus(),
    shared: createMemoryState(),
    storage: openStore(env.storage, env.dataDir),
    mediaStore: openMediaStore(env.storage, env.mediaDir),
  };
  await ensureSystemAccounts(db);
  const [anchor] = await people(db, '1360', 1, 0);
  await db.insert(categories).values({ id: 1, nameZh: '体育', nameEn: 'Sports' });
  await db
    .insert(liveRooms)
    .values({ anchorId: anchor!, title: 'Bench', cover: '', categoryId: 1, isLive: true });
  const fans = await people(db, '1361', SOCKETS, 100_000_000);
  const quiz = await createQuiz(db, {
    anchorId: anchor!,
    byUserId: anchor!,
    question: 'Bench quiz',
    optionA: 'Yes',
    optionB: 'No',
    minBet: 100,
    closeMinutes: 60,
    feeBp: 0,
  });

  const hub = createHub(rt, { maxPerAddress: SOCKETS + 10, quizClock: false });
  const server = createServer({ rt, api: createApi(rt), hub });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < fans.length; i += 50) {
    const batch = fans.slice(i, i + 50);
    const tokens = await Promise.all(batch.map((id) => createSession(db, id, `bench-${id}`)));
    sockets.push(
      ...(await Promise.all(batch.map((id, k) => bettor(port, rt, id, anchor!, tokens[k]!)))),
    );
  }

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const amounts = new Map<string, number>();
  let accepted = 0;
  let refused = 0;
  let answered = 0;
  let acceptedGold = 0;
  const reasons = new Map<string, number>();
  sockets.forEach((ws) => {
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as { type: string; data: unknown };
      const frames =
        frame.type === 'batch' ? (frame.data as { type: string; data: unknown }[]) : [frame];
      for (const f of frames) {
        if (f.type === 'betRep') {
          const id = (f.data as { client_msg_id: string }).client_msg_id;
          latencies.push(performance.now() - sentAt.get(id)!);
          accepted += 1;
          answered += 1;
          acceptedGold += amounts.get(id)!;
        } else if (f.type === 'error') {
          const msg = (f.data as { msg: string }).msg;
          reasons.set(msg, (reasons.get(msg) ?? 0) + 1);
          refused += 1;
          answered += 1;
        }
      }
    });
  });
  const RATE = RATES[database.kind];
  const total = Math.round(RATE * SECONDS);
  let sent = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      for (; sent < due; sent += 1) {
        const k = sent % sockets.length;
        const id = `q${sent}`;
        const amount = 100 * (1 + (sent % 5));
        amounts.set(id, amount);
        sentAt.set(id, performance.now());
        sockets[k]!.send(
          JSON.stringify({
            type: 'bet',
            data: { guess_id: quiz.guess_id, option: (k % 2) + 1, amount, client_msg_id: id },
          }),
        );
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const deadline = Date.now() + 60_000;
  while (answered < total && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  for (const ws of sockets) ws.terminate();
  await hub.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  if (reasons.size) console.warn('refused:', Object.fromEntries(reasons));
  const [pool] = await queryRows(
    db,
    sql`select pool_a + pool_b as pool, (select gold from wallets where user_id = ${QUIZ_ESCROW_ID}) as escrow
      from quizzes where id = ${quiz.guess_id}`,
  );
  let drift =
    Math.abs(Number(pool!.pool) - acceptedGold) + Math.abs(Number(pool!.escrow) - acceptedGold);

  // Settlement: a quiz with STAKES stakes, each from its own bettor, drawn and paid.
  const many = await people(db, '1362', STAKES, 10_000);
  const big = await createQuiz(db, {
    anchorId: anchor!,
    byUserId: anchor!,
    question: 'Bench draw',
    optionA: 'Yes',
    optionB: 'No',
    minBet: 100,
    closeMinutes: 60,
    feeBp: 0,
  });
  for (let i = 0; i < many.length; i += 1_000) {
    await placeBets(
      db,
      many.slice(i, i + 1_000).map((userId, k) => ({
        userId,
        quizId: big.guess_id,
        option: ((((i + k) % 3) % 2) + 1) as 1 | 2,
        amount: 100 * (1 + ((i + k) % 9)),
        clientMsgId: `s${i + k}`,
      })),
    );
  }
  const settleStarted = performance.now();
  await startDraw(db, big.guess_id, 1);
  const settled = await runJob(db, big.guess_id);
  const settleSeconds = (performance.now() - settleStarted) / 1000;
  if (settled?.results.length !== STAKES) drift += 1;
  const report = await verifyLedger(db);
  drift += report.drift.length + report.negative.length + report.emptyOperations;
  const [escrow] = await queryRows(
    db,
    sql`select gold from wallets where user_id = ${QUIZ_ESCROW_ID}`,
  );
  drift += Math.abs(Number(escrow!.gold) - acceptedGold);
  if (!isClean(report)) console.error(JSON.stringify(report.drift.slice(0, 10), null, 2));
  return {
    database: database.kind,
    rate: RATE,
    offered: total,
    accepted,
    refused,
    perSecond: Math.round(accepted / seconds),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    settleStakes: STAKES,
    settleSeconds: Number(settleSeconds.toFixed(2)),
    drift,
  };
}

const runs = await onEachDatabase('quiz', measure);

const lines = [
  `Quiz bets through the hub (${SOCKETS} logged-in sockets, offered evenly for ` +
    `${SECONDS} s; each bet a ledger debit, a stake and a pool update, batched) and the draw of a ` +
    `${STAKES}-stake quiz; ${machine()}`,
  '',
  '| database | offered/s | bets offered | accepted | refused | bets/s | p50 ms | p99 ms | settle s | drift |',
  '| -------- | --------: | -----------: | -------: | ------: | -----: | -----: | -----: | -------: | ----: |',
  ...runs.map(
    (r) =>
      `| ${r.database} | ${r.rate} | ${r.offered} | ${r.accepted} | ${r.refused} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.settleSeconds} | ${r.drift} |`,
  ),
  '',
  `Targets on PostgreSQL: ≥ ${TARGETS.betsPerSecond} bets/s, settlement ≤ ${TARGETS.settleSeconds} s.`,
];
console.log(lines.join('\n'));
saveResult('quiz', { date: new Date().toISOString(), machine: machine(), runs });
process.exit(runs.every((r) => r.drift === 0) ? 0 : 1);
