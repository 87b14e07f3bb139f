/** Gifts as POST /api/live/gift_list returns them, and the counts a send may carry. */

/** One gift of the catalogue. */
export interface GiftItem {
  id: number;
  name: string;
  /** Price of one in minor units of `currency` (shown /100). */
  price: number;
  currency: 'gold' | 'diamond';
  icon: string;
  /** Animation key of the gift stage; empty for icon-only gifts. */
  animation: string;
  /** 0 icon only, 1 animated on the gift stage. */
  animat_type: 0 | 1;
  /** 1 when sends in a row count up a combo. */
  combo: 0 | 1;
}

/** Counts the panel offers; the hub refuses any other. */
export const GIFT_COUNTS = [1, 10, 66, 99, 188, 520, 1314] as const;

/** One of GIFT_COUNTS. */
export type GiftCount = (typeof GIFT_COUNTS)[number];
