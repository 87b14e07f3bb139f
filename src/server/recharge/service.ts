/**
 * Recharge orders: created pending, settled exactly once by the provider's notification (the
 * order turns paid and the gold is credited in the same transaction), failed by a failure
 * notification, expired when left unpaid past their time.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { RechargeOrder, RechargePackage, RechargeStatus } from '../../lib/wallet/recharge.ts';
import { GOLD_PER_YUAN } from '../../lib/wallet/recharge.ts';
import type { Db } from '../db/index.ts';
import { RECHARGE_STATUS, rechargeOrders } from '../db/schema.ts';
import { applyMoves, LEDGER_KIND } from '../wallet/ledger.ts';
import type { PaymentNotification } from './provider.ts';

type OrderRow = typeof rechargeOrders.$inferSelect;

/** A new order number: R, UTC yyyyMMddHHmmss, 6 random digits. */
export function newOrderNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `R${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** What is being bought: a package, or a custom amount in whole yuan. */
export type Purchase = { package: RechargePackage } | { yuan: number };

/** Creates a pending order for `userId`, expiring after `ttlMinutes`. */
export async function createOrder(
  db: Db,
  input: { userId: number; purchase: Purchase; provider: string; ttlMinutes: number; now?: Date },
): Promise<OrderRow> {
  const now = input.now ?? new Date();
  const { purchase } = input;
  const values =
    'package' in purchase
      ? {
          packageId: purchase.package.id,
          amountFen: purchase.package.price_fen,
          gold: purchase.package.gold + purchase.package.bonus,
          bonusGold: purchase.package.bonus,
        }
      : {
          packageId: null,
          amountFen: purchase.yuan * 100,
          gold: purchase.yuan * GOLD_PER_YUAN,
          bonusGold: 0,
        };
  const [row] = await db
    .insert(rechargeOrders)
    .values({
      orderNo: newOrderNo(now),
      userId: input.userId,
      ...values,
      provider: input.provider,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + input.ttlMinutes * 60_000),
    })
    .returning();
  return row!;
}

/** Marks pending orders past their time as expired (all, or one user's); returns how many. */
export async function expireOrders(db: Db, now = new Date(), userId?: number): Promise<number> {
  const rows = await db
    .update(rechargeOrders)
    .set({ status: RECHARGE_STATUS.expired, updatedAt: now })
    .where(
      and(
        eq(rechargeOrders.status, RECHARGE_STATUS.pending),
        lte(rechargeOrders.expiresAt, now),
        userId === undefined ? undefined : eq(rechargeOrders.userId, userId),
      ),
    )
    .returning({ orderNo: rechargeOrders.orderNo });
  return rows.length;
}

/** What a notification did. */
export type SettleResult =
  'credited' | 'already_paid' | 'failed' | 'ignored' | 'unknown_order' | 'amount_mismatch';

/**
 * Applies a verified notification. A payment marks the order paid and credits its gold in one
 * transaction, whatever the order's state (pending, failed or expired: the money was taken), and
 * exactly once: the conditional update lets one notification through, and the ledger key
 * `recharge:<order>` would refuse a second credit anyway. A failure only fails a pending order.
 */
export async function settleNotification(
  db: Db,
  notification: PaymentNotification,
  now = new Date(),
): Promise<SettleResult> {
  const [order] = await db
    .select()
    .from(rechargeOrders)
    .where(eq(rechargeOrders.orderNo, notification.orderNo));
  if (!order) return 'unknown_order';
  if (order.amountFen !== notification.amountFen) return 'amount_mismatch';
  if (notification.outcome === 'failed') {
    const failed = await db
      .update(rechargeOrders)
      .set({ status: RECHARGE_STATUS.failed, failReason: notification.reason, updatedAt: now })
      .where(
        and(
          eq(rechargeOrders.orderNo, order.orderNo),
          eq(rechargeOrders.status, RECHARGE_STATUS.pending),
          sql`${rechargeOrders.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ orderNo: rechargeOrders.orderNo });
    return failed.length > 0 ? 'failed' : 'ignored';
  }
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(rechargeOrders)
      .set({
        status: RECHARGE_STATUS.paid,
        paidAt: now,
        providerTxnId: notification.txnId,
        paidLate: sql`${rechargeOrders.status} = 'expired' or ${rechargeOrders.expiresAt} <= ${now.toISOString()}::timestamptz`,
        updatedAt: now,
      })
      .where(
        and(
          eq(rechargeOrders.orderNo, order.orderNo),
          ne(rechargeOrders.status, RECHARGE_STATUS.paid),
        ),
      )
      .returning();
    if (!paid) return 'already_paid';
    await applyMoves(tx, {
      key: `recharge:${paid.orderNo}`,
      kind: LEDGER_KIND.recharge,
      reference: paid.orderNo,
      moves: [
        { userId: paid.userId, currency: 'gold', amount: paid.gold, kind: LEDGER_KIND.recharge },
      ],
    });
    return 'credited';
  });
}

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** An order row as the calls return it. */
export function toRechargeOrder(row: OrderRow): RechargeOrder {
  return {
    order_no: row.orderNo,
    package_id: row.packageId,
    amount_fen: row.amountFen,
    gold: row.gold,
    bonus: row.bonusGold,
    status: row.status as RechargeStatus,
    provider: row.provider,
    paid_late: row.paidLate,
    created_at: seconds(row.createdAt)!,
    expires_at: seconds(row.expiresAt)!,
    paid_at: seconds(row.paidAt),
  };
}

/** One of the user's orders (expired first when due), or undefined. */
export async function findOrder(
  db: Db,
  userId: number,
  orderNo: string,
  now = new Date(),
): Promise<OrderRow | undefined> {
  await expireOrders(db, now, userId);
  const [row] = await db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.orderNo, orderNo), eq(rechargeOrders.userId, userId)));
  return row;
}

/** The user's orders, newest first. */
export async function listOrders(
  db: Db,
  userId: number,
  page: number,
  size: number,
  now = new Date(),
): Promise<{ list: OrderRow[]; total: number }> {
  await expireOrders(db, now, userId);
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.userId, userId))
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.orderNo))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(rechargeOrders).where(eq(rechargeOrders.userId, userId)),
  ]);
  return { list, total: total?.n ?? 0 };
}
