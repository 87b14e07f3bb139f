/**
 * The ledger: every balance change is a move in an operation. `applyMoves` writes an operation's
 * moves atomically (an immutable ledger row per move, plus a guarded balance update) and applies
 * an idempotency key once. Amounts are integers in minor units (1/100 of a gem or diamond).
 *
 * @example
 * // A gift: debit the sender's gold, credit the anchor's income, inside the gift's transaction.
 * await db.transaction(async (tx) => {
 *   await applyMoves(tx, {
 *     key: `gift:${senderId}:${clientMsgId}`,
 *     kind: 'gift',
 *     reference: clientMsgId,
 *     moves: [
 *       { userId: senderId, currency: 'gold', amount: -price, kind: 'gift_send' },
 *       { userId: anchorId, currency: 'income', amount: giftSplit(price), kind: 'gift_income' },
 *     ],
 *   });
 *   await addContribution(tx, { anchorId, userId: senderId, amount: price, at: new Date() });
 * });
 */
import { asc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { retryOnConflict } from '../db/group-commit.ts';
import { queryRows, type Db, type Row } from '../db/index.ts';
import { ledgerEntries, ledgerOperations, wallets } from '../db/schema.ts';
import { peekRuntime } from '../runtime.ts';
import { countLedger } from './metrics.ts';

/** The balances a wallet holds: gold (shown as gems), diamond, and an anchor's income. */
export const CURRENCIES = ['gold', 'diamond', 'income'] as const;
/** One of CURRENCIES. */
export type Currency = (typeof CURRENCIES)[number];

/** Ledger kinds used so far; callers may add their own (short snake_case words). */
export const LEDGER_KIND = {
  grant: 'grant',
  recharge: 'recharge',
  giftSend: 'gift_send',
  giftIncome: 'gift_income',
  purchase: 'purchase',
  refund: 'refund',
} as const;

/** Largest amount one move may carry (10^13 minor units), far inside the safe integer range. */
export const MAX_MOVE = 10_000_000_000_000;

/** One balance change of an operation. */
export interface Move {
  /** Whose balance. */
  userId: number;
  /** Which balance. */
  currency: Currency;
  /** Signed amount in minor units: negative debits, positive credits; never 0. */
  amount: number;
  /** Why, for the records (gift_send, gift_income, recharge ...). */
  kind: string;
}

/** A set of moves that succeed or fail together, applied once per idempotency key. */
export interface LedgerOperation {
  /** Unique key of the operation; callers namespace it (`recharge:<order>`, `gift:<user>:<id>`). */
  key: string;
  /** Kind of the operation as a whole (gift, recharge, grant ...). */
  kind: string;
  /** What it refers to (order number, gift message id ...). */
  reference?: string;
  /** At most one move per user and currency. */
  moves: Move[];
}

/** A move as written, with the balance right after it. */
export interface AppliedMove extends Move {
  balanceAfter: number;
}

/** What applyMoves did, or (replayed) what the first call with this key did. */
export interface LedgerOutcome {
  operationId: number;
  /** True when the key had been applied before: nothing moved this time. */
  replayed: boolean;
  /** The moves in the order they were written (by user id, then currency). */
  moves: AppliedMove[];
}

/** A debit would take a balance below zero; nothing of the operation was applied. */
export class InsufficientBalanceError extends Error {
  /** Whose balance was short. */
  readonly userId: number;
  /** Which balance was short. */
  readonly currency: Currency;
  constructor(userId: number, currency: Currency) {
    super(`not enough balance: user ${userId} ${currency}`);
    this.name = 'InsufficientBalanceError';
    this.userId = userId;
    this.currency = currency;
  }
}

function checkOperation(op: LedgerOperation): Move[] {
  if (!op.key || op.key.length > 200) throw new RangeError('ledger: key must be 1-200 characters');
  if (op.moves.length === 0) throw new RangeError('ledger: an operation needs at least one move');
  const seen = new Set<string>();
  for (const move of op.moves) {
    if (!CURRENCIES.includes(move.currency)) {
      throw new RangeError(`ledger: unknown currency ${String(move.currency)}`);
    }
    if (
      !Number.isSafeInteger(move.amount) ||
      move.amount === 0 ||
      Math.abs(move.amount) > MAX_MOVE
    ) {
      throw new RangeError(`ledger: amount must be a non-zero integer, got ${move.amount}`);
    }
    const id = `${move.userId}:${move.currency}`;
    if (seen.has(id)) throw new RangeError(`ledger: two moves for ${id} in one operation`);
    seen.add(id);
  }
  // One order for every operation (user id, then currency name), so two operations lock shared
  // wallets in the same order and cannot deadlock; the ledger rows are written in it too.
  return [...op.moves].sort(
    (a, b) =>
      a.userId - b.userId || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
  );
}

/**
 * One statement writes the whole operation: ledger_apply (migration 0027_ledger_core) hands it
 * to the ledger's one SQL core, ledger_batch, which locks the wallets in user id order, inserts
 * the operation row (nothing more when the key exists), checks every debit against the locked
 * balances and writes the balances and a ledger row per move with the balance after it, or
 * nothing. It answers the written rows, or one row naming the refusal and the refused move. The
 * wallets_*_nonneg CHECK constraints stay as the last guard. Moves go as parallel arrays; the SQL
 * text depends only on the number of moves, so prepared statements are reused.
 */
function operationStatement(op: LedgerOperation, moves: Move[]) {
  const column = (type: 'integer' | 'text' | 'bigint', pick: (m: Move) => unknown) => {
    const items = moves.map((m) => sql`${pick(m)}`);
    return sql`array[${sql.join(items, sql`, `)}]::${sql.raw(type)}[]`;
  };
  return sql`select status, failed_move, operation_id, user_id, currency, balance_after
    from ledger_apply(
    ${op.key}, ${op.kind}, ${op.reference ?? ''},
    ${column('integer', (m) => m.userId)}, ${column('text', (m) => m.currency)},
    ${column('bigint', (m) => m.amount)}, ${column('text', (m) => m.kind)})`;
}

/** The outcome stored for an idempotency key, or undefined when the key is unknown. */
export async function findOperation(db: Db, key: string): Promise<LedgerOutcome | undefined> {
  const rows = await db
    .select({
      operationId: ledgerOperations.id,
      userId: ledgerEntries.userId,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
      kind: ledgerEntries.kind,
      balanceAfter: ledgerEntries.balanceAfter,
    })
    .from(ledgerOperations)
    .innerJoin(ledgerEntries, eq(ledgerEntries.operationId, ledgerOperations.id))
    .where(eq(ledgerOperations.idempotencyKey, key))
    .orderBy(asc(ledgerEntries.id));
  if (rows.length === 0) return undefined;
  return {
    operationId: rows[0]!.operationId,
    replayed: true,
    moves: rows.map(({ operationId: _id, ...move }) => ({
      ...move,
      currency: move.currency as Currency,
    })),
  };
}

/**
 * Applies an operation's moves atomically: a ledger row per move and the balance updates, in
 * one SQL statement, so no balance can go negative under any concurrency (each debit is checked
 * against the locked row). Alone, the statement is its own transaction; given a
 * transaction, it runs in a savepoint inside it, so it commits with the caller and a refusal
 * leaves the caller's own work untouched. A debit that would go below zero moves nothing and
 * throws InsufficientBalanceError. A key applied before moves nothing and returns the first
 * outcome with `replayed: true`; two concurrent calls with one key apply it once (the second
 * waits on the key's unique index, then reads the first's outcome). Deadlocks are retried.
 */
export async function applyMoves(db: Db, op: LedgerOperation): Promise<LedgerOutcome> {
  const moves = checkOperation(op);
  const statement = operationStatement(op, moves);
  // Alone, the statement is its own transaction; inside a caller's, a savepoint lets a deadlock
  // be retried without aborting the caller's transaction.
  const run = (): Promise<Row[]> =>
    db instanceof PgTransaction
      ? db.transaction((tx) => queryRows(tx as unknown as Db, statement))
      : queryRows(db, statement);
  const rows = await retryOnConflict(run);
  const status = rows[0] ? String(rows[0].status) : 'none';
  if (status === 'short' || status === 'no_wallet') {
    countLedger(op.kind, status);
    const refused = moves[Number(rows[0]!.failed_move) - 1];
    if (status === 'short' && refused) {
      throw new InsufficientBalanceError(refused.userId, refused.currency);
    }
    throw new Error(`ledger: a user of operation ${op.key} has no wallet`);
  }
  if (status === 'replayed') {
    const first = await findOperation(db, op.key);
    if (!first) throw new Error(`ledger: operation ${op.key} exists without entries`);
    countLedger(op.kind, 'replayed');
    return first;
  }
  if (status !== 'ok') throw new Error(`ledger: operation ${op.key} answered ${status}`);
  countLedger(op.kind, 'ok');
  const balances = new Map(
    rows.map((r) => [`${Number(r.user_id)}:${String(r.currency)}`, Number(r.balance_after)]),
  );
  return {
    operationId: Number(rows[0]!.operation_id),
    replayed: false,
    moves: moves.map((m) => ({ ...m, balanceAfter: balances.get(`${m.userId}:${m.currency}`)! })),
  };
}

/** A wallet's balances in minor units (zeros when the user has no wallet row). */
export interface Balances {
  gold: number;
  diamond: number;
  income: number;
}

/** Reads a user's balances. */
export async function readBalances(db: Db, userId: number): Promise<Balances> {
  const [row] = await db
    .select({ gold: wallets.gold, diamond: wallets.diamond, income: wallets.income })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row ?? { gold: 0, diamond: 0, income: 0 };
}

/** Anchor share of a gift when ANCHOR_SHARE is not set: 50 % (5,000 basis points). */
export const DEFAULT_ANCHOR_SHARE_BP = 5_000;

/**
 * The anchor's income from a gift of `price` minor units: price × share, in integer math and
 * rounded down to the minor unit (the platform keeps the fraction, so income never exceeds the
 * share). The share is ANCHOR_SHARE (percent, default 50) unless given in basis points.
 * @example giftSplit(1_000) // 500 at the default 50 %
 */
export function giftSplit(
  price: number,
  shareBp: number = peekRuntime()?.env.anchorShareBp ?? DEFAULT_ANCHOR_SHARE_BP,
): number {
  if (!Number.isSafeInteger(price) || price < 0) {
    throw new RangeError(`giftSplit: price must be a non-negative integer, got ${price}`);
  }
  if (!Number.isInteger(shareBp) || shareBp < 0 || shareBp > 10_000) {
    throw new RangeError(`giftSplit: share must be 0-10000 basis points, got ${shareBp}`);
  }
  return Number((BigInt(price) * BigInt(shareBp)) / 10_000n);
}
