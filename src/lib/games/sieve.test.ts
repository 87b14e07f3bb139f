import { describe, expect, it } from 'vitest';
import {
  betLabel,
  betPayout,
  parseBet,
  sieveOutcome,
  sieveResult,
  TOTAL_ODDS,
  TOTAL_RANGE,
} from './sieve.ts';

describe('sieve', () => {
  it('calls 11-17 big, 4-10 small and three equal dice a triple', () => {
    expect(sieveResult([6, 4, 1])).toBe('big');
    expect(sieveResult([5, 5, 1])).toBe('big');
    expect(sieveResult([4, 5, 1])).toBe('small');
    expect(sieveResult([1, 2, 1])).toBe('small');
    expect(sieveResult([3, 3, 3])).toBe('triple');
    expect(sieveResult([6, 6, 6])).toBe('triple');
  });

  it('pays 10 points for a right big or small guess and nothing otherwise', () => {
    expect(sieveOutcome([6, 5, 1], { kind: 'big' })).toEqual({
      total: 12,
      result: 'big',
      win: true,
      points: 10,
    });
    expect(sieveOutcome([6, 5, 1], { kind: 'small' })).toMatchObject({ win: false, points: 0 });
    expect(sieveOutcome([1, 1, 2], { kind: 'small' })).toMatchObject({ win: true, points: 10 });
  });

  it('makes both big and small lose on a triple', () => {
    expect(sieveOutcome([5, 5, 5], { kind: 'big' })).toMatchObject({ result: 'triple', points: 0 });
    expect(sieveOutcome([2, 2, 2], { kind: 'small' })).toMatchObject({ points: 0 });
  });

  it('pays an exact total by its odds, including totals only a triple makes', () => {
    expect(sieveOutcome([2, 3, 5], { kind: 'total', total: 10 })).toMatchObject({ points: 60 });
    expect(sieveOutcome([2, 3, 5], { kind: 'total', total: 11 })).toMatchObject({ points: 0 });
    expect(sieveOutcome([1, 1, 1], { kind: 'total', total: 3 })).toMatchObject({
      result: 'triple',
      points: 1_500,
    });
  });

  it('has odds for every possible total, rarer totals paying at least as much', () => {
    for (let total = TOTAL_RANGE.min; total <= TOTAL_RANGE.max; total += 1) {
      expect(TOTAL_ODDS[total], String(total)).toBeGreaterThan(0);
      // Symmetric around 10.5, as the dice are.
      expect(TOTAL_ODDS[total]).toBe(TOTAL_ODDS[21 - total]);
    }
    for (let total = TOTAL_RANGE.min; total < 10; total += 1) {
      expect(TOTAL_ODDS[total]!).toBeGreaterThanOrEqual(TOTAL_ODDS[total + 1]!);
    }
  });

  it('labels and prices bets', () => {
    expect(betLabel({ kind: 'big' })).toBe('big');
    expect(betLabel({ kind: 'total', total: 7 })).toBe('total:7');
    expect(betPayout({ kind: 'small' })).toBe(10);
    expect(betPayout({ kind: 'total', total: 17 })).toBe(500);
  });

  it('reads bets from form values and refuses anything else', () => {
    expect(parseBet('big')).toEqual({ kind: 'big' });
    expect(parseBet('small')).toEqual({ kind: 'small' });
    expect(parseBet('total:3')).toEqual({ kind: 'total', total: 3 });
    expect(parseBet('total:18')).toEqual({ kind: 'total', total: 18 });
    for (const bad of ['', 'huge', 'total:2', 'total:19', 'total:', 'total:1e1', 'total:-4']) {
      expect(parseBet(bad), bad).toBeNull();
    }
    for (const bet of [{ kind: 'big' } as const, { kind: 'total', total: 9 } as const]) {
      expect(parseBet(betLabel(bet))).toEqual(bet);
    }
  });
});
