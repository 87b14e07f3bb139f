/** Recharge shapes and rules shared by the server and the browser: packages, orders, limits. */
import { z } from 'zod';

/** Gems per yuan: ¥1 buys 10 gems, i.e. 1,000 minor units of gold. */
export const GEMS_PER_YUAN = 10;
/** Minor units of gold per yuan (gems are shown divided by 100). */
export const GOLD_PER_YUAN = GEMS_PER_YUAN * 100;

/** Limits of a custom amount, whole yuan. */
export const CUSTOM_RECHARGE = { minYuan: 1, maxYuan: 50_000 } as const;

/** A package as the packages call returns it. */
export interface RechargePackage {
  /** Stable id, e.g. p98. */
  id: string;
  /** Price in CNY fen. */
  price_fen: number;
  /** Gold credited, bonus excluded (minor units). */
  gold: number;
  /** Extra gold on top (minor units); 0 for none. */
  bonus: number;
  /** Highlight: popular or best value; empty for none. */
  tag: '' | 'popular' | 'best';
}

/** Order states. */
export type RechargeStatus = 'pending' | 'paid' | 'failed' | 'expired';

/** An order as order_info and history return it. */
export interface RechargeOrder {
  order_no: string;
  /** Package id, or null for a custom amount. */
  package_id: string | null;
  amount_fen: number;
  /** Gold credited on payment, bonus included (minor units). */
  gold: number;
  bonus: number;
  status: RechargeStatus;
  provider: string;
  /** True when the payment arrived after the order had expired (it was credited). */
  paid_late: boolean;
  /** Unix seconds. */
  created_at: number;
  expires_at: number;
  paid_at: number | null;
}

/** What create_order returns. */
export interface CreatedOrder {
  order_no: string;
  /** The provider's hosted checkout page; the browser goes there. */
  checkout_url: string;
  amount_fen: number;
  gold: number;
  expires_at: number;
}

/** What the packages call returns. */
export interface RechargeOffer {
  /** False when no payment provider is configured (recharge closed). */
  available: boolean;
  provider: string;
  packages: RechargePackage[];
  custom: { min_yuan: number; max_yuan: number; gems_per_yuan: number };
}

/** One page of a list. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** create_order: a package id, or a custom amount in yuan (range checked by the server). */
export const createOrderSchema = z.object({
  package_id: z.string().min(1).max(32).optional(),
  /** Whole yuan as a JSON number; anything else ("100", [5], true) is refused by the route. */
  amount_yuan: z.unknown().optional(),
});

/** True when `yuan` is a whole amount within CUSTOM_RECHARGE. */
export function isCustomAmount(yuan: number): boolean {
  return (
    Number.isInteger(yuan) && yuan >= CUSTOM_RECHARGE.minYuan && yuan <= CUSTOM_RECHARGE.maxYuan
  );
}

/** Order numbers: R, 14 digits of UTC time, 6 random digits. */
export const ORDER_NO = /^R\d{20}$/;

/** order_info. */
export const orderRequestSchema = z.object({ order_no: z.string().regex(ORDER_NO) });

/** Paging of history and records (spec: history page size 20). */
export const pageSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

/** Yuan text of an amount in fen: 600 → '6', 1990 → '19.90'. */
export function formatYuan(fen: number): string {
  return fen % 100 === 0
    ? (fen / 100).toLocaleString('en-US')
    : (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
}
