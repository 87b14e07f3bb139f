/**
 * Gifts charged in batches: each gift of a batch is paid, repeated or refused on its own, in
 * arrival order; only paid gifts reach the rankings, the heat and the statistics; queues of two
 * "processes" writing batches at once against the same wallets never overdraw, deadlock or
 * drift from the ledger.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/random.ts';
import { siteDay } from '../../src/lib/time.ts';
import {
  anchorDailyStats,
  ledgerEntries,
  liveRooms,
  rankingTotals,
  wallets,
} from '../../src/server/db/schema.ts';
import { chargeGifts, GiftCharger, type GiftSend } from '../../src/server/gifts/charge.ts';
import { applyMoves, giftSplit, readBalances } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger, formatReport } from '../../src/server/wallet/verify.ts';
import {
  DB_KINDS,
  openTestRuntime,
  usersWithWallets,
  type TestRuntime,
  userIdByMobile,
} from './helpers.ts';

const ROSE = { id: 1, price: 100, currency: 'gold' };
const CAR = { id: 7, price: 5_200, currency: 'gold' };

describe.each(DB_KINDS)('gift batches on %s', (kind) => {
  let t: TestRuntime;
  let anchorId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    anchorId = await userIdByMobile(t.rt.db, '13900000003');
  });
  afterAll(async () => t?.dispose());

  /** New users, each with a wallet holding `gold`. */
  async function newUsers(count: number, gold: number): Promise<number[]> {
    const ids = await usersWithWallets(t.rt.db, `1375${String(seq++).padStart(3, '0')}`, count);
    for (const userId of ids) {
      await applyMoves(t.rt.db, {
        key: `charge-grant:${userId}`,
        kind: 'grant',
        moves: [{ userId, currency: 'gold', amount: gold, kind: 'grant' }],
      });
    }
    return ids;
  }

  const send = (senderId: number, clientMsgId: string, gift = ROSE, count = 1): GiftSend => ({
    senderId,
    anchorId,
    gift,
    count,
    clientMsgId,
    at: new Date(),
  });

  async function heat(): Promise<number> {
    const [room] = await t.rt.db
      .select({ heat: liveRooms.heat })
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, anchorId));
    return room!.heat;
  }

  async function roomBoard(userId: number): Promise<number> {
    const [row] = await t.rt.db
      .select({ amount: rankingTotals.amount })
      .from(rankingTotals)
      .where(
        and(
          eq(rankingTotals.board, 'room'),
          eq(rankingTotals.scopeId, anchorId),
          eq(rankingTotals.period, 'day'),
          eq(rankingTotals.subjectId, userId),
        ),
      );
    return row?.amount ?? 0;
  }

  it('settles each gift of a batch on its own, in the order they came', async () => {
    const [rich, poor] = await newUsers(2, 6_000);
    // The key 'early' is paid before the batch; in the batch the sender can no longer afford it.
    await chargeGifts(t.rt.db, [send(poor!, 'early', CAR)]);
    const heatBefore = await heat();
    const incomeBefore = (await readBalances(t.rt.db, anchorId)).income;

    const outcomes = await chargeGifts(t.rt.db, [
      send(rich!, 'a', CAR), // 6,000 → 800
      send(rich!, 'b', CAR), // short: 800 left
      send(rich!, 'a', CAR), // the same key again in the batch: a repeat
      send(rich!, 'c', ROSE, 8), // 800 → 0
      send(poor!, 'early', CAR), // paid before: a repeat, though 800 cannot pay it now
      send(poor!, 'd', ROSE, 9), // short: 800 left
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'ok',
      'short',
      'replayed',
      'ok',
      'replayed',
      'short',
    ]);
    expect(outcomes.map((o) => o.balances.gold)).toEqual([800, 800, 800, 0, 800, 800]);
    expect(await readBalances(t.rt.db, rich!)).toMatchObject({ gold: 0 });
    expect(await readBalances(t.rt.db, poor!)).toMatchObject({ gold: 800 });

    // Only the two paid gifts count: income, heat, the room's board and the anchor's day.
    const paid = CAR.price + ROSE.price * 8;
    const after = await readBalances(t.rt.db, anchorId);
    expect(after.income - incomeBefore).toBe(giftSplit(CAR.price) + giftSplit(ROSE.price * 8));
    expect((await heat()) - heatBefore).toBe(52 + 8);
    expect(await roomBoard(rich!)).toBe(paid);
    const sends = await t.rt.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, rich!), eq(ledgerEntries.kind, 'gift_send')));
    expect(sends[0]!.n).toBe(2);
    // A refused key stays free: paying 'b' later goes through once the sender has the gems.
    await applyMoves(t.rt.db, {
      key: `charge-topup:${rich}`,
      kind: 'grant',
      moves: [{ userId: rich!, currency: 'gold', amount: CAR.price, kind: 'grant' }],
    });
    const [later] = await chargeGifts(t.rt.db, [send(rich!, 'b', CAR)]);
    expect(later!.status).toBe('ok');
    // A sender without a wallet has nothing to pay with: short, beside a gift that is paid.
    const [walletless, paying] = await chargeGifts(t.rt.db, [
      send(2_000_000_000, 'nothing', ROSE),
      send(poor!, 'e', ROSE),
    ]);
    expect(walletless).toMatchObject({ status: 'short', balances: { gold: 0, diamond: 0 } });
    expect(paying!.status).toBe('ok');
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
  });

  it('two queues charging at once never overdraw, and every total matches the ledger', async () => {
    const rand = seededRandom(kind === 'pglite' ? 3 : 5);
    const senders = await newUsers(30, 3_000);
    const day = siteDay(new Date());
    const [statsBefore] = await t.rt.db
      .select()
      .from(anchorDailyStats)
      .where(and(eq(anchorDailyStats.anchorId, anchorId), eq(anchorDailyStats.day, day)));
    const incomeBefore = (await readBalances(t.rt.db, anchorId)).income;
    const heatBefore = await heat();
    // Two queues over one database stand for two hub processes.
    // On PostgreSQL each also writes two batches at once, so batches overlap within a queue too.
    const parallel = kind === 'postgres' ? 2 : 1;
    const queues = [new GiftCharger(t.rt.db, parallel), new GiftCharger(t.rt.db, parallel)];
    const attempts: { sender: number; send: GiftSend }[] = [];
    for (let i = 0; i < 600; i += 1) {
      // Every fifth send repeats an earlier one whole, as a client retrying would.
      if (i % 5 === 4) {
        attempts.push(attempts[i - 4]!);
        continue;
      }
      const sender = senders[Math.floor(rand() * senders.length)]!;
      const gift = rand() < 0.2 ? { ...ROSE, price: 520 } : ROSE;
      attempts.push({ sender, send: send(sender, `q-${i}`, gift, 1 + Math.floor(rand() * 3)) });
    }
    const outcomes = await Promise.all(attempts.map((a, i) => queues[i % 2]!.charge(a.send)));
    const statuses = new Set(outcomes.map((o) => o.status));
    expect([...statuses].sort()).toEqual(['ok', 'replayed', 'short']);

    const paid = attempts.filter((_, i) => outcomes[i]!.status === 'ok');
    const spent = new Map<number, number>();
    for (const a of paid) {
      const total = a.send.gift.price * a.send.count;
      spent.set(a.sender, (spent.get(a.sender) ?? 0) + total);
    }
    const rows = await t.rt.db
      .select({ userId: wallets.userId, gold: wallets.gold })
      .from(wallets)
      .where(inArray(wallets.userId, senders));
    for (const row of rows) {
      expect(row.gold).toBeGreaterThanOrEqual(0);
      expect(row.gold).toBe(3_000 - (spent.get(row.userId) ?? 0));
      // Each paid gift is on the sender's room board, and nothing else.
      expect(await roomBoard(row.userId)).toBe(spent.get(row.userId) ?? 0);
    }
    const totals = paid.map((a) => a.send.gift.price * a.send.count);
    const income = totals.reduce((sum, total) => sum + giftSplit(total), 0);
    expect((await readBalances(t.rt.db, anchorId)).income - incomeBefore).toBe(income);
    expect((await heat()) - heatBefore).toBe(
      totals.reduce((sum, total) => sum + Math.max(1, Math.floor(total / 100)), 0),
    );
    const [statsAfter] = await t.rt.db
      .select()
      .from(anchorDailyStats)
      .where(and(eq(anchorDailyStats.anchorId, anchorId), eq(anchorDailyStats.day, day)));
    expect(statsAfter!.income - (statsBefore?.income ?? 0)).toBe(income);
    expect(statsAfter!.gifts - (statsBefore?.gifts ?? 0)).toBe(
      paid.reduce((sum, a) => sum + a.send.count, 0),
    );
    const report = await verifyLedger(t.rt.db);
    expect(isClean(report), formatReport(report, kind)).toBe(true);
  });
});
