/**
 * What the anchor centre reads: an overview, income from the gift ledger, and the data analysis
 * (days and lives from the running totals of stats.ts, viewers minute by minute).
 */
import { and, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import {
  daysOf,
  INCOME_PAGE_SIZE,
  type AnalysisReport,
  type CentreOverview,
  type DayStats,
  type IncomeRecord,
  type IncomeReport,
  type LiveDetail,
  type LiveSummary,
  type LiveTotals,
} from '../../lib/studio/centre.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { siteDay, siteDayRange, unixSeconds } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import {
  anchorDailyStats,
  follows,
  gifts,
  ledgerEntries,
  liveRooms,
  liveSessions,
  liveViewerSamples,
  secondCategories,
  users,
  wallets,
} from '../db/schema.ts';
import { LEDGER_KIND } from '../wallet/ledger.ts';

const ZERO: LiveTotals = {
  peak_viewers: 0,
  viewers: 0,
  messages: 0,
  gifts: 0,
  gift_value: 0,
  income: 0,
};

function totalsOf(row: typeof anchorDailyStats.$inferSelect | typeof liveSessions.$inferSelect) {
  return {
    peak_viewers: row.peakViewers,
    viewers: row.viewers,
    messages: row.messages,
    gifts: row.gifts,
    gift_value: row.giftValue,
    income: row.income,
  };
}

async function readDays(db: Db, anchorId: number, from: string, to: string): Promise<DayStats[]> {
  const rows = await db
    .select()
    .from(anchorDailyStats)
    .where(
      and(
        eq(anchorDailyStats.anchorId, anchorId),
        gte(anchorDailyStats.day, from),
        lte(anchorDailyStats.day, to),
      ),
    );
  const byDay = new Map(rows.map((r) => [r.day, totalsOf(r)]));
  return daysOf(from, to).map((day) => ({ day, ...(byDay.get(day) ?? ZERO) }));
}

async function readLives(
  db: Db,
  locale: Locale,
  where: ReturnType<typeof and>,
  limit: number,
  now: Date,
): Promise<LiveSummary[]> {
  const rows = await db
    .select({
      session: liveSessions,
      nameEn: secondCategories.nameEn,
      nameZh: secondCategories.nameZh,
    })
    .from(liveSessions)
    .leftJoin(secondCategories, eq(secondCategories.id, liveSessions.secondCategoryId))
    .where(where)
    .orderBy(desc(liveSessions.startedAt))
    .limit(limit);
  return rows.map(({ session: s, nameEn, nameZh }) => ({
    id: s.id,
    title: s.title,
    category: (locale === 'zh-CN' ? nameZh : nameEn) ?? '',
    started_at: unixSeconds(s.startedAt),
    ended_at: s.endedAt ? unixSeconds(s.endedAt) : null,
    duration: unixSeconds(s.endedAt ?? now) - unixSeconds(s.startedAt),
    ...totalsOf(s),
  }));
}

/** The anchor centre's front page: balance, today, this month, followers and the newest lives. */
export async function centreOverview(
  db: Db,
  anchorId: number,
  locale: Locale,
  now = new Date(),
): Promise<CentreOverview> {
  const today = siteDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const [wallet] = await db
    .select({ income: wallets.income })
    .from(wallets)
    .where(eq(wallets.userId, anchorId));
  const [room] = await db
    .select({ isLive: liveRooms.isLive, sessionOpen: liveRooms.sessionOpen })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId));
  const [fans] = await db
    .select({ n: count() })
    .from(follows)
    .where(eq(follows.anchorId, anchorId));
  const days = await readDays(db, anchorId, monthStart, today);
  const monthFrom = siteDayRange(monthStart).start;
  const [month] = await db
    .select({
      lives: count(),
      duration: sql<number>`coalesce(sum(extract(epoch from (coalesce(${liveSessions.endedAt}, ${now.toISOString()}::timestamptz) - ${liveSessions.startedAt}))), 0)::bigint`,
    })
    .from(liveSessions)
    .where(and(eq(liveSessions.anchorId, anchorId), gte(liveSessions.startedAt, monthFrom)));
  const sum = (key: keyof LiveTotals) => days.reduce((a, d) => a + d[key], 0);
  return {
    income_balance: wallet?.income ?? 0,
    today: days.at(-1) ?? { ...ZERO },
    month: {
      peak_viewers: Math.max(0, ...days.map((d) => d.peak_viewers)),
      viewers: sum('viewers'),
      messages: sum('messages'),
      gifts: sum('gifts'),
      gift_value: sum('gift_value'),
      income: sum('income'),
      lives: month?.lives ?? 0,
      duration: Number(month?.duration ?? 0),
    },
    followers: fans?.n ?? 0,
    is_live: room?.isLive ?? false,
    session_open: room?.sessionOpen ?? false,
    recent: await readLives(db, locale, eq(liveSessions.anchorId, anchorId), 5, now),
  };
}

/** Days and lives of a date range (site time zone), both ends included. */
export async function analysisReport(
  db: Db,
  anchorId: number,
  range: { from: string; to: string },
  locale: Locale,
  now = new Date(),
): Promise<AnalysisReport> {
  const start = siteDayRange(range.from).start;
  const end = siteDayRange(range.to).end;
  return {
    days: await readDays(db, anchorId, range.from, range.to),
    lives: await readLives(
      db,
      locale,
      and(
        eq(liveSessions.anchorId, anchorId),
        gte(liveSessions.startedAt, start),
        lt(liveSessions.startedAt, end),
      ),
      200,
      now,
    ),
  };
}

/** One of the anchor's lives with its viewers per minute; null when it is not theirs. */
export async function liveDetail(
  db: Db,
  anchorId: number,
  id: number,
  locale: Locale,
  now = new Date(),
): Promise<LiveDetail | null> {
  const [live] = await readLives(
    db,
    locale,
    and(eq(liveSessions.anchorId, anchorId), eq(liveSessions.id, id)),
    1,
    now,
  );
  if (!live) return null;
  const rows = await db
    .select({
      minute: liveViewerSamples.minute,
      viewers: sql<number>`sum(${liveViewerSamples.viewers})::int`,
    })
    .from(liveViewerSamples)
    .where(
      and(
        eq(liveViewerSamples.anchorId, anchorId),
        gte(liveViewerSamples.minute, new Date((live.started_at - 60) * 1000)),
        lte(liveViewerSamples.minute, new Date((live.ended_at ?? unixSeconds(now)) * 1000)),
      ),
    )
    .groupBy(liveViewerSamples.minute)
    .orderBy(liveViewerSamples.minute);
  return { live, viewers: rows.map((r) => [unixSeconds(r.minute), r.viewers]) };
}

/** Reads `giftId x count` from a gift operation's reference (`anchor:giftIdxcount`). */
export function parseGiftReference(reference: string): { giftId: number; count: number } | null {
  const m = /^\d+:(\d+)x(\d+)$/.exec(reference);
  return m ? { giftId: Number(m[1]), count: Number(m[2]) } : null;
}

/**
 * Income of a date range from the ledger: the total, per day, and one page of records (each
 * gift's share with its sender and gift), newest first.
 */
export async function incomeReport(
  db: Db,
  anchorId: number,
  range: { from: string; to: string; page: number },
  locale: Locale,
): Promise<IncomeReport> {
  const start = siteDayRange(range.from).start;
  const end = siteDayRange(range.to).end;
  const where = and(
    eq(ledgerEntries.userId, anchorId),
    eq(ledgerEntries.currency, 'income'),
    eq(ledgerEntries.kind, LEDGER_KIND.giftIncome),
    gte(ledgerEntries.createdAt, start),
    lt(ledgerEntries.createdAt, end),
  );
  const [[wallet], [totals], rows, perDay] = await Promise.all([
    db.select({ income: wallets.income }).from(wallets).where(eq(wallets.userId, anchorId)),
    db
      .select({ n: count(), total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
      .from(ledgerEntries)
      .where(where),
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(INCOME_PAGE_SIZE)
      .offset((range.page - 1) * INCOME_PAGE_SIZE),
    readDays(db, anchorId, range.from, range.to),
  ]);
  // The sender's debit is the other row of the same operation.
  const payers = rows.length
    ? await db
        .select({
          operationId: ledgerEntries.operationId,
          paid: ledgerEntries.amount,
          id: users.id,
          nickName: users.nickName,
          avatar: users.avatar,
        })
        .from(ledgerEntries)
        .innerJoin(users, eq(users.id, ledgerEntries.userId))
        .where(
          and(
            inArray(
              ledgerEntries.operationId,
              rows.map((r) => r.operationId),
            ),
            eq(ledgerEntries.kind, LEDGER_KIND.giftSend),
          ),
        )
    : [];
  const payerOf = new Map(payers.map((p) => [p.operationId, p]));
  const refs = rows.map((r) => parseGiftReference(r.reference));
  const giftIds = [...new Set(refs.flatMap((r) => (r ? [r.giftId] : [])))];
  const giftRows = giftIds.length
    ? await db.select().from(gifts).where(inArray(gifts.id, giftIds))
    : [];
  const giftOf = new Map(giftRows.map((g) => [g.id, g]));
  const list: IncomeRecord[] = rows.map((row, i) => {
    const payer = payerOf.get(row.operationId);
    const ref = refs[i];
    const gift = ref ? giftOf.get(ref.giftId) : undefined;
    return {
      id: row.id,
      created_at: unixSeconds(row.createdAt),
      sender: payer ? { id: payer.id, nick_name: payer.nickName, avatar: payer.avatar } : null,
      gift: gift
        ? { id: gift.id, name: locale === 'zh-CN' ? gift.nameZh : gift.nameEn, icon: gift.icon }
        : null,
      count: ref?.count ?? 0,
      paid: payer ? -payer.paid : 0,
      amount: row.amount,
    };
  });
  return {
    income_balance: wallet?.income ?? 0,
    total: Number(totals?.total ?? 0),
    days: perDay.map((d) => ({ day: d.day, income: d.income, gift_value: d.gift_value })),
    list,
    count: totals?.n ?? 0,
    page: range.page,
  };
}
