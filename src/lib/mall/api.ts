/** The mall calls (endpoint descriptors) and their answers, shared by the server routes and the page. */
import { post } from '../api/endpoint.ts';
import type { PropCounts } from '../live/props.ts';
import type { BuyRequest } from '../validation/mall.ts';

/** What the user holds after a call: balances, noble title and backpack. */
export interface MallHoldings {
  /** Balances in minor units, like giftFeedRep's `bal`. */
  bal: { gold: number; diamond: number };
  /** Noble level in force now (0 when none or lapsed). */
  vip_level: number;
  /** When it lapses, Unix seconds; null without a title (or one that never lapses). */
  vip_expires_at: number | null;
  /** Tickets held (backpack type 105). */
  ticket: number;
  /** Chat props held. */
  props: PropCounts;
}

/** The answer of POST /api/mall/buy. */
export interface BuyResult extends MallHoldings {
  item_id: string;
  /** True when this client_order_id had been paid before: nothing was charged this time. */
  replayed: boolean;
  /** Gold taken by the purchase, in minor units. */
  price: number;
}

/** `data` of a refusal for want of gems: the code gifts use (10152) and the current balances. */
export interface InsufficientData {
  code: 10152;
  bal: { gold: number; diamond: number };
}

/** One item of GET/POST /api/mall/catalogue, named in the caller's language. */
export interface CatalogueEntry {
  id: string;
  section: 'nobles' | 'props' | 'tickets';
  name: string;
  /** Gold in minor units. */
  price: number;
  /** Noble level (1-3) of a noble title; 0 for packs. */
  vip_level: number;
  /** Days of a noble title; 0 for packs. */
  days: number;
  /** Backpack type and variant of a pack; 0 for nobles. */
  type: number;
  props_id: number;
  /** Items in a pack; 0 for nobles. */
  count: number;
}

export const mallApi = {
  /** What the signed-in user holds: balances, noble title and backpack. */
  holdings: post<MallHoldings>('/api/mall/holdings'),
  /** Buys an item for the signed-in user; a retry with the same client_order_id is not charged again. */
  buy: post<BuyResult, BuyRequest>('/api/mall/buy'),
};
