/**
 * The lottery wheel: prizes and weights from app_config (`lottery_prizes`), published with their
 * odds. A draw is one transaction: the draw row, one chance taken from the backpack with a
 * guarded UPDATE (two tabs cannot spend one chance twice), the prize paid under a ledger key per
 * draw. The prize is picked with node:crypto's uniform randomInt.
 */
import { randomInt } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import {
  DEFAULT_LOTTERY_PRIZES,
  LOTTERY_CHANCE_ITEM,
  lotteryPrizesSchema,
  type LotteryPrize,
} from '../../lib/rewards/types.ts';
import { consumeItems, itemQuantity } from '../backpack/service.ts';
import type { Db } from '../db/index.ts';
import { appConfig, lotteryDraws } from '../db/schema.ts';
import { log } from '../log.ts';
import { payRewards } from '../rewards/service.ts';

/** app_config key of the wheel. */
export const LOTTERY_PRIZES_KEY = 'lottery_prizes';

/** The configured wheel; the defaults when the row is missing or malformed (logged). */
export async function readLotteryPrizes(db: Db): Promise<LotteryPrize[]> {
  const [row] = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, LOTTERY_PRIZES_KEY));
  if (!row) return DEFAULT_LOTTERY_PRIZES;
  const parsed = lotteryPrizesSchema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  log('warn', 'lottery_prizes_invalid', { issue: parsed.error.issues[0]?.message ?? '' });
  return DEFAULT_LOTTERY_PRIZES;
}

/** A uniform random integer in [0, max). */
export type RandomBelow = (max: number) => number;

/** node:crypto's uniform source. */
export const cryptoBelow: RandomBelow = (max) => randomInt(0, max);

/** The prize a random draw lands on: each with probability weight / total weight. */
export function pickPrize(prizes: readonly LotteryPrize[], below: RandomBelow): LotteryPrize {
  const total = prizes.reduce((s, p) => s + p.weight, 0);
  let ticket = below(total);
  for (const prize of prizes) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  throw new RangeError(`random source gave ${ticket} outside [0, ${total})`);
}

/** Lottery chances the user holds. */
export function lotteryChances(db: Db, userId: number): Promise<number> {
  return itemQuantity(db, userId, { type: LOTTERY_CHANCE_ITEM });
}

/** No chance was left; the draw rolled back. */
class NoChanceError extends Error {}

/** What a draw did. */
export interface DrawOutcome {
  drawId: number;
  prize: LotteryPrize;
  /** Chances left after it (a prize of chances included). */
  chances: number;
}

/** Spends one chance on a draw and pays its prize; null when the user has no chance left. */
export async function drawLottery(
  db: Db,
  userId: number,
  below: RandomBelow = cryptoBelow,
  now = new Date(),
): Promise<DrawOutcome | null> {
  const prizes = await readLotteryPrizes(db);
  const prize = pickPrize(prizes, below);
  try {
    return await db.transaction(async (tx) => {
      const [draw] = await tx
        .insert(lotteryDraws)
        .values({ userId, prizeId: prize.id, reward: prize.reward, createdAt: now })
        .returning({ id: lotteryDraws.id });
      const key = `lottery:${draw!.id}`;
      const left = await consumeItems(tx, {
        userId,
        type: LOTTERY_CHANCE_ITEM,
        count: 1,
        kind: 'lottery',
        reference: key,
      });
      if (left === null) throw new NoChanceError();
      await payRewards(tx, { userId, key, kind: 'lottery' }, [prize.reward]);
      return { drawId: draw!.id, prize, chances: await lotteryChances(tx, userId) };
    });
  } catch (err) {
    if (err instanceof NoChanceError) return null;
    throw err;
  }
}

/** A page of the user's draws, newest first, and how many there are. */
export async function lotteryHistory(db: Db, userId: number, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: lotteryDraws.id,
        prizeId: lotteryDraws.prizeId,
        reward: lotteryDraws.reward,
        at: lotteryDraws.createdAt,
      })
      .from(lotteryDraws)
      .where(eq(lotteryDraws.userId, userId))
      .orderBy(desc(lotteryDraws.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(lotteryDraws).where(eq(lotteryDraws.userId, userId)),
  ]);
  return { draws: rows, total: total?.n ?? 0 };
}
