import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

/** Milliseconds `take` needs for `calls` new keys on a limiter already holding `held` keys. */
function timeNewKeys(held: number, calls: number): number {
  const limiter = new RateLimiter(1, 60_000, held + calls);
  for (let i = 0; i < held; i++) limiter.take(`held-${i}`, 0);
  const start = performance.now();
  for (let i = 0; i < calls; i++) limiter.take(`new-${i}`, 1);
  return performance.now() - start;
}

describe('RateLimiter', () => {
  it('allows `limit` hits per window and a new window after it ends', () => {
    const limiter = new RateLimiter(2, 1000);
    expect([0, 10, 20].map((t) => limiter.take('a', t))).toEqual([true, true, false]);
    expect(limiter.take('b', 30)).toBe(true);
    expect(limiter.take('a', 1000)).toBe(true);
    expect(limiter.take('a', 1001)).toBe(true);
    expect(limiter.take('a', 1002)).toBe(false);
  });

  it('holds no more than its bound, however many keys callers make up', () => {
    const limiter = new RateLimiter(1, 60_000, 1000);
    for (let i = 0; i < 100_000; i++) {
      limiter.take(`key-${i}`, i);
      if (limiter.size() > 1000) throw new Error(`${limiter.size()} keys after ${i + 1} calls`);
    }
    expect(limiter.size()).toBe(1000);
    // The newest keys are still counted; the oldest were dropped first.
    expect(limiter.take('key-99999', 100_000)).toBe(false);
    expect(limiter.take('key-0', 100_000)).toBe(true);
  });

  it('costs the same per call with 100,000 keys held as with none', () => {
    // Warm the engine up, then compare: a scan of the table per call would be ~1,000x slower.
    timeNewKeys(1000, 2000);
    const empty = Math.min(timeNewKeys(0, 2000), timeNewKeys(0, 2000));
    const full = Math.min(timeNewKeys(100_000, 2000), timeNewKeys(100_000, 2000));
    expect(full).toBeLessThan(empty * 10 + 50);
  });

  it('forgets windows that have ended', () => {
    const limiter = new RateLimiter(1, 1000);
    for (let i = 0; i < 500; i++) limiter.take(`key-${i}`, 0);
    limiter.take('late', 5000);
    expect(limiter.size()).toBe(1);
  });

  it('never resets a count while fewer windows than the bound are open', () => {
    const limiter = new RateLimiter(3, 60_000, 100);
    // 99 other keys and the victim's, each hammered within one window: nobody gets a fourth.
    const allowed = new Map<string, number>();
    for (let round = 0; round < 10; round++) {
      for (const key of ['victim', ...Array.from({ length: 99 }, (_, i) => `k${i}`)]) {
        if (limiter.take(key, round)) allowed.set(key, (allowed.get(key) ?? 0) + 1);
      }
    }
    expect(new Set(allowed.values())).toEqual(new Set([3]));
  });

  it('gives an evicted key one extra window only per `maxKeys` fresh windows started after it', () => {
    const maxKeys = 100;
    const limiter = new RateLimiter(1, 60_000, maxKeys);
    let victimHits = 0;
    let fresh = 0;
    for (let t = 0; t < 1000; t++) {
      if (limiter.take('victim', t)) victimHits += 1;
      // Fresh keys, each of which has a window of its own (the attacker's own allowance).
      for (let i = 0; i < 7; i++) limiter.take(`fresh-${fresh++}`, t);
    }
    // 7,000 fresh windows bought the victim key at most 70 resets beyond its first hit.
    expect(victimHits).toBeGreaterThan(1);
    expect(victimHits).toBeLessThanOrEqual(1 + Math.floor(fresh / maxKeys));
  });
});
