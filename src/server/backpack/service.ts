/**
 * The backpack: tickets and chat props a user holds. Items are granted with one upsert and used
 * with one guarded UPDATE (`quantity >= n`), each with its ledger row in the same transaction,
 * so concurrent uses can never take more than there is.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { COLORFUL_IDS, PROP_TYPE, type PropCounts } from '../../lib/live/props.ts';
import type { Db } from '../db/index.ts';
import { backpackItems, backpackLedger } from '../db/schema.ts';

/** One kind of item: its type and variant. */
export interface ItemKey {
  type: number;
  /** Colour of a colourful prop (2, 3, 4); 0 for other types. */
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

/** A backpack row as the spec's call returns it. */
export interface BackpackEntry {
  type: number;
  props_id: number;
  quantity: number;
}

/** What `/api/live/user_backpack` answers. */
export interface BackpackView {
  user_backpack: BackpackEntry[];
  /** Tickets held (type 105), kept apart as the spec does. */
  ticket: number;
  props: PropCounts;
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

/** The user's backpack: every item held, the ticket total and the chat prop counts. */
export async function readBackpack(db: Db, userId: number): Promise<BackpackView> {
  const rows = await db
    .select({
      type: backpackItems.itemType,
      props_id: backpackItems.propsId,
      quantity: backpackItems.quantity,
    })
    .from(backpackItems)
    .where(eq(backpackItems.userId, userId))
    .orderBy(backpackItems.itemType, backpackItems.propsId);
  const held = rows.filter((r) => r.quantity > 0);
  const count = (type: number, propsId = 0) =>
    held.find((r) => r.type === type && r.props_id === propsId)?.quantity ?? 0;
  const [c1, c2, c3] = COLORFUL_IDS.map((id) => count(PROP_TYPE.colorful, id));
  return {
    user_backpack: held,
    ticket: count(PROP_TYPE.ticket),
    props: {
      speaker: count(PROP_TYPE.speaker),
      colorful1: c1!,
      colorful2: c2!,
      colorful3: c3!,
    },
  };
}
