/**
 * A lease: of the processes of a deployment, the one holding `name` runs a job (a scheduled pull,
 * say) and the others stand by. The holder renews it each time it works; when it stops renewing
 * (it stopped or died) the lease runs out after `ttlMs` and the next process to ask takes it.
 * Built on SharedState.update, so it holds across processes with REDIS_URL and inside the one
 * process without.
 */
import { randomBytes } from 'node:crypto';
import type { SharedState } from './state.ts';

interface Holder {
  owner: string;
  /** Epoch ms when the lease runs out unless renewed. */
  until: number;
}

/** One process's hand on a named lease. */
export interface Lease {
  /** Takes or renews the lease; true while this process holds it. */
  claim: () => Promise<boolean>;
  /** Gives it up at once when this process holds it, so another can take over without waiting. */
  release: () => Promise<void>;
}

const empty = (): Holder => ({ owner: '', until: 0 });

/** A hand on the lease `name` of `shared` that lasts `ttlMs` after each claim. */
export function createLease(shared: SharedState, name: string, ttlMs: number): Lease {
  const me = randomBytes(8).toString('hex');
  const key = `lease:${name}`;
  return {
    claim() {
      const now = Date.now();
      return shared.update(key, ttlMs, empty, (held: Holder) => {
        if (held.owner && held.owner !== me && held.until > now) return false;
        held.owner = me;
        held.until = now + ttlMs;
        return true;
      });
    },
    async release() {
      await shared.update(key, ttlMs, empty, (held: Holder) => {
        if (held.owner !== me) return;
        held.owner = '';
        held.until = 0;
      });
    },
  };
}
