/**
 * Live statistics, kept by the events themselves: a live session opens with startLive and closes
 * with endLive; chat messages, gifts, entering viewers and per-minute viewer counts add to the
 * running live's totals and to the anchor's day (Beijing time). Always lock the day's row before
 * the live's row, so concurrent writers cannot deadlock on them.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { siteDay } from '../../lib/time.ts';
import { writeEachOnFailure } from '../db/batch.ts';
import type { Db } from '../db/index.ts';
import {
  anchorDailyStats,
  liveRooms,
  liveSessions,
  liveViewers,
  liveViewerSamples,
} from '../db/schema.ts';

/** What a live session is opened with. */
export interface SessionStart {
  title: string;
  categoryId: number | null;
  secondCategoryId: number | null;
}

/** Opens a live session for the anchor at `now`, closing one left open before. */
export async function openSession(
  db: Db,
  anchorId: number,
  start: SessionStart,
  now = new Date(),
): Promise<number> {
  await closeSessions(db, [anchorId], now);
  const [row] = await db
    .insert(liveSessions)
    .values({ anchorId, ...start, startedAt: now })
    .returning({ id: liveSessions.id });
  return row!.id;
}

/** Closes the running live sessions of these anchors at `now`. */
export async function closeSessions(db: Db, anchorIds: number[], now = new Date()): Promise<void> {
  if (anchorIds.length === 0) return;
  await db
    .update(liveSessions)
    .set({ endedAt: now })
    .where(and(inArray(liveSessions.anchorId, anchorIds), isNull(liveSessions.endedAt)));
}

/**
 * The session running at `at` for the anchor: the latest started at or before it, not ended
 * before it. Either argument may be a value or a column of the surrounding statement.
 */
function sessionAt(anchorId: number | SQL, at: Date | SQL): SQL {
  const when = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;
  return sql`(select ${liveSessions.id} from ${liveSessions}
    where ${liveSessions.anchorId} = ${anchorId} and ${liveSessions.startedAt} <= ${when}
      and (${liveSessions.endedAt} is null or ${liveSessions.endedAt} >= ${when})
    order by ${liveSessions.startedAt} desc limit 1)`;
}

/** A gift received, for the statistics. */
export interface GiftStat {
  anchorId: number;
  at: Date;
  /** Pieces. */
  count: number;
  /** What the viewer paid, minor units (0 from the backpack). */
  value: number;
  /** The anchor's share credited to income, minor units. */
  income: number;
}

/**
 * Gifts received: call inside the gifts' transaction, so the totals move with the money. Two
 * statements for any number of gifts: the days' rows (summed per anchor and day, written in
 * anchor and day order), then the lives' rows (summed per live, written in id order).
 */
export async function addGiftStats(tx: Db, gifts: GiftStat[]): Promise<void> {
  if (gifts.length === 0) return;
  const days = new Map<
    string,
    { anchorId: number; day: string; gifts: number; giftValue: number; income: number }
  >();
  for (const g of gifts) {
    const day = siteDay(g.at);
    const key = `${g.anchorId}|${day}`;
    const row = days.get(key) ?? { anchorId: g.anchorId, day, gifts: 0, giftValue: 0, income: 0 };
    row.gifts += g.count;
    row.giftValue += g.value;
    row.income += g.income;
    days.set(key, row);
  }
  const ordered = [...days.values()].sort(
    (a, b) => a.anchorId - b.anchorId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0),
  );
  const dayRows = JSON.stringify(
    ordered.map((r) => [r.anchorId, r.day, r.gifts, r.giftValue, r.income]),
  );
  await tx.execute(sql`
    insert into ${anchorDailyStats} (anchor_id, day, gifts, gift_value, income)
    select (x ->> 0)::integer, x ->> 1, (x ->> 2)::integer, (x ->> 3)::bigint, (x ->> 4)::bigint
    from jsonb_array_elements(${dayRows}::jsonb) with ordinality as t (x, n)
    order by t.n
    on conflict (anchor_id, day) do update
    set gifts = ${anchorDailyStats}.gifts + excluded.gifts,
      gift_value = ${anchorDailyStats}.gift_value + excluded.gift_value,
      income = ${anchorDailyStats}.income + excluded.income`);
  const items = JSON.stringify(
    gifts.map((g) => ({
      anchor: g.anchorId,
      at: g.at.toISOString(),
      gifts: g.count,
      value: g.value,
      income: g.income,
    })),
  );
  // Each gift finds the live running when it was sent; the sums per live go in id order.
  await tx.execute(sql`
    with g as (
      select ${sessionAt(sql`x.anchor`, sql`x.at`)} as session_id, x.gifts, x.value, x.income
      from jsonb_to_recordset(${items}::jsonb)
        as x (anchor integer, at timestamptz, gifts integer, value bigint, income bigint)
    ), sums as (
      select session_id, sum(gifts) as gifts, sum(value) as value, sum(income) as income
      from g where session_id is not null group by session_id
    ), locked as (
      select s.id from ${liveSessions} s where s.id in (select session_id from sums)
      order by s.id for update
    )
    update ${liveSessions} s
    set gifts = s.gifts + sums.gifts, gift_value = s.gift_value + sums.value,
      income = s.income + sums.income
    from sums join locked on locked.id = sums.session_id
    where s.id = sums.session_id`);
}

/** `count` chat messages of room `anchorId` accepted from `at` on: the day's, then the live's. */
export async function addMessageStats(
  db: Db,
  anchorId: number,
  count: number,
  at: Date,
): Promise<void> {
  await db
    .insert(anchorDailyStats)
    .values({ anchorId, day: siteDay(at), messages: count })
    .onConflictDoUpdate({
      target: [anchorDailyStats.anchorId, anchorDailyStats.day],
      set: { messages: sql`${anchorDailyStats.messages} + excluded.messages` },
    });
  await db
    .update(liveSessions)
    .set({ messages: sql`${liveSessions.messages} + ${count}` })
    .where(eq(liveSessions.id, sessionAt(anchorId, at)));
}

/** One entry into a room. */
export interface ViewerEntry {
  anchorId: number;
  /** `u:<user id>` or `g:<guest id>`. */
  viewerKey: string;
  at: Date;
}

/** Records entries: each viewer counts once per day and once per live. */
export async function addViewers(db: Db, entries: ViewerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const anchors = [...new Set(entries.map((e) => e.anchorId))];
  const open = await db
    .select({ id: liveSessions.id, anchorId: liveSessions.anchorId })
    .from(liveSessions)
    .where(and(inArray(liveSessions.anchorId, anchors), isNull(liveSessions.endedAt)));
  const sessionOf = new Map(open.map((s) => [s.anchorId, s.id]));
  const rows = new Map<string, { anchorId: number; scope: string; viewerKey: string }>();
  for (const e of entries) {
    const scopes = [`d:${siteDay(e.at)}`];
    const session = sessionOf.get(e.anchorId);
    if (session !== undefined) scopes.push(`s:${session}`);
    for (const scope of scopes) {
      rows.set(`${e.anchorId}|${scope}|${e.viewerKey}`, {
        anchorId: e.anchorId,
        scope,
        viewerKey: e.viewerKey,
      });
    }
  }
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(liveViewers)
      .values([...rows.values()])
      .onConflictDoNothing()
      .returning({ anchorId: liveViewers.anchorId, scope: liveViewers.scope });
    const days = new Map<string, number>();
    const sessions = new Map<number, number>();
    for (const row of added) {
      if (row.scope.startsWith('d:')) {
        const key = `${row.anchorId}|${row.scope.slice(2)}`;
        days.set(key, (days.get(key) ?? 0) + 1);
      } else {
        const id = Number(row.scope.slice(2));
        sessions.set(id, (sessions.get(id) ?? 0) + 1);
      }
    }
    if (days.size) {
      await tx
        .insert(anchorDailyStats)
        .values(
          [...days].sort().map(([key, n]) => {
            const [anchorId, day] = key.split('|');
            return { anchorId: Number(anchorId), day: day!, viewers: n };
          }),
        )
        .onConflictDoUpdate({
          target: [anchorDailyStats.anchorId, anchorDailyStats.day],
          set: { viewers: sql`${anchorDailyStats.viewers} + excluded.viewers` },
        });
    }
    for (const [id, n] of [...sessions].sort((a, b) => a[0] - b[0])) {
      await tx
        .update(liveSessions)
        .set({ viewers: sql`${liveSessions.viewers} + ${n}` })
        .where(eq(liveSessions.id, id));
    }
  });
}

/** Start of the minute of `at`. */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

/**
 * Records how many sockets this process (`node`) holds in each room at `at`, for rooms that are
 * live, and raises the day's and the live's peak to the minute's total over every process.
 */
export async function addViewerSamples(
  db: Db,
  node: string,
  counts: Map<number, number>,
  at = new Date(),
): Promise<void> {
  if (counts.size === 0) return;
  const live = await db
    .select({ anchorId: liveRooms.anchorId })
    .from(liveRooms)
    .where(
      and(
        inArray(liveRooms.anchorId, [...counts.keys()]),
        sql`(${liveRooms.isLive} or ${liveRooms.sessionOpen})`,
      ),
    );
  if (live.length === 0) return;
  const minute = minuteOf(at);
  const anchors = live.map((r) => r.anchorId).sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await tx
      .insert(liveViewerSamples)
      .values(
        anchors.map((anchorId) => ({ anchorId, minute, node, viewers: counts.get(anchorId)! })),
      )
      .onConflictDoUpdate({
        target: [liveViewerSamples.anchorId, liveViewerSamples.minute, liveViewerSamples.node],
        set: { viewers: sql`excluded.viewers` },
      });
    const totals = await tx
      .select({
        anchorId: liveViewerSamples.anchorId,
        total: sql<number>`sum(${liveViewerSamples.viewers})::int`,
      })
      .from(liveViewerSamples)
      .where(
        and(inArray(liveViewerSamples.anchorId, anchors), eq(liveViewerSamples.minute, minute)),
      )
      .groupBy(liveViewerSamples.anchorId)
      .orderBy(liveViewerSamples.anchorId);
    const day = siteDay(minute);
    await tx
      .insert(anchorDailyStats)
      .values(totals.map((t) => ({ anchorId: t.anchorId, day, peakViewers: t.total })))
      .onConflictDoUpdate({
        target: [anchorDailyStats.anchorId, anchorDailyStats.day],
        set: {
          peakViewers: sql`greatest(${anchorDailyStats.peakViewers}, excluded.peak_viewers)`,
        },
      });
    for (const t of totals) {
      await tx
        .update(liveSessions)
        .set({ peakViewers: sql`greatest(${liveSessions.peakViewers}, ${t.total})` })
        .where(and(eq(liveSessions.anchorId, t.anchorId), isNull(liveSessions.endedAt)));
    }
  });
}

/** Batched writer of room entries and chat counts. */
export interface StatsRecorder {
  /** Queues an entry into a room; it is written within `everyMs`. */
  viewer: (entry: ViewerEntry) => void;
  /** Counts one accepted chat message of room `anchorId`, sent at `at`. */
  message: (anchorId: number, at: Date) => void;
  /** Writes what is queued now. */
  flush: () => Promise<void>;
}

/**
 * Room entries written per statement. On the embedded database a statement holds the event loop
 * while it runs: a hundred rows keep that to a few milliseconds when a crowd arrives at once.
 */
const VIEWER_CHUNK = 100;

/**
 * Collects room entries and chat counts and writes them together at most every `everyMs`, so a
 * thousand viewers arriving at once, or a busy chat, cost a few statements a second instead of
 * some for every entry or message batch.
 */
export function createStatsRecorder(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = 1000,
): StatsRecorder {
  const viewers: ViewerEntry[] = [];
  /** `${anchorId}|${day}` → the first message's time and the count. */
  let messages = new Map<string, { anchorId: number; at: Date; count: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const entries = viewers.splice(0, viewers.length);
    const counts = [...messages.values()];
    messages = new Map();
    writing = writing.then(async () => {
      // An entry or count the database refuses is lost alone, never its whole batch.
      for (let i = 0; i < entries.length; i += VIEWER_CHUNK) {
        const chunk = entries.slice(i, i + VIEWER_CHUNK);
        const results = await writeEachOnFailure(chunk, async (some) => {
          await addViewers(db, some);
          return some.map(() => undefined);
        });
        for (const result of results) if (result.status === 'rejected') onError(result.reason);
      }
      for (const { anchorId, at, count } of counts) {
        try {
          await addMessageStats(db, anchorId, count, at);
        } catch (error) {
          onError(error);
        }
      }
    });
    return writing;
  };
  const later = () => {
    if (timer) return;
    timer = setTimeout(() => void flush(), everyMs);
    timer.unref?.();
  };
  return {
    viewer(entry) {
      viewers.push(entry);
      later();
    },
    message(anchorId, at) {
      const key = `${anchorId}|${siteDay(at)}`;
      const seen = messages.get(key);
      if (seen) seen.count += 1;
      else messages.set(key, { anchorId, at, count: 1 });
      later();
    },
    flush,
  };
}
