/**
 * Items: the backpack (tickets, chat props and gifts) with its ledger, ticket-paid room entry,
 * and the gift catalogue.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// Backpack (tickets, chat props and gifts) and ticket-paid room entry
// ---------------------------------------------------------------------------------------------

/**
 * What a user holds, one row per user, item type and props_id. Quantities only move through
 * guarded updates (`quantity >= n`), so the CHECK is a last line of defence, never hit.
 */
export const backpackItems = pgTable(
  'backpack_items',
  {
    /** Owner. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Item type (PROP_TYPE in src/lib/live/props.ts): 100 speaker, 101 colourful, 105 ticket, 106 gift. */
    itemType: smallint('item_type').notNull(),
    /** Variant of the type: the colour of a colourful prop (2, 3, 4), the gift id of a gift; else 0. */
    propsId: smallint('props_id').notNull().default(0),
    /** How many the user holds; never negative. */
    quantity: integer('quantity').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemType, t.propsId] }),
    check('backpack_items_quantity_nonneg', sql`${t.quantity} >= 0`),
  ],
);

/** Ledger kind of a gift sent from the backpack; its reference is the send's client_msg_id. */
export const BACKPACK_GIFT_KIND = 'backpack_gift';

/** Every change of a backpack quantity, written in the same transaction as the change. */
export const backpackLedger = pgTable(
  'backpack_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Whose backpack changed. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Item type (PROP_TYPE in src/lib/live/props.ts): 100 speaker, 101 colourful, 105 ticket, 106 gift. */
    itemType: smallint('item_type').notNull(),
    /** Variant, as in backpack_items. */
    propsId: smallint('props_id').notNull().default(0),
    /** Signed change: positive when granted or bought, negative when used. */
    delta: integer('delta').notNull(),
    /** Why: grant, purchase, chat_prop, room_ticket, backpack_gift ... */
    kind: text('kind').notNull(),
    /** What it refers to (room, chat message id, order id, a gift send's client_msg_id ...). */
    reference: text('reference').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('backpack_ledger_user_idx').on(t.userId, t.createdAt),
    // A backpack gift send is used once per client_msg_id, even when two arrive at once.
    uniqueIndex('backpack_ledger_gift_once_idx')
      .on(t.userId, t.kind, t.reference)
      .where(sql`${t.kind} = ${sql.raw(`'${BACKPACK_GIFT_KIND}'`)}`),
  ],
);

/**
 * Entry to a ticket-paid room, bought for one live of the anchor (identified by its start
 * time), so reloading or rejoining during that live never charges again.
 */
export const roomTickets = pgTable(
  'room_tickets',
  {
    /** Who may enter. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The room: its anchor's user id. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** live_rooms.started_at of the live the entry is for. */
    liveStartedAt: timestamp('live_started_at', { withTimezone: true }).notNull(),
    /** Tickets paid. */
    tickets: integer('tickets').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.anchorId, t.liveStartedAt] })],
);

// ---------------------------------------------------------------------------------------------
// Gifts
// ---------------------------------------------------------------------------------------------

/** The gift catalogue (POST /api/live/gift_list); seeded from src/lib/gifts/catalogue.ts. */
export const gifts = pgTable(
  'gifts',
  {
    /** Gift id as frames carry it (giftid). */
    id: integer('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    /** Price of one, in minor units of `currency`. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** Which balance pays: gold (gems) or diamond. */
    currency: text('currency').notNull().default('gold'),
    /** Icon URL. */
    icon: text('icon').notNull(),
    /** Animation key of the gift stage; empty for icon-only gifts. */
    animation: text('animation').notNull().default(''),
    /** 0 icon only, 1 animated on the gift stage. */
    animatType: smallint('animat_type').notNull().default(0),
    /** Whether sends in a row count up a combo. */
    comboable: boolean('comboable').notNull().default(true),
    /** Order in the gift panel. */
    sort: integer('sort').notNull().default(0),
    /** Off-sale gifts are hidden and refused. */
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('gifts_price_pos', sql`${t.price} > 0`),
    check('gifts_currency', sql`${t.currency} in ('gold', 'diamond')`),
  ],
);
