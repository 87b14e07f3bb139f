/** Wallet records and vouchers as the wallet calls return them (shared by server and browser). */
import { z } from 'zod';
import type { PropCounts } from '../live/props.ts';

/** consumption: money that went out (debits); income: money that came in (credits). */
export const RECORD_TYPES = ['consumption', 'income'] as const;
/** One of RECORD_TYPES. */
export type RecordType = (typeof RECORD_TYPES)[number];

/** A ledger row of the user. */
export interface WalletRecord {
  id: number;
  /** gold (gems), diamond or income. */
  currency: 'gold' | 'diamond' | 'income';
  /** Signed, minor units. */
  amount: number;
  balance_after: number;
  /** grant, recharge, gift_send, gift_income, purchase, refund ... */
  kind: string;
  reference: string;
  /** Unix seconds. */
  created_at: number;
}

/** records: which list, and the page. */
export const recordsRequestSchema = z.object({
  type: z.enum(RECORD_TYPES).default('consumption'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

/** Backpack type of a live-room ticket (spec §9). */
export const TICKET_TYPE = 105;

/** A voucher's state at the time of the call. */
export type VoucherState = 'unused' | 'used' | 'expired';

/** A ticket voucher. */
export interface Voucher {
  id: number;
  /** Backpack type (105 ticket). */
  type: number;
  /** welcome, recharge, activity ... */
  source: string;
  /** Good only in this anchor's room; null for any ticket-paid room. */
  anchor_id: number | null;
  state: VoucherState;
  /** Unix seconds. */
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** What the vouchers call returns. */
export interface VoucherList {
  /** Unused first (soonest to expire first), then used and expired, newest first. */
  list: Voucher[];
  /** Tickets held: the ticket total of the backpack (bought in the mall or handed out). */
  tickets: number;
  /** Chat props held in the backpack. */
  props: PropCounts;
}
