/** Data of the gift frames: the client's `gift`, the room's `gift` and the sender's `giftFeedRep`. */

/** Where a sent gift comes from: paid from the wallet, or gift items held in the backpack. */
export const GIFT_SOURCE = { wallet: 'wallet', backpack: 'backpack' } as const;

/** One of GIFT_SOURCE. */
export type GiftSource = (typeof GIFT_SOURCE)[keyof typeof GIFT_SOURCE];

/** Data of the client's `gift`: send `count` of gift `giftid`; a repeated client_msg_id is charged once. */
export interface GiftSendData {
  giftid: number;
  count: number;
  /** Unique per press of the send button (for example a UUID); at most 64 characters. */
  client_msg_id: string;
  /** 'backpack' uses `count` gift items from the backpack instead of paying; default 'wallet'. */
  source?: GiftSource;
}

/** How a gift animates (`animat_type`): 0 icon only, 1 a canvas animation on the gift stage. */
export type GiftAnimationType = 0 | 1;

/** Data of the room's `gift` frame: who sent which gift, and its running combo count. */
export interface GiftData {
  /** Gift message id (unique per send). */
  id: string;
  giftid: number;
  gift_name: string;
  /** How many of the gift this send carried. */
  count: number;
  /**
   * Combo count: how many of this gift the sender has sent in a row (hit > 1 updates the newest
   * chat line of the same sender and gift instead of adding one).
   */
  hit: number;
  /** Sender: user id, name, avatar, level and noble level. */
  uid: number;
  sender: string;
  avatar: string;
  level: number;
  vip_level: number;
  /** Icon URL of the gift. */
  icon: string;
  /** Animation key of the gift stage; empty when animat_type is 0. */
  animation: string;
  animat_type: GiftAnimationType;
  /** Server time, ms. */
  time: number;
}

/** A backpack count as `/api/live/user_backpack` lists it (type 106: props_id is the gift id). */
export interface BackpackCount {
  type: number;
  props_id: number;
  quantity: number;
}

/** Data of `giftFeedRep` for a paid gift, sent to the giver only: the new balance in minor units. */
export interface WalletGiftFeedRep {
  client_msg_id: string;
  bal: { diamond: number; gold: number };
}

/** Data of `giftFeedRep` for a backpack gift: the (unchanged) balance and the new item counts. */
export interface BackpackGiftFeedRep extends WalletGiftFeedRep {
  source: typeof GIFT_SOURCE.backpack;
  /** The backpack rows the send changed, with their quantities now. */
  backpack: BackpackCount[];
}

/** Data of `giftFeedRep`: a paid gift's answer, or a backpack gift's (with `source`). */
export type GiftFeedRepData = WalletGiftFeedRep | BackpackGiftFeedRep;
