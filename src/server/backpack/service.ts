/**
 * The backpack: tickets, chat props and gifts a user holds. Items are granted with one upsert and
 * used with one guarded UPDATE (`quantity >= n`), each with its ledger row in the same
 * transaction, so concurrent uses can never take more than there is.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { backpackView, type BackpackView } from '../../lib/live/backpack.ts';
import { PROP_TYPE } from '../../lib/live/props.ts';
import type { Db } from '../db/index.ts';
import { BACKPACK_GIFT_KIND, backpackItems, backpackLedger } from '../db/schema.ts';

/** One kind of item: its type and variant. */
export interface ItemKey {
  type: number;
  /** Colour of a colourful prop (2, 3, 4), the gift id of a gift item (106); 0 otherwise. */
  propsId?: number;
}

/** A movement of items: why, and what it refers to. */
export interface ItemMove extends ItemKey {
  userId: number;
  /** How many (positive). */
  count: number;
  /** Ledger kind: grant, purchase, chat_prop, room_ticket ... */
  kind: string;
  reference?: string;
}

/** The user holds fewer of an item than a use asks for; nothing changed. */
export class NotEnoughItemsError extends Error {
  /** How many the user holds. */
  readonly held: number;
  constructor(held: number) {
    super(`not enough items: ${held} held`);
    this.name = 'NotEnoughItemsError';
    this.held = held;
  }
}

/** Adds `count` items (grants, purchases); returns the new quantity. */
export async function grantItems(db: Db, move: ItemMove): Promise<number> {
  if (!Number.isInteger(move.count) || move.count <= 0) throw new Error('count must be positive');
  const propsId = move.propsId ?? 0;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(backpackItems)
      .values({ userId: move.userId, itemType: move.type, propsId, quantity: move.count })
      .onConflictDoUpdate({
        target: [backpackItems.userId, backpackItems.itemType, backpackItems.propsId],
        set: {
          quantity: sql`${backpackItems.quantity} + ${move.count}`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ quantity: backpackItems.quantity });
    await tx.insert(backpackLedger).values({
      userId: move.userId,
      itemType: move.type,
      propsId,
      delta: move.count,
      kind: move.kind,
      reference: move.reference ?? '',
    });
    return row!.quantity;
  });
}

/**
 * Takes `count` items in one guarded UPDATE and writes the ledger row; returns the quantity
 * left, or null when the user holds fewer (then nothing changes). Pass a transaction to make
 * the use commit or roll back with other writes (the chat message it pays for).
 */
export async function consumeItems(db: Db, move: ItemMove): Promise<number | null> {
  if (!Number.isInteger(move.count) || move.count <= 0) throw new Error('count must be positive');
  const propsId = move.propsId ?? 0;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(backpackItems)
      .set({ quantity: sql`${backpackItems.quantity} - ${move.count}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(backpackItems.userId, move.userId),
          eq(backpackItems.itemType, move.type),
          eq(backpackItems.propsId, propsId),
          gte(backpackItems.quantity, move.count),
        ),
      )
      .returning({ quantity: backpackItems.quantity });
    if (!row) return null;
    await tx.insert(backpackLedger).values({
      userId: move.userId,
      itemType: move.type,
      propsId,
      delta: -move.count,
      kind: move.kind,
      reference: move.reference ?? '',
    });
    return row.quantity;
  });
}

/** One press of a backpack gift's send button: which gift, how many, and the client's id. */
export interface GiftItemUse {
  userId: number;
  giftId: number;
  count: number;
  /** The send's client_msg_id; a second use with it takes nothing. */
  reference: string;
}

/** What a gift item use did: `replayed` when this reference was used before. */
export interface GiftItemOutcome {
  replayed: boolean;
  /** How many of the gift the user holds now. */
  quantity: number;
}

/**
 * Takes `count` of a gift from the backpack, once per (user, reference). The ledger row goes in
 * first with `ON CONFLICT DO NOTHING` on the partial unique index backpack_ledger_gift_once_idx:
 * a repeat finds the row and takes nothing, and a concurrent repeat waits on the index until the
 * first commits (then takes nothing) or rolls back (then goes ahead). The guarded UPDATE follows;
 * when it finds too few items the ledger row is rolled back and NotEnoughItemsError thrown. Pass
 * a transaction to make the use commit or roll back with the caller's other writes.
 */
export async function consumeGiftItems(db: Db, use: GiftItemUse): Promise<GiftItemOutcome> {
  if (!Number.isInteger(use.count) || use.count <= 0) throw new Error('count must be positive');
  if (!use.reference) throw new Error('a gift item use needs a reference');
  const key = { type: PROP_TYPE.giftItem, propsId: use.giftId };
  const used = await db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(backpackLedger)
      .values({
        userId: use.userId,
        itemType: key.type,
        propsId: key.propsId,
        delta: -use.count,
        kind: BACKPACK_GIFT_KIND,
        reference: use.reference,
      })
      .onConflictDoNothing({
        target: [backpackLedger.userId, backpackLedger.kind, backpackLedger.reference],
        where: sql`kind = ${sql.raw(`'${BACKPACK_GIFT_KIND}'`)}`,
      })
      .returning({ id: backpackLedger.id });
    if (!entry) return null;
    const [row] = await tx
      .update(backpackItems)
      .set({ quantity: sql`${backpackItems.quantity} - ${use.count}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(backpackItems.userId, use.userId),
          eq(backpackItems.itemType, key.type),
          eq(backpackItems.propsId, key.propsId),
          gte(backpackItems.quantity, use.count),
        ),
      )
      .returning({ quantity: backpackItems.quantity });
    // Throwing rolls the ledger row back: nothing of this use remains.
    if (!row) throw new NotEnoughItemsError(await itemQuantity(tx, use.userId, key));
    return row.quantity;
  });
  if (used === null) {
    return { replayed: true, quantity: await itemQuantity(db, use.userId, key) };
  }
  return { replayed: false, quantity: used };
}

/** How many of one item the user holds. */
export async function itemQuantity(db: Db, userId: number, key: ItemKey): Promise<number> {
  const rows = await db
    .select({ quantity: backpackItems.quantity })
    .from(backpackItems)
    .where(
      and(
        eq(backpackItems.userId, userId),
        eq(backpackItems.itemType, key.type),
        eq(backpackItems.propsId, key.propsId ?? 0),
      ),
    )
    .limit(1);
  return rows[0]?.quantity ?? 0;
}

/** The user's backpack: every item held, the ticket total, the chat prop and gift counts. */
export async function readBackpack(db: Db, userId: number): Promise<BackpackView> {
  const rows = await db
    .select({
      type: backpackItems.itemType,
      props_id: backpackItems.propsId,
      quantity: backpackItems.quantity,
    })
    .from(backpackItems)
    .where(eq(backpackItems.userId, userId));
  return backpackView(rows);
}
