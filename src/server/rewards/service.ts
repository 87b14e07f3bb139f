/**
 * Paying and naming rewards (check-in days, lottery prizes). `payRewards` runs inside the
 * caller's transaction: experience on the user row, gems and diamonds through the ledger under
 * the caller's idempotency key, items through the backpack; so a reward is paid with the row
 * that records it, or not at all.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { PROP_TYPE } from '../../lib/live/props.ts';
import {
  LOTTERY_CHANCE_ITEM,
  REWARD_TYPE,
  rewardIcon,
  type RewardEntry,
  type RewardSpec,
} from '../../lib/rewards/types.ts';
import { grantItems, type ItemKey } from '../backpack/service.ts';
import type { Db } from '../db/index.ts';
import { gifts, users } from '../db/schema.ts';
import { applyMoves, type Move } from '../wallet/ledger.ts';

/** The backpack item a reward of an item type puts in the backpack; undefined for the others. */
export function rewardItem(reward: RewardSpec): ItemKey | undefined {
  switch (reward.reward_type) {
    case REWARD_TYPE.prop:
      return reward.props_id === 0
        ? { type: PROP_TYPE.speaker }
        : { type: PROP_TYPE.colorful, propsId: reward.props_id };
    case REWARD_TYPE.ticket:
      return { type: PROP_TYPE.ticket };
    case REWARD_TYPE.gift:
      return { type: PROP_TYPE.giftItem, propsId: reward.props_id };
    case REWARD_TYPE.lotteryChance:
      return { type: LOTTERY_CHANCE_ITEM };
    default:
      return undefined;
  }
}

/** What payRewards needs besides the rewards. */
export interface Payment {
  userId: number;
  /** Ledger idempotency key and backpack reference: one payment per key. */
  key: string;
  /** Ledger and backpack kind (checkin, lottery). */
  kind: string;
}

/**
 * Pays `rewards` (and `exp` experience) to a user inside `tx`. Call it only once the row that
 * records the payment is written in the same transaction, so a rolled-back record pays nothing.
 */
export async function payRewards(
  tx: Db,
  pay: Payment,
  rewards: readonly RewardSpec[],
  exp = 0,
): Promise<void> {
  const expTotal =
    exp +
    rewards.filter((r) => r.reward_type === REWARD_TYPE.exp).reduce((s, r) => s + r.quantity, 0);
  if (expTotal > 0) {
    await tx
      .update(users)
      .set({ exp: sql`${users.exp} + ${expTotal}` })
      .where(eq(users.id, pay.userId));
  }
  const moves: Move[] = [];
  for (const currency of ['gold', 'diamond'] as const) {
    const type = currency === 'gold' ? REWARD_TYPE.gold : REWARD_TYPE.diamond;
    const amount = rewards
      .filter((r) => r.reward_type === type)
      .reduce((s, r) => s + r.quantity, 0);
    if (amount > 0) moves.push({ userId: pay.userId, currency, amount, kind: pay.kind });
  }
  if (moves.length > 0) {
    await applyMoves(tx, { key: pay.key, kind: pay.kind, reference: pay.key, moves });
  }
  for (const reward of rewards) {
    const item = rewardItem(reward);
    if (!item) continue;
    await grantItems(tx, {
      ...item,
      userId: pay.userId,
      count: reward.quantity,
      kind: pay.kind,
      reference: pay.key,
    });
  }
}

/** Rewards as the calls answer them: titled in the caller's language, with their icons. */
export async function describeRewards(
  db: Db,
  rewards: readonly RewardSpec[],
  t: TFunction,
  zh: boolean,
): Promise<RewardEntry[]> {
  const giftIds = rewards.filter((r) => r.reward_type === REWARD_TYPE.gift).map((r) => r.props_id);
  const giftRows =
    giftIds.length > 0
      ? await db
          .select({ id: gifts.id, nameEn: gifts.nameEn, nameZh: gifts.nameZh, icon: gifts.icon })
          .from(gifts)
          .where(inArray(gifts.id, giftIds))
      : [];
  return rewards.map((reward) => {
    const gift = giftRows.find((g) => g.id === reward.props_id);
    const isGift = reward.reward_type === REWARD_TYPE.gift && gift;
    return {
      reward_type: reward.reward_type,
      quantity: reward.quantity,
      props_id: reward.props_id,
      title: isGift ? (zh ? gift.nameZh : gift.nameEn) : rewardTitle(reward, t),
      icon: isGift ? gift.icon : rewardIcon(reward.reward_type),
    };
  });
}

function rewardTitle(reward: RewardSpec, t: TFunction): string {
  if (reward.reward_type === REWARD_TYPE.prop) {
    return reward.props_id === 0
      ? t('engagement.reward.speaker')
      : t(`engagement.reward.colorful${reward.props_id as 2 | 3 | 4}`);
  }
  const names = ['exp', 'gold', 'diamond', 'prop', 'ticket', 'gift', 'lottery'] as const;
  return t(`engagement.reward.${names[reward.reward_type]}`);
}
