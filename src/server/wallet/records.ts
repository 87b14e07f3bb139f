/** The user's wallet records (ledger rows) and ticket vouchers. */
import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { RecordType, Voucher, VoucherList, WalletRecord } from '../../lib/wallet/records.ts';
import { unixSeconds } from '../../lib/time.ts';
import { readBackpack } from '../backpack/service.ts';
import type { Db } from '../db/index.ts';
import { ledgerEntries, vouchers } from '../db/schema.ts';

/** One page of the user's consumption (debits) or income (credits), newest first. */
export async function listRecords(
  db: Db,
  userId: number,
  type: RecordType,
  page: number,
  size: number,
): Promise<{ list: WalletRecord[]; total: number }> {
  const where = and(
    eq(ledgerEntries.userId, userId),
    type === 'consumption' ? lt(ledgerEntries.amount, 0) : gt(ledgerEntries.amount, 0),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    list: rows.map((row) => ({
      id: row.id,
      currency: row.currency as WalletRecord['currency'],
      amount: row.amount,
      balance_after: row.balanceAfter,
      kind: row.kind,
      reference: row.reference,
      created_at: unixSeconds(row.createdAt),
    })),
  };
}

/**
 * The user's ticket vouchers (unused first, soonest to lapse first, then the rest, newest first)
 * with the tickets and chat props the backpack holds.
 */
export async function listVouchers(db: Db, userId: number, now = new Date()): Promise<VoucherList> {
  const at = now.toISOString();
  const [rows, backpack] = await Promise.all([
    db
      .select()
      .from(vouchers)
      .where(eq(vouchers.userId, userId))
      .orderBy(
        sql`case when ${vouchers.usedAt} is null and ${vouchers.expiresAt} > ${at}::timestamptz then 0 else 1 end`,
        asc(
          sql`case when ${vouchers.usedAt} is null and ${vouchers.expiresAt} > ${at}::timestamptz then ${vouchers.expiresAt} end`,
        ),
        desc(vouchers.createdAt),
      )
      .limit(200),
    readBackpack(db, userId),
  ]);
  const list: Voucher[] = rows.map((row) => ({
    id: row.id,
    type: row.type,
    source: row.source,
    anchor_id: row.anchorId,
    state: row.usedAt ? 'used' : row.expiresAt <= now ? 'expired' : 'unused',
    created_at: unixSeconds(row.createdAt),
    expires_at: unixSeconds(row.expiresAt),
    used_at: row.usedAt ? unixSeconds(row.usedAt) : null,
  }));
  return { list, tickets: backpack.ticket, props: backpack.props };
}
