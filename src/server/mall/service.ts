/**
 * Mall purchases. A purchase is one transaction: the buyer's row is locked (so one user's
 * purchases run one after another and a noble plan starts from the expiry really stored), the
 * ledger takes the price once per client order id, then the backpack items are granted or the
 * noble title is set. A refusal (not enough gems, a lower noble level) changes nothing.
 */
import { eq } from 'drizzle-orm';
import { activeNobleLevel, planNoble, type NobleRefusal } from '../../lib/mall/noble.ts';
import type { MallItem } from '../../lib/mall/catalogue.ts';
import type { BuyResult, MallHoldings } from '../../lib/mall/api.ts';
import { unixSeconds } from '../../lib/time.ts';
import { grantItems, readBackpack } from '../backpack/service.ts';
import type { Db } from '../db/index.ts';
import { ledgerOperations, users } from '../db/schema.ts';
import { applyMoves, LEDGER_KIND, readBalances } from '../wallet/ledger.ts';

/** Why a purchase was refused besides a short balance (InsufficientBalanceError). */
export type MallRefusal = NobleRefusal | 'reused';

/** A refusal raised inside the purchase transaction, so it rolls back. */
export class MallRefusedError extends Error {
  /** Which rule refused. */
  readonly reason: MallRefusal;
  constructor(reason: MallRefusal) {
    super(`mall purchase refused: ${reason}`);
    this.name = 'MallRefusedError';
    this.reason = reason;
  }
}

/** The ledger key of a purchase: one charge per user and client order id. */
export function mallKey(userId: number, clientOrderId: string): string {
  return `mall:${userId}:${clientOrderId}`;
}

/** What a purchase asks for. */
export interface Purchase {
  userId: number;
  item: MallItem;
  /** The client's id of this purchase; a retry with the same id is charged once. */
  clientOrderId: string;
  now?: Date;
}

/** What the user holds now: balances, the noble title in force and the backpack. */
export async function readHoldings(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<MallHoldings> {
  const [[user], balances, backpack] = await Promise.all([
    db
      .select({ level: users.vipLevel, expiresAt: users.vipExpiresAt })
      .from(users)
      .where(eq(users.id, userId)),
    readBalances(db, userId),
    readBackpack(db, userId),
  ]);
  const level = user ? activeNobleLevel(user, now) : 0;
  return {
    bal: { gold: balances.gold, diamond: balances.diamond },
    vip_level: level,
    vip_expires_at: level > 0 && user?.expiresAt ? unixSeconds(user.expiresAt) : null,
    ticket: backpack.ticket,
    props: backpack.props,
  };
}

/**
 * Buys `item` for the user. Throws InsufficientBalanceError when the gems do not cover the
 * price and MallRefusedError for a noble level below the active one, a title that never lapses,
 * or a client order id already used for another item; nothing changes then. A client order id
 * paid before returns the holdings with `replayed: true` and charges nothing.
 */
export async function buyItem(db: Db, purchase: Purchase): Promise<BuyResult> {
  const { userId, item } = purchase;
  const now = purchase.now ?? new Date();
  const key = mallKey(userId, purchase.clientOrderId);
  const replayed = await db.transaction(async (tx) => {
    const [buyer] = await tx
      .select({ level: users.vipLevel, expiresAt: users.vipExpiresAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!buyer) throw new Error(`mall: no user ${userId}`);
    // Under the lock, an earlier purchase with this key has committed or never happened.
    const [earlier] = await tx
      .select({ reference: ledgerOperations.reference })
      .from(ledgerOperations)
      .where(eq(ledgerOperations.idempotencyKey, key));
    if (earlier) {
      if (earlier.reference !== item.id) throw new MallRefusedError('reused');
      return true;
    }
    const plan = item.kind === 'noble' ? planNoble(buyer, item.level, item.days, now) : null;
    if (plan && !plan.ok) throw new MallRefusedError(plan.reason);
    const outcome = await applyMoves(tx, {
      key,
      kind: LEDGER_KIND.purchase,
      reference: item.id,
      moves: [{ userId, currency: 'gold', amount: -item.price, kind: LEDGER_KIND.purchase }],
    });
    if (outcome.replayed) return true;
    if (plan?.ok) {
      await tx
        .update(users)
        .set({ vipLevel: plan.level, vipExpiresAt: plan.expiresAt })
        .where(eq(users.id, userId));
    } else if (item.kind === 'pack') {
      await grantItems(tx, {
        userId,
        type: item.type,
        propsId: item.propsId,
        count: item.count,
        kind: LEDGER_KIND.purchase,
        reference: key,
      });
    }
    return false;
  });
  return {
    item_id: item.id,
    replayed,
    price: item.price,
    ...(await readHoldings(db, userId, now)),
  };
}
