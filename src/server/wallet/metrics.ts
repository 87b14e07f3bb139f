/** Ledger operations in the metrics, by kind (gift, recharge, bet ...) and how each ended. */
import { counter } from '../metrics.ts';

const operations = counter(
  'ledger_operations_total',
  'Ledger operations settled, by kind and result (ok, replayed, short, no_wallet)',
  ['kind', 'result'],
);

/** Counts `n` operations of `kind` that ended with `result`. */
export function countLedger(kind: string, result: string, n = 1): void {
  operations.inc({ kind, result }, n);
}
