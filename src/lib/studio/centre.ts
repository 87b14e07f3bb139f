/**
 * The anchor centre's calls (overview, income, data analysis) as server and browser share them:
 * request schemas, answer shapes and the date-range rule.
 */
import { z } from 'zod';
import { addDays, isDayString } from '../time.ts';

/** Longest date range the analysis and income calls accept, in days. */
export const MAX_RANGE_DAYS = 92;
/** Income records per page. */
export const INCOME_PAGE_SIZE = 20;

const day = z
  .string({ error: 'studio.centre.errors.badRange' })
  .refine(isDayString, { error: 'studio.centre.errors.badRange' });

/** Number of days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function rangeLength(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const n = rangeLength(from, to);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(from, i));
}

/** A date range: from and to as YYYY-MM-DD (site time zone), at most MAX_RANGE_DAYS long. */
export const rangeSchema = z
  .object({ from: day, to: day })
  .refine((r) => rangeLength(r.from, r.to) >= 1, {
    error: 'studio.centre.errors.badRange',
    path: ['to'],
  })
  .refine((r) => rangeLength(r.from, r.to) <= MAX_RANGE_DAYS, {
    error: 'studio.centre.errors.rangeTooLong',
    path: ['to'],
  });

/** income: a range and a page of records. */
export const incomeRequestSchema = rangeSchema.and(
  z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
);

/** live: one of the anchor's lives. */
export const liveRequestSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** Totals of a day or a live. */
export interface LiveTotals {
  /** Most viewers at once. */
  peak_viewers: number;
  /** Distinct viewers who entered. */
  viewers: number;
  messages: number;
  /** Gifts received, pieces. */
  gifts: number;
  /** What viewers paid, minor units. */
  gift_value: number;
  /** The anchor's share, minor units. */
  income: number;
}

/** One day of the analysis. */
export interface DayStats extends LiveTotals {
  /** YYYY-MM-DD. */
  day: string;
}

/** One live of the anchor. */
export interface LiveSummary extends LiveTotals {
  id: number;
  title: string;
  /** Secondary category name. */
  category: string;
  /** Unix seconds. */
  started_at: number;
  /** Unix seconds; null while it runs. */
  ended_at: number | null;
  /** Seconds broadcast so far. */
  duration: number;
}

/** overview's answer. */
export interface CentreOverview {
  /** Income balance, minor units. */
  income_balance: number;
  today: LiveTotals;
  /** This calendar month (site time zone). */
  month: LiveTotals & { lives: number; duration: number };
  followers: number;
  is_live: boolean;
  session_open: boolean;
  /** The newest lives, newest first (at most 5). */
  recent: LiveSummary[];
}

/** One income record: a gift's share credited to the anchor. */
export interface IncomeRecord {
  id: number;
  /** Unix seconds. */
  created_at: number;
  sender: { id: number; nick_name: string; avatar: string } | null;
  gift: { id: number; name: string; icon: string } | null;
  count: number;
  /** What the sender paid, minor units. */
  paid: number;
  /** The anchor's share, minor units. */
  amount: number;
}

/** income's answer. */
export interface IncomeReport {
  income_balance: number;
  /** Income in the range, from the ledger, minor units. */
  total: number;
  /** Per day of the range. */
  days: { day: string; income: number; gift_value: number }[];
  list: IncomeRecord[];
  /** Records in the range. */
  count: number;
  page: number;
}

/** analysis's answer. */
export interface AnalysisReport {
  days: DayStats[];
  /** Lives started in the range, newest first. */
  lives: LiveSummary[];
}

/** live's answer: one live and its viewers minute by minute. */
export interface LiveDetail {
  live: LiveSummary;
  /** [unix seconds of the minute, viewers] in time order. */
  viewers: [number, number][];
}
