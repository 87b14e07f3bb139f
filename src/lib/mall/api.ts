/** The mall calls' request schema and answers, shared by the server routes and the page. */
import { z } from 'zod';
import type { PropCounts } from '../live/props.ts';

/** POST /api/mall/buy: the item and the client's id of this purchase (retries reuse it). */
export const buyRequestSchema = z.object({
  item_id: z.string().trim().min(1).max(40),
  client_order_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

/** What POST /api/mall/buy sends. */
export type BuyRequest = z.infer<typeof buyRequestSchema>;

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
