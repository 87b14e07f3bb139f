/**
 * State that must hold across the processes of one deployment: rate-limit windows and the chat
 * rules' memory of each speaker. In one process it lives in memory; with REDIS_URL it lives in
 * Redis, so a client that alternates between processes meets exactly the limits of one. Should
 * Redis stop answering, each process falls back to its own memory (limits then hold per process)
 * until it answers again, rather than refusing everyone or letting everyone through.
 */
import { Redis } from 'ioredis';
import { RateLimiter } from './rate-limit.ts';
import { log } from '../log.ts';

/** State shared by the processes of one deployment. */
export interface SharedState {
  /**
   * Counts a hit on `key` of the limit `table` in fixed windows of `windowMs`; false once past
   * `limit` in one. Each table is bounded in memory on its own, so callers flooding one limit
   * (anonymous addresses, say) never push out the windows of another (a user's).
   */
  hit: (table: string, key: string, limit: number, windowMs: number) => Promise<boolean>;
  /**
   * Reads the JSON value under `key` (`init()` when there is none), lets `step` change it in
   * place and keeps it for `ttlMs`, as one atomic step across processes; answers what `step`
   * returned. `step` must only change the value: it runs again when another process got there
   * first.
   */
  update: <T, R>(key: string, ttlMs: number, init: () => T, step: (value: T) => R) => Promise<R>;
  /** Windows and values held now (every key of the deployment, for Redis). */
  size: () => Promise<number>;
  /** Where the state lives. */
  kind: 'memory' | 'redis';
  /** Closes connections. */
  close: () => Promise<void>;
}

/** Values `update` holds in memory at most; past it the least recently changed is dropped. */
const MAX_VALUES = 100_000;

/** Shared state inside one process. */
export function createMemoryState(): SharedState {
  const limiters = new Map<string, RateLimiter>();
  const values = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    kind: 'memory',
    hit(table, key, limit, windowMs) {
      // One limiter per table and limit: a table's own eviction touches only its own keys.
      const spec = `${table}|${limit}/${windowMs}`;
      let limiter = limiters.get(spec);
      if (!limiter) limiters.set(spec, (limiter = new RateLimiter(limit, windowMs)));
      return Promise.resolve(limiter.take(key));
    },
    update<T, R>(key: string, ttlMs: number, init: () => T, step: (value: T) => R) {
      const now = Date.now();
      const held = values.get(key);
      const value = held && held.expiresAt > now ? (held.value as T) : init();
      const result = step(value);
      // Re-inserted at the end: the map stays ordered by last change, oldest first.
      values.delete(key);
      if (values.size >= MAX_VALUES) values.delete(values.keys().next().value!);
      values.set(key, { value, expiresAt: now + ttlMs });
      return Promise.resolve(result);
    },
    size() {
      let held = values.size;
      for (const limiter of limiters.values()) held += limiter.size();
      return Promise.resolve(held);
    },
    close: () => Promise.resolve(),
  };
}

const PREFIX = 'arena-live:';
/** Longest wait for one Redis command before this process uses its own memory instead. */
const COMMAND_TIMEOUT_MS = 500;
/** Tries of one update that keeps meeting other processes' changes. */
const MAX_TRIES = 50;
/** Longest pause between two tries; the pause is random so two processes stop meeting in step. */
const MAX_BACKOFF_MS = 20;

/** A random pause that grows with the tries: two processes racing in lockstep fall out of step. */
function backoff(tries: number): Promise<void> {
  const ceiling = Math.min(MAX_BACKOFF_MS, 2 ** Math.min(tries, 5));
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

/** INCR with the window's expiry set by the hit that opens it, in one step. */
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Sets KEYS[1] to ARGV[2] (for ARGV[3] ms) only if it still holds ARGV[1] ('' for none). */
const SWAP_SCRIPT = `local cur = redis.call('GET', KEYS[1])
if (cur or '') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;

/** An update that kept meeting other processes' changes: Redis works, so no fallback. */
class ContentionError extends Error {}

type ScriptedRedis = Redis & {
  arenaHit: (key: string, windowMs: number) => Promise<number>;
  arenaSwap: (key: string, expected: string, next: string, ttlMs: number) => Promise<number>;
};

/** Shared state in Redis at `url`, with this process's memory as the fallback. */
export async function createRedisState(url: string): Promise<SharedState> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
  }) as ScriptedRedis;
  redis.defineCommand('arenaHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand('arenaSwap', { numberOfKeys: 1, lua: SWAP_SCRIPT });
  redis.on('error', (error: Error) => log('warn', 'redis_error', { error: error.message }));
  await redis.connect();
  const local = createMemoryState();
  let fallingBack = false;
  /** Updates of one key from this process run one after the other: only processes race. */
  const queues = new Map<string, Promise<unknown>>();

  function inTurn<R>(key: string, run: () => Promise<R>): Promise<R> {
    const previous = queues.get(key) ?? Promise.resolve();
    const mine = previous.then(run, run);
    const settled = mine.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return mine;
  }

  /** Runs `shared`; when Redis fails, says so once and answers `alone()` instead. */
  async function orLocal<R>(shared: () => Promise<R>, alone: () => Promise<R>): Promise<R> {
    try {
      const result = await shared();
      if (fallingBack) log('info', 'shared_state_back', {});
      fallingBack = false;
      return result;
    } catch (error) {
      if (error instanceof ContentionError) throw error;
      if (!fallingBack) log('warn', 'shared_state_local', { error: String(error) });
      fallingBack = true;
      return alone();
    }
  }

  return {
    kind: 'redis',
    hit: (table, key, limit, windowMs) =>
      orLocal(
        async () => (await redis.arenaHit(`${PREFIX}hit:${table}:${key}`, windowMs)) <= limit,
        () => local.hit(table, key, limit, windowMs),
      ),
    update<T, R>(key: string, ttlMs: number, init: () => T, step: (value: T) => R) {
      const redisKey = `${PREFIX}val:${key}`;
      return inTurn(key, () =>
        orLocal(
          async () => {
            for (let tries = 0; tries < MAX_TRIES; tries++) {
              const text = (await redis.get(redisKey)) ?? '';
              const value = text ? (JSON.parse(text) as T) : init();
              const result = step(value);
              if (await redis.arenaSwap(redisKey, text, JSON.stringify(value), ttlMs))
                return result;
              await backoff(tries);
            }
            throw new ContentionError(`shared value ${key} kept changing`);
          },
          () => local.update(key, ttlMs, init, step),
        ),
      );
    },
    size: () => redis.dbsize(),
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

/** The shared state for `redisUrl`: Redis when set, this process's memory otherwise. */
export async function openSharedState(redisUrl: string | undefined): Promise<SharedState> {
  return redisUrl ? createRedisState(redisUrl) : createMemoryState();
}
