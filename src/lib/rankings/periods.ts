/** Ranking periods: a Beijing-time day or month, named by a key that changes when it ends. */
import { siteDay } from '../time.ts';

/** The two ranking periods. */
export const RANKING_PERIODS = ['day', 'month'] as const;

/** day or month. */
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

/**
 * The key of the period that contains `at`, in Beijing time.
 * @example periodKey('month', new Date('2026-11-30T16:30:00Z')) // '2026-12'
 */
export function periodKey(period: RankingPeriod, at: Date): string {
  const day = siteDay(at);
  return period === 'day' ? day : day.slice(0, 7);
}

/** Both keys of `at`: { day: 'YYYY-MM-DD', month: 'YYYY-MM' }. */
export function periodKeys(at: Date): Record<RankingPeriod, string> {
  const day = siteDay(at);
  return { day, month: day.slice(0, 7) };
}
