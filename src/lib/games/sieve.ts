/**
 * The dice game (/sieve): three dice; guess big (11-17), small (4-10) or the exact total.
 * A triple makes big and small lose. Points are a free score: a miss costs nothing.
 */

/** Points a right big or small guess wins. */
export const SIEVE_BASE_POINTS = 10;

/** Multiplier of SIEVE_BASE_POINTS for a right total guess, by total (rarer totals pay more). */
export const TOTAL_ODDS: Readonly<Record<number, number>> = {
  3: 150,
  4: 50,
  5: 18,
  6: 14,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 14,
  16: 18,
  17: 50,
  18: 150,
};

/** Lowest and highest total of three dice. */
export const TOTAL_RANGE = { min: 3, max: 18 } as const;

/** A guess: big, small or an exact total. */
export type SieveBet = { kind: 'big' } | { kind: 'small' } | { kind: 'total'; total: number };

/** How three dice came out. */
export type SieveResult = 'big' | 'small' | 'triple';

/** What a roll gives for a bet. */
export interface SieveOutcome {
  total: number;
  result: SieveResult;
  win: boolean;
  points: number;
}

/** big for 11-17, small for 4-10, triple when all three dice are equal. */
export function sieveResult(dice: readonly number[]): SieveResult {
  const [a, b, c] = dice;
  if (a === b && b === c) return 'triple';
  const total = dice.reduce((s, d) => s + d, 0);
  return total >= 11 ? 'big' : 'small';
}

/**
 * Scores three dice against a bet.
 * @example sieveOutcome([6, 5, 1], { kind: 'big' }) // { total: 12, result: 'big', win: true, points: 10 }
 */
export function sieveOutcome(dice: readonly number[], bet: SieveBet): SieveOutcome {
  const total = dice.reduce((s, d) => s + d, 0);
  const result = sieveResult(dice);
  let points = 0;
  if (bet.kind === 'total') {
    if (bet.total === total) points = SIEVE_BASE_POINTS * (TOTAL_ODDS[total] ?? 0);
  } else if (bet.kind === result) {
    points = SIEVE_BASE_POINTS;
  }
  return { total, result, win: points > 0, points };
}

/** The bet as stored in game_plays.bet: big, small or total:N. */
export function betLabel(bet: SieveBet): string {
  return bet.kind === 'total' ? `total:${bet.total}` : bet.kind;
}

/** Points a right guess of this bet would win. */
export function betPayout(bet: SieveBet): number {
  return bet.kind === 'total'
    ? SIEVE_BASE_POINTS * (TOTAL_ODDS[bet.total] ?? 0)
    : SIEVE_BASE_POINTS;
}

/**
 * Reads a bet from a form value: big, small or total:N with N in 3-18; null otherwise.
 * @example parseBet('total:11') // { kind: 'total', total: 11 }
 */
export function parseBet(value: string): SieveBet | null {
  if (value === 'big' || value === 'small') return { kind: value };
  const m = /^total:(\d{1,2})$/.exec(value);
  const total = m ? Number(m[1]) : NaN;
  return total >= TOTAL_RANGE.min && total <= TOTAL_RANGE.max ? { kind: 'total', total } : null;
}
