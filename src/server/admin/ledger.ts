/**
 * The money at a glance: balances per currency, the last day's ledger operations by kind and
 * paid recharges, and ledger verifications, each run (console, command line) stored with its
 * report so the console shows the last one.
 */
import type { LedgerSummary, VerificationView, VerifyReport } from '../../lib/admin/views.ts';
import { desc, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/index.ts';
import { ledgerVerifications } from '../db/schema.ts';
import { isClean, verifyLedger } from '../wallet/verify.ts';

const num = (v: unknown) => Number(v ?? 0);

/** Runs a verification, stores its result with who ran it and returns it. */
export async function recordVerification(db: Db, source: string): Promise<VerificationView> {
  const report = await verifyLedger(db);
  const [row] = await db
    .insert(ledgerVerifications)
    .values({ clean: isClean(report), report, source })
    .returning();
  return {
    clean: row!.clean,
    source,
    created_at: Math.floor(row!.createdAt.getTime() / 1000),
    report,
  };
}

/** The newest stored verification, or null. */
export async function lastVerification(db: Db): Promise<VerificationView | null> {
  const [row] = await db
    .select()
    .from(ledgerVerifications)
    .orderBy(desc(ledgerVerifications.id))
    .limit(1);
  return row
    ? {
        clean: row.clean,
        source: row.source,
        created_at: Math.floor(row.createdAt.getTime() / 1000),
        report: row.report as VerifyReport,
      }
    : null;
}

/** Balances, the last day's activity and the last verification. */
export async function ledgerSummary(db: Db, now = new Date()): Promise<LedgerSummary> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const [balances] = await queryRows(
    db,
    sql`select coalesce(sum(gold), 0) as gold, coalesce(sum(diamond), 0) as diamond,
      coalesce(sum(income), 0) as income from wallets`,
  );
  const operations = await queryRows(
    db,
    sql`select kind, count(*) as count from ledger_operations
      where created_at > ${since.toISOString()}::timestamptz group by kind order by count(*) desc, kind`,
  );
  const [recharges] = await queryRows(
    db,
    sql`select count(*) as count, coalesce(sum(amount_fen), 0) as amount_fen from recharge_orders
      where status = 'paid' and paid_at > ${since.toISOString()}::timestamptz`,
  );
  return {
    balances: {
      gold: num(balances?.gold),
      diamond: num(balances?.diamond),
      income: num(balances?.income),
    },
    operations: operations.map((r) => ({ kind: String(r.kind), count: num(r.count) })),
    recharges: { count: num(recharges?.count), amount_fen: num(recharges?.amount_fen) },
    last: await lastVerification(db),
  };
}
