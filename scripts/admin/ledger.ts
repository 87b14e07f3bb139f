/** `ledger:*`: the money at a glance, and a ledger verification stored for the console. */
import path from 'node:path';
import type { VerificationView } from '../../src/lib/admin/views.ts';
import { ledgerSummary, recordVerification } from '../../src/server/admin/ledger.ts';
import { formatReport } from '../../src/server/wallet/verify.ts';
import { clock, columns, money, t, type Command, type Run } from './cli.ts';

/** The last verification: its result, when and by whom, and its counts or drift. */
function printVerification(last: VerificationView | null): void {
  console.log(t('admin.overview.verification'));
  if (!last) {
    console.log(`  ${t('admin.overview.neverVerified')}`);
    return;
  }
  const { clean, created_at, source, report } = last;
  console.log(`  ${t(clean ? 'admin.overview.clean' : 'admin.overview.dirty')}`);
  console.log(`  ${t('admin.overview.lastRun', { time: clock(created_at), source })}`);
  const { wallets, entries, operations } = report;
  console.log(`  ${t('admin.overview.rows', { wallets, entries, operations })}`);
  for (const d of report.drift) {
    const [user, currency, balance, ledger] = [
      d.userId,
      d.currency,
      money(d.balance),
      money(d.ledger),
    ];
    console.log(`  ${t('admin.overview.drift', { user, currency, balance, ledger })}`);
  }
}

const summary: Run = async ({ rt }) => {
  const s = await ledgerSummary(rt.db);
  console.log(t('admin.overview.balances'));
  const balances: [string, number][] = [
    [t('admin.overview.gold'), s.balances.gold],
    [t('admin.overview.diamond'), s.balances.diamond],
    [t('admin.overview.income'), s.balances.income],
  ];
  const width = Math.max(...balances.map(([, v]) => money(v).length));
  for (const line of columns(balances.map(([name, v]) => [`${name}:`, money(v).padStart(width)]))) {
    console.log(line);
  }
  const orders = t('admin.overview.rechargeCount', { count: s.recharges.count });
  console.log(`${t('admin.overview.recharges')}: ${orders}, ${money(s.recharges.amount_fen)} yuan`);
  console.log(`${t('admin.overview.operations')}:${s.operations.length ? '' : ' none'}`);
  for (const line of columns(s.operations.map((o) => [o.kind, String(o.count)]))) {
    console.log(line);
  }
  printVerification(s.last);
};

const verify: Run = async ({ rt, actor }) => {
  const result = await recordVerification(rt.db, actor.label);
  const { databaseUrl, dataDir } = rt.env;
  const where = databaseUrl
    ? `PostgreSQL ${new URL(databaseUrl).host}`
    : path.join(dataDir, 'pglite');
  console.log(formatReport(result.report, where));
  return result.clean ? 0 : 1;
};

/** The verbs of the ledger. */
export const ledgerCommands: Record<string, Command> = {
  'ledger:summary': {
    args: '',
    help: 'balances, the last 24 h of ledger operations and recharges, the last verification',
    parse: () => summary,
  },
  'ledger:verify': {
    args: '',
    help: 'verify every balance against its ledger, stored for the console; exit 1 on drift',
    parse: () => verify,
  },
};
