/**
 * Demo live statistics: an open session for every live room, and a month of past lives of the
 * first demo anchor with viewers minute by minute, chat counts and real gifts. The gifts go
 * through sendGift (ledger, rankings, statistics in one transaction) after a grant that pays for
 * them, and their ledger rows are dated back to when they were sent, so the anchor centre's
 * income and analysis agree with the ledger.
 */
import { eq, sql } from 'drizzle-orm';
import { GIFTS } from '../../lib/gifts/catalogue.ts';
import { seededRandom } from '../../lib/random.ts';
import { siteDay, siteDayRange } from '../../lib/time.ts';
import { sendGift } from '../gifts/service.ts';
import { minuteOf } from '../studio/stats.ts';
import { applyMoves, LEDGER_KIND } from '../wallet/ledger.ts';
import type { Db } from '../db/index.ts';
import {
  anchorDailyStats,
  gifts,
  ledgerEntries,
  ledgerOperations,
  liveRooms,
  liveSessions,
  liveViewerSamples,
} from '../db/schema.ts';
import { DEMO_ROOMS } from './people.ts';

const MINUTE = 60_000;
/** Node name of the seeded viewer counts. */
const SEED_NODE = 'seed';
/** Days of history before today. */
const HISTORY_DAYS = 30;
/** Titles of the first anchor's past lives, in turn. */
const PAST_TITLES = [
  '英超第12轮：利物浦 vs 切尔西 老K全场解说',
  '欧冠小组赛：皇马 vs 拜仁 赛前分析+全场解说',
  '西甲焦点：巴萨 vs 马竞 老K陪你看球',
  '英超周末夜：热刺 vs 曼联 全场解说',
  '意甲德比：国米 vs AC米兰 老K连线解说',
  '德甲之夜：多特 vs 勒沃库森 全场解说',
  '老K说球：本周英超复盘 + 观众连麦',
];

/** Who gives in the history (demo fans and viewers). */
const GIVERS = ['13900000002', '13900000020', '13900000021', '13900000022', '13900000024'];

/** Viewers at minute `i` of a live of `length` minutes peaking at `peak`: ramp, plateau, fade. */
function viewersAt(i: number, length: number, peak: number, noise: number): number {
  const rise = Math.min(1, i / 20);
  const fall = Math.min(1, (length - i) / 12);
  return Math.max(1, Math.round(peak * Math.min(rise, fall) * (0.85 + 0.15 * noise)));
}

/** Writes one past or running live with its samples and counters; returns its id. */
async function seedSession(
  db: Db,
  live: { anchorId: number; title: string; categoryId: number; secondCategoryId: number },
  start: Date,
  minutes: number,
  peak: number,
  running: boolean,
  random: () => number,
): Promise<number> {
  const [row] = await db
    .insert(liveSessions)
    .values({
      ...live,
      startedAt: start,
      endedAt: running ? null : new Date(start.getTime() + minutes * MINUTE),
    })
    .returning({ id: liveSessions.id });
  const samples = Array.from({ length: minutes }, (_, i) => ({
    anchorId: live.anchorId,
    minute: minuteOf(new Date(start.getTime() + i * MINUTE)),
    node: SEED_NODE,
    viewers: viewersAt(i, running ? minutes + 60 : minutes, peak, random()),
  }));
  for (let i = 0; i < samples.length; i += 500) {
    await db.insert(liveViewerSamples).values(samples.slice(i, i + 500));
  }
  const top = Math.max(...samples.map((s) => s.viewers));
  const viewers = Math.round(top * (2.2 + random()));
  const messages = Math.round(top * minutes * (0.02 + random() * 0.02));
  await db
    .update(liveSessions)
    .set({ peakViewers: top, viewers, messages })
    .where(eq(liveSessions.id, row!.id));
  await db
    .insert(anchorDailyStats)
    .values({ anchorId: live.anchorId, day: siteDay(start), peakViewers: top, viewers, messages })
    .onConflictDoUpdate({
      target: [anchorDailyStats.anchorId, anchorDailyStats.day],
      set: {
        peakViewers: sql`greatest(${anchorDailyStats.peakViewers}, excluded.peak_viewers)`,
        viewers: sql`${anchorDailyStats.viewers} + excluded.viewers`,
        messages: sql`${anchorDailyStats.messages} + excluded.messages`,
      },
    });
  return row!.id;
}

/** What the gift seeding shares: the catalogue rows, a counter and the ledger times to set. */
interface GiftSeeding {
  rows: Map<number, typeof gifts.$inferSelect>;
  serial: number;
  /** Idempotency key → when its gift was sent. */
  times: Map<string, Date>;
}

/** Sends `count` real gifts from the givers during [from, to), each paid by a grant first. */
async function seedGifts(
  db: Db,
  anchorId: number,
  givers: number[],
  span: { from: number; to: number; count: number },
  random: () => number,
  seeding: GiftSeeding,
): Promise<void> {
  const times = Array.from(
    { length: span.count },
    () => span.from + random() * (span.to - span.from),
  ).sort((a, b) => a - b);
  for (const t of times) {
    // Cheap gifts are common and come in combos; dear ones are rare.
    const def = GIFTS[Math.floor(random() ** 2.2 * GIFTS.length)]!;
    const qty = def.price <= 1_000 ? [1, 1, 5, 10, 66][Math.floor(random() * 5)]! : 1;
    const senderId = givers[Math.floor(random() * givers.length)]!;
    const id = `seed-${(seeding.serial += 1)}`;
    const at = new Date(t);
    await applyMoves(db, {
      key: `seed-grant:${id}`,
      kind: LEDGER_KIND.grant,
      moves: [
        { userId: senderId, currency: 'gold', amount: def.price * qty, kind: LEDGER_KIND.grant },
      ],
    });
    await sendGift(db, {
      senderId,
      anchorId,
      gift: seeding.rows.get(def.id)!,
      count: qty,
      clientMsgId: id,
      at,
    });
    seeding.times.set(`seed-grant:${id}`, at);
    seeding.times.set(`gift:${senderId}:${id}`, at);
  }
}

/** Dates the seeded gifts' ledger rows back to when they were sent, like rows written live. */
async function backdateLedger(db: Db, times: Map<string, Date>): Promise<void> {
  if (times.size === 0) return;
  const values = sql.join(
    [...times].map(([key, at]) => sql`(${key}, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`update ${ledgerEntries} set created_at = v.at
    from (values ${values}) as v(key, at) where ${ledgerEntries.idempotencyKey} = v.key`);
  await db.execute(sql`update ${ledgerOperations} set created_at = v.at
    from (values ${values}) as v(key, at) where ${ledgerOperations.idempotencyKey} = v.key`);
}

/**
 * Opens a live session for each live demo room with today's viewers and chat, and (`withPast`)
 * gives the first demo anchor a month of past lives (about two in three evenings) and gifts today.
 */
export async function seedLiveHistory(
  db: Db,
  ids: Map<string, number>,
  now: Date,
  withPast: boolean,
): Promise<void> {
  const random = seededRandom(20_261_124);
  const givers = GIVERS.map((m) => ids.get(m)!).filter((id) => id !== undefined);
  const seeding: GiftSeeding = {
    rows: new Map((await db.select().from(gifts)).map((g) => [g.id, g])),
    serial: 0,
    times: new Map(),
  };
  const [first] = DEMO_ROOMS;
  const heatBefore = new Map<number, number>();
  for (const room of DEMO_ROOMS) {
    const anchorId = ids.get(room.anchorMobile)!;
    heatBefore.set(anchorId, room.heat);
    const live = {
      anchorId,
      title: room.title,
      categoryId: room.categoryId,
      secondCategoryId: room.secondCategoryId,
    };
    if (room === first && withPast) {
      const today = siteDay(now);
      for (let back = HISTORY_DAYS; back >= 1; back -= 1) {
        if (random() < 0.33) continue;
        const dayStart = siteDayRange(siteDay(new Date(now.getTime() - back * 86_400_000))).start;
        if (siteDay(dayStart) === today) continue;
        // Evenings in Beijing: 19:00 to 21:30 start, 80 to 170 minutes long.
        const start = new Date(
          dayStart.getTime() + (19 * 60 + Math.floor(random() * 150)) * MINUTE,
        );
        const minutes = 80 + Math.floor(random() * 90);
        const peak = 400 + Math.floor(random() * 2_000) + (HISTORY_DAYS - back) * 25;
        const title = PAST_TITLES[back % PAST_TITLES.length]!;
        await seedSession(db, { ...live, title }, start, minutes, peak, false, random);
        const end = start.getTime() + minutes * MINUTE;
        const count = 3 + Math.floor(random() * 5);
        await seedGifts(
          db,
          anchorId,
          givers,
          { from: start.getTime(), to: end, count },
          random,
          seeding,
        );
      }
    }
    if (!room.live) continue;
    const start = new Date(now.getTime() - room.startedMinutesAgo * MINUTE);
    const peak = room === first ? 2_600 : 150 + Math.floor(random() * 900);
    await seedSession(db, live, start, room.startedMinutesAgo, peak, true, random);
    if (room === first && withPast) {
      const span = { from: start.getTime(), to: now.getTime() - MINUTE, count: 8 };
      await seedGifts(db, anchorId, givers, span, random, seeding);
    }
  }
  await backdateLedger(db, seeding.times);
  // The rooms keep the heat the demo gives them.
  for (const [anchorId, heat] of heatBefore) {
    await db.update(liveRooms).set({ heat }).where(eq(liveRooms.anchorId, anchorId));
  }
}
