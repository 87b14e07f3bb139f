/**
 * In-process fixed-window rate limiter for costly or guessable calls, bounded in memory. Keys
 * must be values the server trusts (a user id, an address, an id that exists): a key chosen by
 * the caller would let one client fill the table.
 */

/** Keys a limiter holds at most unless told otherwise. */
const DEFAULT_MAX_KEYS = 20_000;

/** Counts hits per key in windows of `windowMs`; refuses above `limit`. */
export class RateLimiter {
  /** Windows in the order they started: the first is always the oldest. */
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;

  /**
   * @param maxKeys Keys held at most: past it the oldest window is dropped (its key starts over),
   * so memory stays bounded and every call costs the same however many keys there are.
   */
  constructor(limit: number, windowMs: number, maxKeys = DEFAULT_MAX_KEYS) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxKeys = maxKeys;
  }

  /** Records a hit for `key`; false when the key is over its limit in this window. */
  take(key: string, now = Date.now()): boolean {
    this.dropExpired(now);
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return entry.count <= this.limit;
    }
    // A new window goes to the end, keeping the map ordered by window start.
    if (entry) this.hits.delete(key);
    else if (this.hits.size >= this.maxKeys) {
      const oldest = this.hits.keys().next().value;
      if (oldest !== undefined) this.hits.delete(oldest);
    }
    this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    return true;
  }

  /** Keys held now. */
  size(): number {
    return this.hits.size;
  }

  /** Drops windows that have ended from the front; each is dropped once, so O(1) amortized. */
  private dropExpired(now: number): void {
    for (const [key, entry] of this.hits) {
      if (entry.resetAt > now) return;
      this.hits.delete(key);
    }
  }
}
