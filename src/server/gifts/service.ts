/**
 * Gifts: the catalogue, and sending one. A paid send (charged by ./charge.ts, alone or in a
 * batch) is one transaction: the ledger debits the sender and credits the anchor's income (once
 * per client_msg_id), the room's heat and the daily and monthly rankings grow, or nothing
 * happens at all. A send from the backpack uses gift items instead of money: the items and the
 * heat move in one transaction, no money moves.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { GiftItem } from '../../lib/gifts/types.ts';
import { GIFTS } from '../../lib/gifts/catalogue.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { consumeGiftItems } from '../backpack/service.ts';
import type { Db } from '../db/index.ts';
import { gifts, liveRooms } from '../db/schema.ts';
import { addGiftStats } from '../studio/stats.ts';
import { InsufficientBalanceError, readBalances, type Balances } from '../wallet/ledger.ts';
import { chargeGifts, giftHeat, type ChargeOutcome, type GiftSend } from './charge.ts';

export { giftHeat, type GiftSend } from './charge.ts';

/**
 * Writes the catalogue of src/lib/gifts/catalogue.ts into the gifts table (new gifts added,
 * names, prices and art updated); gifts removed from the catalogue are taken off sale, never
 * deleted, because ledger references name them.
 */
export async function syncGiftCatalogue(db: Db): Promise<void> {
  const rows = GIFTS.map((g, index) => ({
    id: g.id,
    nameEn: g.name['en-US'],
    nameZh: g.name['zh-CN'],
    price: g.price,
    currency: g.currency,
    icon: g.icon,
    animation: g.animation,
    animatType: g.animat_type,
    comboable: g.comboable,
    sort: index,
    enabled: true,
  }));
  await db.transaction(async (tx) => {
    await tx.update(gifts).set({ enabled: false });
    await tx
      .insert(gifts)
      .values(rows)
      .onConflictDoUpdate({
        target: gifts.id,
        set: {
          nameEn: sql`excluded.name_en`,
          nameZh: sql`excluded.name_zh`,
          price: sql`excluded.price`,
          currency: sql`excluded.currency`,
          icon: sql`excluded.icon`,
          animation: sql`excluded.animation`,
          animatType: sql`excluded.animat_type`,
          comboable: sql`excluded.comboable`,
          sort: sql`excluded.sort`,
          enabled: sql`true`,
        },
      });
  });
}

/** The gifts on sale, in panel order, named in `locale`. */
export async function giftCatalogue(db: Db, locale: Locale): Promise<GiftItem[]> {
  const rows = await db
    .select()
    .from(gifts)
    .where(eq(gifts.enabled, true))
    .orderBy(asc(gifts.sort), asc(gifts.id));
  return rows.map((g) => ({
    id: g.id,
    name: locale === 'zh-CN' ? g.nameZh : g.nameEn,
    price: g.price,
    currency: g.currency as 'gold' | 'diamond',
    icon: g.icon,
    animation: g.animation,
    animat_type: g.animatType === 1 ? 1 : 0,
    combo: g.comboable ? 1 : 0,
  }));
}

/** One gift on sale, or undefined. */
export async function findGift(db: Db, id: number) {
  const [row] = await db.select().from(gifts).where(eq(gifts.id, id)).limit(1);
  return row?.enabled ? row : undefined;
}

/** What a send did: `replayed` when this client_msg_id had been charged before. */
export interface GiftOutcome {
  replayed: boolean;
  total: number;
  balances: ChargeOutcome['balances'];
}

/**
 * Charges one gift on its own (see chargeGifts): debit the sender, credit the anchor's share to
 * income, add heat, the rankings and the statistics, all in one transaction. Throws
 * InsufficientBalanceError (nothing changed) when the sender cannot pay. A client_msg_id seen
 * before charges nothing and reports `replayed`.
 */
export async function sendGift(db: Db, send: GiftSend): Promise<GiftOutcome> {
  const [outcome] = await chargeGifts(db, [send]);
  return giftOutcome(send, outcome!);
}

/** A charge's outcome as sendGift reports it: refusals become errors. */
export function giftOutcome(send: GiftSend, outcome: ChargeOutcome): GiftOutcome {
  if (outcome.status === 'short') {
    throw new InsufficientBalanceError(
      send.senderId,
      send.gift.currency === 'diamond' ? 'diamond' : 'gold',
    );
  }
  if (outcome.status === 'no_wallet') {
    throw new Error(`gift: anchor ${send.anchorId} has no wallet`);
  }
  return {
    replayed: outcome.status === 'replayed',
    total: outcome.total,
    balances: outcome.balances,
  };
}

/** What a backpack send did: `replayed` when this client_msg_id had been used before. */
export interface BackpackGiftOutcome {
  replayed: boolean;
  /** How many of the gift the sender holds now. */
  quantity: number;
  /** The sender's balances, unchanged by the send. */
  balances: Balances;
}

/**
 * Sends gifts from the backpack: takes `count` gift items (once per client_msg_id) and adds the
 * heat the same gifts would add if paid, in one transaction. Free items create no money: no
 * anchor income and no ranking contribution (docs/decisions.md). Throws NotEnoughItemsError
 * (nothing changed) when the sender holds fewer.
 */
export async function sendBackpackGift(db: Db, send: GiftSend): Promise<BackpackGiftOutcome> {
  const worth = send.gift.price * send.count;
  if (!Number.isSafeInteger(worth) || worth <= 0) throw new RangeError('gift: bad total');
  const used = await db.transaction(async (tx) => {
    const outcome = await consumeGiftItems(tx, {
      userId: send.senderId,
      giftId: send.gift.id,
      count: send.count,
      reference: send.clientMsgId,
    });
    if (outcome.replayed) return outcome;
    await tx
      .update(liveRooms)
      .set({ heat: sql`${liveRooms.heat} + ${giftHeat(worth)}` })
      .where(eq(liveRooms.anchorId, send.anchorId));
    await addGiftStats(tx, [
      { anchorId: send.anchorId, at: send.at, count: send.count, value: 0, income: 0 },
    ]);
    return outcome;
  });
  return { ...used, balances: await readBalances(db, send.senderId) };
}
