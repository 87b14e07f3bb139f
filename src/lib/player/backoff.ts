/** Retry delays after failures: doubling from a base up to a cap, with jitter. */

/** Tuning of retryDelay. */
export interface BackoffOptions {
  /** Delay after the first failure, ms. */
  base: number;
  /** Longest delay, ms. */
  max: number;
  /** Spread as a fraction: 0.2 gives ±20%, so many viewers do not retry in step. */
  jitter: number;
}

/** Defaults for reconnecting to a stream: 1 s, 2 s, 4 s ... 30 s. */
export const STREAM_BACKOFF: BackoffOptions = { base: 1000, max: 30_000, jitter: 0.2 };

/**
 * The delay before retry number `attempt` (1 after the first failure).
 * @example retryDelay(3, STREAM_BACKOFF, () => 0.5) // 4000
 */
export function retryDelay(
  attempt: number,
  { base, max, jitter }: BackoffOptions = STREAM_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, attempt - 1);
  const plain = Math.min(max, base * 2 ** Math.min(exponent, 30));
  const spread = 1 - jitter + 2 * jitter * random();
  return Math.round(Math.min(max, plain * spread));
}
