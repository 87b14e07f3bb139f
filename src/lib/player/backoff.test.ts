import { describe, expect, it } from 'vitest';
import { retryDelay, STREAM_BACKOFF } from './backoff.ts';

describe('retry back-off', () => {
  const middle = () => 0.5;

  it('doubles from 1 s and stops at 30 s', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 50].map((n) => retryDelay(n, STREAM_BACKOFF, middle));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('spreads delays by the jitter and never passes the cap', () => {
    expect(retryDelay(1, STREAM_BACKOFF, () => 0)).toBe(800);
    expect(retryDelay(1, STREAM_BACKOFF, () => 0.999_999)).toBe(1200);
    expect(retryDelay(6, STREAM_BACKOFF, () => 0.999_999)).toBe(30_000);
    expect(retryDelay(6, STREAM_BACKOFF, () => 0)).toBe(24_000);
  });

  it('treats attempt 0 like the first and honours custom options', () => {
    expect(retryDelay(0, STREAM_BACKOFF, middle)).toBe(1000);
    expect(retryDelay(3, { base: 100, max: 250, jitter: 0 })).toBe(250);
  });
});
