/**
 * Money: wallets, the ledger (operations and their entries), recharge orders and vouchers. Money
 * columns are integers in minor units (1/100 of a gem or diamond).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Balances of one user; every change has a ledger row written in the same transaction. */
export const wallets = pgTable(
  'wallets',
  {
    /** Owner. */
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Gold in minor units, shown as gems. */
    gold: bigint('gold', { mode: 'number' }).notNull().default(0),
    /** Diamond in minor units. */
    diamond: bigint('diamond', { mode: 'number' }).notNull().default(0),
    /** Anchor income in minor units. */
    income: bigint('income', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('wallets_gold_nonneg', sql`${t.gold} >= 0`),
    check('wallets_diamond_nonneg', sql`${t.diamond} >= 0`),
    check('wallets_income_nonneg', sql`${t.income} >= 0`),
  ],
);

/** Balance moves applied together: the unit of idempotency and atomicity of the ledger. */
export const ledgerOperations = pgTable(
  'ledger_operations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Caller-chosen key, unique across operations (e.g. `recharge:R2026...`, `gift:100001:abc`). */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Why: grant, recharge, gift ... (each entry repeats its own kind). */
    kind: text('kind').notNull(),
    /** What it refers to (order number, gift message id ...). */
    reference: text('reference').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_operations_key_idx').on(t.idempotencyKey),
    // The console's figures of the last day.
    index('ledger_operations_created_idx').on(t.createdAt),
  ],
);

/** Immutable record of every balance change; the sum per user and currency is the balance. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The operation this move belongs to. */
    operationId: bigint('operation_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerOperations.id),
    /** Whose balance moved. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which balance: gold, diamond or income. */
    currency: text('currency').notNull(),
    /** Signed amount in minor units, never 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The balance of this currency right after the move. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** Why: grant, recharge, gift_send, gift_income, purchase ... */
    kind: text('kind').notNull(),
    /** What it refers to (order id, gift message id ...). */
    reference: text('reference').notNull().default(''),
    /** The operation's idempotency key, repeated so a row explains itself. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.currency, t.id),
    index('ledger_operation_idx').on(t.operationId),
    uniqueIndex('ledger_idem_idx').on(t.userId, t.currency, t.idempotencyKey),
    check('ledger_currency', sql`${t.currency} in ('gold', 'diamond', 'income')`),
    check('ledger_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_balance_nonneg', sql`${t.balanceAfter} >= 0`),
  ],
);

/** States of a recharge order. */
export const RECHARGE_STATUS = {
  pending: 'pending',
  paid: 'paid',
  failed: 'failed',
  expired: 'expired',
} as const;

/** Recharge orders: created pending, then paid, failed or expired by the payment notification or time. */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    /** Order number shown to the user and sent to the provider (R + time + random digits). */
    orderNo: text('order_no').primaryKey(),
    /** Who recharges. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Package id from recharge_packages; null for a custom amount. */
    packageId: text('package_id'),
    /** Price in CNY fen (1/100 yuan). */
    amountFen: integer('amount_fen').notNull(),
    /** Gold credited on payment in minor units, bonus included. */
    gold: bigint('gold', { mode: 'number' }).notNull(),
    /** The bonus part of gold. */
    bonusGold: bigint('bonus_gold', { mode: 'number' }).notNull().default(0),
    /** Payment provider name (sandbox). */
    provider: text('provider').notNull(),
    /** See RECHARGE_STATUS. */
    status: text('status').notNull().default('pending'),
    /** The provider's transaction id, from the payment notification. */
    providerTxnId: text('provider_txn_id'),
    /** True when the payment arrived after the order had expired (credited anyway). */
    paidLate: boolean('paid_late').notNull().default(false),
    /** Why the provider reported a failure. */
    failReason: text('fail_reason').notNull().default(''),
    createdAt: createdAt(),
    /** A pending order expires at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the payment was confirmed. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recharge_orders_user_idx').on(t.userId, t.createdAt),
    index('recharge_orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('recharge_orders_status', sql`${t.status} in ('pending', 'paid', 'failed', 'expired')`),
    check('recharge_orders_amount_pos', sql`${t.amountFen} > 0 and ${t.gold} > 0`),
  ],
);

/**
 * Vouchers: ticket vouchers (backpack type 105) that admit the holder to a ticket-paid live room.
 * One row per voucher; using one sets usedAt in a conditional update.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Holder. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Backpack type; 105 is the live-room ticket. */
    type: smallint('type').notNull().default(105),
    /** How it was obtained: welcome, recharge, activity ... */
    source: text('source').notNull(),
    /** A ticket for one anchor's room only; null for any ticket-paid room. */
    anchorId: integer('anchor_id'),
    createdAt: createdAt(),
    /** Unused vouchers lapse at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was spent; null while unused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('vouchers_user_idx').on(t.userId, t.expiresAt)],
);
