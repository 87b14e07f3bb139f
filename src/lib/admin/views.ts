/**
 * What the operations console's calls answer (times in unix seconds, money in minor units),
 * shared by the server that builds these views and the console that shows them.
 */
import type { AdminSettingKey, SettingKind } from '../validation/admin.ts';

/** One audit entry as the console lists it (time in unix seconds). */
export interface AuditEntry {
  id: number;
  actor: string;
  actor_id: number | null;
  action: string;
  target: string;
  detail: unknown;
  created_at: number;
}

/** One setting as the console shows it (its meaning comes from the console's strings). */
export interface SettingView {
  key: AdminSettingKey;
  kind: SettingKind;
  value: number | string;
  /** Unix seconds of the last change; 0 when the default applies. */
  updated_at: number;
}

/** A record as the console lists it: both languages, times in unix seconds (remind 0: none). */
export interface MaintenanceView {
  id: number;
  title_zh: string;
  title_en: string;
  content_zh: string;
  content_en: string;
  start_time: number;
  end_time: number;
  remind_time: number;
}

/** A ban as the console shows it (until 0: permanent). */
export interface BanView {
  reason: string;
  until: number;
  created_at: number;
}

/** A user as the console lists it; the phone is masked. */
export interface AdminUserView {
  id: number;
  nick_name: string;
  mobile: string;
  role: number;
  vip_level: number;
  created_at: number;
  gold: number;
  diamond: number;
  income: number;
  /** Sessions that are neither revoked nor expired. */
  sessions: number;
  ban: BanView | null;
}

/** One feedback message (the sender's nickname when logged in). */
export interface FeedbackView {
  id: number;
  kind: string;
  content: string;
  contact: string;
  user_id: number | null;
  nick_name: string;
  created_at: number;
}

/** One recharge order. */
export interface RechargeOrderView {
  order_no: string;
  user_id: number;
  nick_name: string;
  amount_fen: number;
  gold: number;
  provider: string;
  status: string;
  paid_late: boolean;
  fail_reason: string;
  created_at: number;
  paid_at: number;
}

/** A stored verification (time in unix seconds). */
export interface VerificationView {
  clean: boolean;
  source: string;
  created_at: number;
  report: VerifyReport;
}

/** What the console's money panel shows. */
export interface LedgerSummary {
  /** Sum of every wallet per currency, minor units. */
  balances: { gold: number; diamond: number; income: number };
  /** Ledger operations of the last 24 hours by kind. */
  operations: { kind: string; count: number }[];
  /** Recharges paid in the last 24 hours: how many and their price in fen. */
  recharges: { count: number; amount_fen: number };
  last: VerificationView | null;
}

/** A balance that disagrees with its ledger. */
export interface Drift {
  userId: number;
  currency: string;
  /** The wallet's balance (0 when the user has ledger rows but no wallet). */
  balance: number;
  /** Sum of the ledger rows. */
  ledger: number;
  /** balance_after of the newest row, or null without rows. */
  lastBalanceAfter: number | null;
}

/** What verifyLedger found. */
export interface VerifyReport {
  wallets: number;
  entries: number;
  operations: number;
  /** Per currency: total of the balances and of the ledger rows. */
  totals: { currency: string; balances: number; ledger: number }[];
  drift: Drift[];
  /** Wallets with a negative balance (the CHECK constraints should make this impossible). */
  negative: { userId: number; currency: string; balance: number }[];
  /** Operations without any ledger row. */
  emptyOperations: number;
}

/** A quiz cancellation that has not finished (it stopped on the platform reserve, or runs now). */
export interface UnfinishedCancellation {
  guess_id: number;
  question: string;
  anchor_id: number;
  /** 'cancel' before the draw, 'revoke' after it. */
  job: 'cancel' | 'revoke';
  /** Gold (minor units) the platform account must still pay out for it to finish. */
  need: number;
  /** What the platform account lacks for that now (0 when it can finish). */
  short: number;
}

/** The platform's own money: its reserve, the escrow, what operators paid in, stuck cancellations. */
export interface ReserveView {
  /** Gold of the platform account (fees and remainders in, covers of spent winnings out). */
  platform: number;
  /** Gold held in the quiz escrow for stakes not yet settled. */
  escrow: number;
  /** Gold operators have paid into the platform account with top-ups, in total. */
  paid_in: number;
  cancellations: UnfinishedCancellation[];
}

/** A top-up as done: its ledger operation and the platform account's gold after it. */
export interface TopUpView {
  operation_id: number;
  amount: number;
  platform: number;
}
