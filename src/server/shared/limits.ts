/**
 * Named rate limits counted in the runtime's shared state, so they hold across processes. Keys
 * must be values the server trusts (a user id, an address, an id that exists): a key chosen by
 * the caller would let one client fill the table.
 */
import { ApiError } from '../api-error.ts';
import type { SharedState } from './state.ts';

/** What a limit needs of the runtime. */
type Holder = { shared: SharedState };

/** A limit of `limit` hits per key in each window of `windowMs`. */
export interface RateLimit {
  /** Records a hit for `key`; false when the key is over its limit in this window. */
  take: (rt: Holder, key: string) => Promise<boolean>;
  /** Records a hit for `key`; throws `errors.tooMany` (HTTP 429) when it is over the limit. */
  enforce: (rt: Holder, key: string) => Promise<void>;
}

/** Declares the limit `name` (unique over the server: it names the counters). */
export function rateLimit(name: string, limit: number, windowMs: number): RateLimit {
  const take = (rt: Holder, key: string) => rt.shared.hit(name, key, limit, windowMs);
  return {
    take,
    async enforce(rt, key) {
      if (!(await take(rt, key))) throw new ApiError('errors.tooMany', { httpStatus: 429 });
    },
  };
}
