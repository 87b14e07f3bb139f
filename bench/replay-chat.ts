/**
 * `npm run bench:replay-chat`: a two-hour replay whose room said 200,000 messages. For 50 random
 * seeks, the time from the seek to the first barrage line ready to fly: the server's window query
 * (GET /api/replays/chat's readTrackWindow), the answer written and parsed as JSON as it crosses
 * the wire, and the client's window code (lib/replays/track.ts) finding the first line at the
 * playhead. Measured in Node, without a browser: the canvas's first draw of a line is the live
 * room's barrage renderer, measured by `npm run bench:barrage`. Then playing through the whole
 * replay in one-second steps: lines held by the client and the heap, which should stay flat.
 * EXPLAIN of the window query is printed, to show it reads the (anchor_id, created_at) index.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/index.ts';
import { chatMessages, replays, users } from '../src/server/db/schema.ts';
import { seedCategories } from '../src/server/seed/categories.ts';
import { readTrackWindow, trackReplay } from '../src/server/replays/chat-track.ts';
import { TrackBuffer, WINDOW_MS, windowStart } from '../src/lib/replays/track.ts';
import type { TrackWindow } from '../src/lib/replays/api.ts';
import { machine, onEachDatabase, saveResult } from './lib.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const SEEKS = 50;
const DURATION_SEC = 2 * 3600;
const SPEAKERS = 500;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(database: Database) {
  const { db } = database;
  await seedCategories(db);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: SPEAKERS + 1 }, (_, i) => ({
        mobile: `1370${String(i).padStart(7, '0')}`,
        nickName: i === 0 ? 'Bench anchor' : `观众${i}`,
      })),
    )
    .returning({ id: users.id });
  const anchorId = people[0]!.id;
  const started = new Date(Date.now() - 3 * 3600_000);
  const [row] = await db
    .insert(replays)
    .values({
      anchorId,
      title: 'Two hours of chat',
      cover: '/demo/covers/football-1.webp',
      categoryId: 2,
      streamUrl: '/media/demo/master.m3u8',
      durationSec: DURATION_SEC,
      recordedAt: new Date(started.getTime() + DURATION_SEC * 1000),
      startedAt: started,
    })
    .returning({ id: replays.id });
  const span = DURATION_SEC * 1000;
  const fillStart = performance.now();
  for (let i = 0; i < MESSAGES; i += 5_000) {
    await db.insert(chatMessages).values(
      Array.from({ length: Math.min(5_000, MESSAGES - i) }, (_, k) => {
        const n = i + k;
        return {
          anchorId,
          userId: people[1 + (n % SPEAKERS)]!.id,
          content: n % 7 === 0 ? 'what a pass' : `好球 ${n % 100}`,
          propType: n % 50 === 0 ? 101 : 0,
          propsId: n % 50 === 0 ? 2 : 0,
          createdAt: new Date(started.getTime() + Math.floor((n / MESSAGES) * span)),
        };
      }),
    );
  }
  const fillSec = (performance.now() - fillStart) / 1000;
  await db.execute(sql`analyze chat_messages`);
  const replay = (await trackReplay(db, row!.id))!;

  const from = new Date(started.getTime() + 3_600_000);
  const to = new Date(from.getTime() + WINDOW_MS);
  const plan = await db.execute(
    sql`explain select id from chat_messages where anchor_id = ${anchorId} and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz and deleted_at is null order by created_at, id limit 2001`,
  );
  const planText = (
    (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows) as Record<string, string>[]
  )
    .map((r) => Object.values(r)[0])
    .join('\n');

  // A seek: the client asks for the playhead's window; the first line at or after the playhead
  // is what the barrage flies first.
  const fetchWindow = async (start: number): Promise<TrackWindow> => {
    const answer = await readTrackWindow(db, replay, start, start + WINDOW_MS);
    return JSON.parse(JSON.stringify(answer)) as TrackWindow;
  };
  const times: number[] = [];
  let lines = 0;
  for (let i = 0; i < 3; i++) await fetchWindow(windowStart(Math.random() * span)); // warm up
  for (let i = 0; i < SEEKS; i++) {
    const at = Math.floor(Math.random() * (span - WINDOW_MS));
    const buffer = new TrackBuffer(span);
    const t0 = performance.now();
    const [start] = buffer.wanted(at);
    buffer.claim(start!);
    buffer.add(start!, await fetchWindow(start!));
    const first = buffer.between(at, at + WINDOW_MS)[0];
    times.push(performance.now() - t0);
    if (first) lines += 1;
  }
  times.sort((a, b) => a - b);

  // Play through: one-second steps, the next window prefetched, far ones dropped.
  const buffer = new TrackBuffer(span);
  let held = 0;
  const heap: number[] = [];
  globalThis.gc?.();
  for (let ms = 0; ms < span; ms += 1000) {
    for (const start of buffer.wanted(ms)) {
      buffer.claim(start);
      buffer.add(start, await fetchWindow(start));
    }
    buffer.between(ms, ms + 1000);
    buffer.trim(ms);
    held = Math.max(held, buffer.size());
    if (ms % 600_000 === 0) {
      globalThis.gc?.();
      heap.push(Math.round(process.memoryUsage().heapUsed / 2 ** 20));
    }
  }
  return {
    database: database.kind,
    messages: MESSAGES,
    fillSec: Math.round(fillSec),
    seekP50: Math.round(percentile(times, 50)),
    seekP99: Math.round(percentile(times, 99)),
    seeksWithLine: lines,
    maxLinesHeld: held,
    heapMiBEvery10Min: heap,
    plan: planText,
  };
}

const runs = await onEachDatabase('replay-chat', measure);
const result = { machine: machine(), date: new Date().toISOString(), runs };
for (const run of runs) {
  console.log(
    `${run.database}: seek to first line p50 ${run.seekP50} ms, p99 ${run.seekP99} ms (${run.seeksWithLine}/${SEEKS} with a line); ` +
      `lines held at most ${run.maxLinesHeld}; heap MiB every 10 min ${run.heapMiBEvery10Min.join(' ')}`,
  );
  console.log(run.plan);
}
console.log(saveResult('replay-chat', result));
