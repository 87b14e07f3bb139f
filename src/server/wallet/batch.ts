/**
 * Many ledger operations in one statement: `applyBatch` hands them to the ledger_batch SQL
 * function (migration 0019), which locks their wallets once, settles each operation on its own
 * (all of its moves or none, once per idempotency key) and writes the results with one statement
 * per table. Use it inside a transaction that also records what the money was for (stakes,
 * payouts), so both commit together. Gifts, bets and settlements use it; single operations go
 * through the same SQL core (applyMoves in ledger.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/index.ts';
import { MAX_MOVE, type LedgerOperation } from './ledger.ts';
import { countLedger } from './metrics.ts';

/** How one operation of a batch ended. */
export type BatchStatus =
  /** Applied: every move written. */
  | 'ok'
  /** Its key was applied before (or earlier in this batch): nothing moved. */
  | 'replayed'
  /** A debit would take a balance below zero: nothing moved. */
  | 'short'
  /** A user of it has no wallet: nothing moved. */
  | 'no_wallet';

/** An operation's outcome with the gold and diamond of its first move's user after it. */
export interface BatchOutcome {
  status: BatchStatus;
  gold: number;
  diamond: number;
}

function check(op: LedgerOperation): void {
  if (!op.key || op.key.length > 200) throw new RangeError('ledger: key must be 1-200 characters');
  if (op.moves.length === 0) throw new RangeError('ledger: an operation needs at least one move');
  const seen = new Set<string>();
  for (const m of op.moves) {
    if (!Number.isSafeInteger(m.amount) || m.amount === 0 || Math.abs(m.amount) > MAX_MOVE) {
      throw new RangeError(`ledger: amount must be a non-zero integer, got ${m.amount}`);
    }
    const id = `${m.userId}:${m.currency}`;
    if (seen.has(id)) throw new RangeError(`ledger: two moves for ${id} in one operation`);
    seen.add(id);
  }
}

/**
 * Applies `ops` in order, each on its own (see BatchStatus), in the caller's transaction (or as
 * its own statement). Returns one outcome per operation. `count: false` leaves the ledger metric
 * to a caller that retries the batch and counts once it has committed.
 */
export async function applyBatch(
  db: Db,
  ops: LedgerOperation[],
  { count = true }: { count?: boolean } = {},
): Promise<BatchOutcome[]> {
  if (ops.length === 0) return [];
  for (const op of ops) check(op);
  const payload = ops.map((op) => ({
    key: op.key,
    kind: op.kind,
    reference: op.reference ?? '',
    moves: op.moves.map((m) => ({
      usr: m.userId,
      currency: m.currency,
      amount: m.amount,
      kind: m.kind,
    })),
  }));
  const rows = await queryRows(
    db,
    sql`select ord, status, gold, diamond from ledger_batch(${JSON.stringify(payload)}::jsonb)`,
  );
  const outcomes = new Array<BatchOutcome>(ops.length);
  for (const row of rows) {
    outcomes[Number(row.ord) - 1] = {
      status: String(row.status) as BatchStatus,
      gold: Number(row.gold),
      diamond: Number(row.diamond),
    };
  }
  if (outcomes.some((o) => o === undefined))
    throw new Error('ledger_batch: an operation without outcome');
  if (count) ops.forEach((op, i) => countLedger(op.kind, outcomes[i]!.status));
  return outcomes;
}
