/**
 * Rewards of the daily check-in and the lottery (spec §3: reward entry reward_type, title,
 * quantity, icon; types 0 and 1-6 with icons, 1 and 2 shown divided by 100, 6 a lottery chance).
 * The operations' settings (`checkin_rewards`, `lottery_prizes` in app_config) are checked with
 * the schemas here, by the server before it pays and by the admin before it saves.
 */
import { z } from 'zod';

/** Reward types as the spec numbers them. */
export const REWARD_TYPE = {
  /** Experience points (raise the level). */
  exp: 0,
  /** Gems (gold), minor units. */
  gold: 1,
  /** Diamonds, minor units. */
  diamond: 2,
  /** A chat prop: props_id 0 the speaker, 2-4 a colourful chat colour. */
  prop: 3,
  /** A room ticket (backpack type 105). */
  ticket: 4,
  /** A gift for the backpack: props_id is the gift id. */
  gift: 5,
  /** One spin of the lottery wheel. */
  lotteryChance: 6,
} as const;

/** One of REWARD_TYPE's values. */
export type RewardType = (typeof REWARD_TYPE)[keyof typeof REWARD_TYPE];

/** Backpack item type that holds lottery chances (next to tickets 105 and gift items 106). */
export const LOTTERY_CHANCE_ITEM = 107;

const MAX_QUANTITY = 100_000_000;

/** One reward as operations configure it. */
export const rewardSpecSchema = z
  .object({
    reward_type: z.literal([0, 1, 2, 3, 4, 5, 6]),
    quantity: z.number().int().min(1).max(MAX_QUANTITY),
    /** Which prop (0 speaker, 2-4 colours) or which gift; 0 otherwise. */
    props_id: z.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((r) => r.reward_type !== REWARD_TYPE.prop || [0, 2, 3, 4].includes(r.props_id), {
    message: 'a prop reward names the speaker (0) or a colour (2, 3, 4)',
  })
  .refine((r) => r.reward_type !== REWARD_TYPE.gift || r.props_id > 0, {
    message: 'a gift reward names its gift id',
  });

/** A configured reward. */
export type RewardSpec = z.infer<typeof rewardSpecSchema>;

/** The 7 days of the check-in cycle: experience and rewards of each (day 7 the big one). */
export const checkinRewardsSchema = z
  .array(
    z.object({
      exp: z.number().int().min(0).max(1_000_000),
      rewards: z.array(rewardSpecSchema).max(6),
    }),
  )
  .length(7);

/** The check-in cycle as configured. */
export type CheckinRewards = z.infer<typeof checkinRewardsSchema>;

/** One prize of the wheel: what it pays and its weight (odds are weight / sum of weights). */
export const lotteryPrizeSchema = z.object({
  id: z.number().int().min(1).max(1000),
  weight: z.number().int().min(1).max(1_000_000),
  /** Its colour on the wheel. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  reward: rewardSpecSchema,
});

/** The wheel: 2 to 12 prizes with distinct ids. */
export const lotteryPrizesSchema = z
  .array(lotteryPrizeSchema)
  .min(2)
  .max(12)
  .refine((prizes) => new Set(prizes.map((p) => p.id)).size === prizes.length, {
    message: 'prize ids must differ',
  });

/** A configured prize. */
export type LotteryPrize = z.infer<typeof lotteryPrizeSchema>;

/** A reward as the calls answer it (spec §3), titled in the caller's language. */
export interface RewardEntry {
  reward_type: RewardType;
  title: string;
  /** Minor units for types 1 and 2 (shown divided by 100), a count otherwise. */
  quantity: number;
  icon: string;
  props_id: number;
}

/** Default cycle: a little every day, a lottery chance on days 3 and 7, day 7 the big one. */
export const DEFAULT_CHECKIN_REWARDS: CheckinRewards = [
  { exp: 10, rewards: [{ reward_type: 1, quantity: 200, props_id: 0 }] },
  { exp: 10, rewards: [{ reward_type: 1, quantity: 300, props_id: 0 }] },
  {
    exp: 15,
    rewards: [
      { reward_type: 3, quantity: 1, props_id: 2 },
      { reward_type: 6, quantity: 1, props_id: 0 },
    ],
  },
  { exp: 15, rewards: [{ reward_type: 1, quantity: 500, props_id: 0 }] },
  { exp: 20, rewards: [{ reward_type: 3, quantity: 1, props_id: 0 }] },
  { exp: 20, rewards: [{ reward_type: 2, quantity: 100, props_id: 0 }] },
  {
    exp: 50,
    rewards: [
      { reward_type: 1, quantity: 2000, props_id: 0 },
      { reward_type: 4, quantity: 1, props_id: 0 },
      { reward_type: 6, quantity: 2, props_id: 0 },
    ],
  },
];

/** Default wheel: eight prizes, a small consolation most often, the big ones rarely. */
export const DEFAULT_LOTTERY_PRIZES: LotteryPrize[] = [
  { id: 1, weight: 3000, color: '#3b4a6b', reward: { reward_type: 0, quantity: 20, props_id: 0 } },
  { id: 2, weight: 2500, color: '#ff3b5c', reward: { reward_type: 1, quantity: 100, props_id: 0 } },
  { id: 3, weight: 1500, color: '#ff9f1c', reward: { reward_type: 3, quantity: 1, props_id: 3 } },
  { id: 4, weight: 1200, color: '#2ec4b6', reward: { reward_type: 1, quantity: 500, props_id: 0 } },
  { id: 5, weight: 800, color: '#7b61ff', reward: { reward_type: 3, quantity: 2, props_id: 0 } },
  { id: 6, weight: 600, color: '#ffd54a', reward: { reward_type: 4, quantity: 1, props_id: 0 } },
  { id: 7, weight: 300, color: '#00b4ff', reward: { reward_type: 2, quantity: 500, props_id: 0 } },
  { id: 8, weight: 100, color: '#ff6b00', reward: { reward_type: 1, quantity: 8800, props_id: 0 } },
];

/** The icon of a reward type (gift rewards use the gift's own icon when known). */
export function rewardIcon(type: RewardType): string {
  return `/rewards/${['exp', 'gem', 'diamond', 'prop', 'ticket', 'gift', 'lottery'][type]}.svg`;
}

/** A reward's amount as shown: types 1 and 2 divided by 100 (spec §9), counts as they are. */
export function rewardAmount(entry: Pick<RewardEntry, 'reward_type' | 'quantity'>): string {
  if (entry.reward_type === REWARD_TYPE.gold || entry.reward_type === REWARD_TYPE.diamond) {
    const value = entry.quantity / 100;
    return Number.isInteger(value) ? String(value) : value.toFixed(2);
  }
  return String(entry.quantity);
}

/** "Title ×amount" of a reward, as histories list them. */
export function rewardLabel(
  entry: Pick<RewardEntry, 'reward_type' | 'quantity' | 'title'>,
): string {
  return `${entry.title} ×${rewardAmount(entry)}`;
}
