/**
 * Paid gifts, charged in batches. `chargeGifts` writes any number of gifts in one transaction:
 * the ledger's batch core (applyBatch, the ledger_batch SQL function) applies each gift's ledger
 * operation on its own (its idempotency key, the sender's debit, the anchor's income), then the rankings, the rooms'
 * heat and the live statistics of the gifts that went through are added with one statement
 * each. A gift the sender cannot pay, or a repeat, changes nothing and the others go on.
 *
 * `giftCharger(db)` is the queue the realtime hub sends through: a gift is charged at once when
 * the database is free; while batches are being written, new gifts wait and go together in the
 * next one (group commit), so a busy room costs one transaction per batch, not per gift.
 */
import { sql } from 'drizzle-orm';
import { GroupCommit, retryOnConflict } from '../db/group-commit.ts';
import type { Db } from '../db/index.ts';
import { liveRooms } from '../db/schema.ts';
import { addContributions } from '../rankings/service.ts';
import { addGiftStats } from '../studio/stats.ts';
import { histogram } from '../metrics.ts';
import { applyBatch } from '../wallet/batch.ts';
import { giftSplit, LEDGER_KIND, type LedgerOperation } from '../wallet/ledger.ts';
import { countLedger } from '../wallet/metrics.ts';

/** What a send asks for. */
export interface GiftSend {
  senderId: number;
  anchorId: number;
  gift: { id: number; price: number; currency: string };
  count: number;
  /** The client's id of this press of the button; the ledger applies it once. */
  clientMsgId: string;
  at: Date;
}

/** How a charge ended. */
export type ChargeStatus =
  /** Paid: the sender was debited, the anchor credited, heat and rankings added. */
  | 'ok'
  /** This client_msg_id had been charged before: nothing moved this time. */
  | 'replayed'
  /** The sender's balance was too small: nothing moved. */
  | 'short'
  /** The anchor has no wallet to credit: nothing moved. */
  | 'no_wallet';

/** What charging one gift did, with the sender's balances right after it. */
export interface ChargeOutcome {
  status: ChargeStatus;
  /** Price × count in minor units. */
  total: number;
  balances: { gold: number; diamond: number };
}

/** Heat a gift adds: one point per whole gem (or diamond) spent, at least one. */
export function giftHeat(total: number): number {
  return Math.max(1, Math.floor(total / 100));
}

/** The ledger key of a gift: once per sender and client_msg_id. */
export function giftKey(send: Pick<GiftSend, 'senderId' | 'clientMsgId'>): string {
  return `gift:${send.senderId}:${send.clientMsgId}`;
}

function totalOf(send: GiftSend): number {
  const total = send.gift.price * send.count;
  if (!Number.isSafeInteger(total) || total <= 0) throw new RangeError('gift: bad total');
  return total;
}

/** A gift's ledger operation: the sender's debit and, when there is any, the anchor's income. */
function giftOperation(send: GiftSend, total: number, income: number): LedgerOperation {
  const currency = send.gift.currency === 'diamond' ? 'diamond' : 'gold';
  return {
    key: giftKey(send),
    kind: 'gift',
    reference: `${send.anchorId}:${send.gift.id}x${send.count}`,
    moves: [
      { userId: send.senderId, currency, amount: -total, kind: LEDGER_KIND.giftSend },
      ...(income > 0
        ? [
            {
              userId: send.anchorId,
              currency: 'income' as const,
              amount: income,
              kind: LEDGER_KIND.giftIncome,
            },
          ]
        : []),
    ],
  };
}

/** One transaction for the batch; retried whole after a deadlock (nothing of it was kept). */
async function chargeOnce(db: Db, sends: GiftSend[]): Promise<ChargeOutcome[]> {
  const items = sends.map((send) => {
    const total = totalOf(send);
    return { total, income: giftSplit(total) };
  });
  return db.transaction(async (tx) => {
    const results = await applyBatch(
      tx,
      sends.map((send, i) => giftOperation(send, items[i]!.total, items[i]!.income)),
      { count: false },
    );
    const settled: ChargeOutcome[] = results.map((result, i) => ({
      status: result.status,
      total: items[i]!.total,
      balances: { gold: result.gold, diamond: result.diamond },
    }));
    const paid = sends.flatMap((send, i) =>
      settled[i]!.status === 'ok'
        ? [{ send, total: items[i]!.total, income: items[i]!.income }]
        : [],
    );
    if (paid.length === 0) return settled;
    await addContributions(
      tx,
      paid.map(({ send, total }) => ({
        anchorId: send.anchorId,
        userId: send.senderId,
        amount: total,
        at: send.at,
      })),
    );
    const heat = new Map<number, number>();
    for (const { send, total } of paid) {
      heat.set(send.anchorId, (heat.get(send.anchorId) ?? 0) + giftHeat(total));
    }
    const heats = JSON.stringify([...heat].sort((a, b) => a[0] - b[0]));
    // Rooms after rankings, days and lives last: the order startLive and endLive lock them in.
    await tx.execute(sql`
      update ${liveRooms} r set heat = r.heat + h.heat
      from (select (x ->> 0)::integer as anchor_id, (x ->> 1)::bigint as heat
        from jsonb_array_elements(${heats}::jsonb) x) h
      where r.anchor_id = h.anchor_id`);
    await addGiftStats(
      tx,
      paid.map(({ send, total, income }) => ({
        anchorId: send.anchorId,
        at: send.at,
        count: send.count,
        value: total,
        income,
      })),
    );
    return settled;
  });
}

/**
 * Charges paid gifts in one transaction, in the order given: each gift is paid, a repeat or
 * refused on its own (see ChargeStatus), with the sender's balances after it. Either every paid
 * gift of the batch is written with its rankings, heat and statistics, or (on an error) none.
 */
export async function chargeGifts(db: Db, sends: GiftSend[]): Promise<ChargeOutcome[]> {
  if (sends.length === 0) return [];
  const outcomes = await retryOnConflict(() => chargeOnce(db, sends));
  for (const outcome of outcomes) countLedger('gift', outcome.status);
  return outcomes;
}

const batchSizes = histogram(
  'gift_batch_size',
  'Gifts written per transaction of the gift queue',
  [],
  [1, 2, 4, 8, 16, 32, 64],
);
const batchSeconds = histogram(
  'gift_batch_seconds',
  'Time to write one batch of the gift queue, retries included',
  [],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
);

/** Most gifts written in one transaction. */
export const MAX_GIFT_BATCH = 64;

/** A queue of gifts to charge (group commit, see the module comment). */
export class GiftCharger {
  private readonly queue: GroupCommit<GiftSend, ChargeOutcome>;

  /**
   * @param db where to charge
   * @param parallel batches written at once. One is fastest on both databases (measured with
   *   `npm run bench:gifts`): fewer, larger batches update the shared rows fewer times, and
   *   more than one hub process writes in parallel anyway.
   */
  constructor(db: Db, parallel = 1) {
    this.queue = new GroupCommit({
      write: (sends) => chargeGifts(db, sends),
      maxBatch: MAX_GIFT_BATCH,
      parallel,
      onBatch: (size) => {
        batchSizes.observe({}, size);
        return (ms) => batchSeconds.observe({}, ms / 1000);
      },
    });
  }

  /** Charges one gift, alone or with those that wait with it; resolves with its outcome. */
  charge(send: GiftSend): Promise<ChargeOutcome> {
    // A bad price or count fails this gift alone, before it can join a batch.
    totalOf(send);
    return this.queue.add(send);
  }
}

const chargers = new WeakMap<Db, GiftCharger>();

/** The gift queue of a database (one per process and database). */
export function giftCharger(db: Db): GiftCharger {
  let charger = chargers.get(db);
  if (!charger) {
    charger = new GiftCharger(db);
    chargers.set(db, charger);
  }
  return charger;
}
