/**
 * Ledger verification: every wallet balance must equal the sum of its ledger rows per currency,
 * the newest row's balance_after must equal the balance, and nothing may be negative.
 */
import { sql } from 'drizzle-orm';
import type { VerifyReport } from '../../lib/admin/views.ts';
import { queryRows, type Db } from '../db/index.ts';

export type { Drift, VerifyReport } from '../../lib/admin/views.ts';

/** True when the report shows no drift, no negative balance and no empty operation. */
export function isClean(report: VerifyReport): boolean {
  return report.drift.length === 0 && report.negative.length === 0 && report.emptyOperations === 0;
}

const num = (value: unknown): number => Number(value ?? 0);

/** Compares every wallet with its ledger rows in one consistent snapshot. */
export async function verifyLedger(db: Db): Promise<VerifyReport> {
  return db.transaction(async (tx) => {
    // One snapshot for every query, so a transfer committing meanwhile cannot look like drift.
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const balances = sql`
      select w.user_id, c.currency,
        case c.currency when 'gold' then w.gold when 'diamond' then w.diamond else w.income end as balance
      from wallets w cross join (values ('gold'), ('diamond'), ('income')) as c(currency)`;
    const sums = sql`
      select user_id, currency, sum(amount) as total from ledger_entries group by user_id, currency`;
    const last = sql`
      select distinct on (user_id, currency) user_id, currency, balance_after
      from ledger_entries order by user_id, currency, id desc`;
    const drift = await queryRows(
      tx,
      sql`
      select coalesce(b.user_id, s.user_id) as user_id, coalesce(b.currency, s.currency) as currency,
        coalesce(b.balance, 0) as balance, coalesce(s.total, 0) as ledger, l.balance_after
      from (${balances}) b
      full join (${sums}) s on s.user_id = b.user_id and s.currency = b.currency
      left join (${last}) l on l.user_id = coalesce(b.user_id, s.user_id)
        and l.currency = coalesce(b.currency, s.currency)
      where coalesce(b.balance, 0) <> coalesce(s.total, 0)
        or (l.balance_after is not null and l.balance_after <> coalesce(b.balance, 0))
      order by 1, 2
      limit 1000`,
    );
    const negative = await queryRows(
      tx,
      sql`select user_id, currency, balance from (${balances}) b where balance < 0 order by 1, 2 limit 1000`,
    );
    const totals = await queryRows(
      tx,
      sql`
      select c.currency,
        (select coalesce(sum(case c.currency when 'gold' then gold when 'diamond' then diamond else income end), 0) from wallets) as balances,
        (select coalesce(sum(amount), 0) from ledger_entries e where e.currency = c.currency) as ledger
      from (values ('gold'), ('diamond'), ('income')) as c(currency)`,
    );
    const [counts] = await queryRows(
      tx,
      sql`select (select count(*) from wallets) as wallets,
        (select count(*) from ledger_entries) as entries,
        (select count(*) from ledger_operations) as operations,
        (select count(*) from ledger_operations o
          where not exists (select 1 from ledger_entries e where e.operation_id = o.id)) as empty`,
    );
    return {
      wallets: num(counts?.wallets),
      entries: num(counts?.entries),
      operations: num(counts?.operations),
      totals: totals.map((r) => ({
        currency: String(r.currency),
        balances: num(r.balances),
        ledger: num(r.ledger),
      })),
      drift: drift.map((r) => ({
        userId: num(r.user_id),
        currency: String(r.currency),
        balance: num(r.balance),
        ledger: num(r.ledger),
        lastBalanceAfter: r.balance_after === null ? null : num(r.balance_after),
      })),
      negative: negative.map((r) => ({
        userId: num(r.user_id),
        currency: String(r.currency),
        balance: num(r.balance),
      })),
      emptyOperations: num(counts?.empty),
    };
  });
}

/** The report as text: totals per currency, then every problem, then the verdict. */
export function formatReport(report: VerifyReport, where: string): string {
  const lines = [
    `Ledger verification (${where})`,
    `  wallets ${report.wallets}, ledger rows ${report.entries}, operations ${report.operations}`,
  ];
  for (const t of report.totals) {
    lines.push(
      `  ${t.currency.padEnd(8)} balances ${String(t.balances).padStart(16)}   ledger ${String(t.ledger).padStart(16)}`,
    );
  }
  for (const d of report.drift) {
    lines.push(
      `  DRIFT user ${d.userId} ${d.currency}: balance ${d.balance}, ledger sum ${d.ledger}, newest balance_after ${d.lastBalanceAfter ?? '-'}`,
    );
  }
  for (const n of report.negative) {
    lines.push(`  NEGATIVE user ${n.userId} ${n.currency}: ${n.balance}`);
  }
  if (report.emptyOperations > 0) {
    lines.push(`  ${report.emptyOperations} operation(s) without ledger rows`);
  }
  lines.push(
    isClean(report)
      ? '  OK: every balance equals its ledger sum.'
      : '  FAILED: the ledger and the balances disagree.',
  );
  return lines.join('\n');
}
