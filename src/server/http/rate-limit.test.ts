import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

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
    for (let i = 0; i < 100_000; i++) limiter.take(`key-${i}`, i);
    expect(limiter.size()).toBe(1000);
    // The newest keys are still counted; the oldest were dropped first.
    expect(limiter.take('key-99999', 100_000)).toBe(false);
    expect(limiter.take('key-0', 100_000)).toBe(true);
  });

  it('forgets windows that have ended', () => {
    const limiter = new RateLimiter(1, 1000);
    for (let i = 0; i < 500; i++) limiter.take(`key-${i}`, 0);
    limiter.take('late', 5000);
    expect(limiter.size()).toBe(1);
  });
});
