/**
 * Shared state across processes: two Redis-backed states (as two processes would hold) count one
 * limit and change one value exactly; with Redis gone each falls back to its own memory. The
 * in-memory state keeps the same contract inside one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryState,
  createRedisState,
  type SharedState,
} from '../../src/server/shared/state.ts';
import { rateLimit } from '../../src/server/shared/limits.ts';
import { addressKey } from '../../src/server/http/connection-limits.ts';
import { hasRedis, startRedis, type TestRedis } from './redis-helpers.ts';

if (!hasRedis) console.warn('redis-server missing: the Redis shared-state cases do not run.');

const counter = () => ({ n: 0 });

describe('shared state in memory', () => {
  it('counts a limit per key in fixed windows', async () => {
    const state = createMemoryState();
    const takes = [];
    for (let i = 0; i < 5; i++) takes.push(await state.hit('t', 'k', 3, 60_000));
    expect(takes).toEqual([true, true, true, false, false]);
    expect(await state.hit('t', 'other', 3, 60_000)).toBe(true);
  });

  it("keeps a user's windows when anonymous callers flood another limit of the same size", async () => {
    // Three limits of 30 a minute: two kept per user, one per anonymous address.
    const rt = { shared: createMemoryState() };
    const checkins = rateLimit('checkin.calls', 30, 60_000);
    const draws = rateLimit('lottery.draws', 30, 60_000);
    const captcha = rateLimit('auth.captchaImages', 30, 60_000);
    for (let i = 0; i < 30; i++) {
      expect(await checkins.take(rt, 'u:7')).toBe(true);
      expect(await draws.take(rt, 'u:7')).toBe(true);
    }
    // 20,100 distinct addresses ask for a slider each: more than one table holds.
    for (let i = 0; i < 20_100; i++)
      await captcha.take(rt, addressKey(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`));
    expect(await checkins.take(rt, 'u:7')).toBe(false);
    expect(await draws.take(rt, 'u:7')).toBe(false);
  });

  it('keeps a value until its time runs out', async () => {
    const state = createMemoryState();
    await state.update('v', 40, counter, (c) => (c.n += 5));
    expect(await state.update('v', 40, counter, (c) => c.n)).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await state.update('v', 40, counter, (c) => c.n)).toBe(0);
  });
});

describe.runIf(hasRedis)('shared state in Redis, seen by two processes', () => {
  let redis: TestRedis;
  let a: SharedState;
  let b: SharedState;

  beforeAll(async () => {
    redis = await startRedis();
    [a, b] = await Promise.all([createRedisState(redis.url), createRedisState(redis.url)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    redis?.stop();
  });

  it('gives a client alternating between processes exactly the limit of one', async () => {
    const allowed = [];
    for (let i = 0; i < 10; i++) allowed.push(await (i % 2 ? a : b).hit('t', 'alt', 4, 60_000));
    expect(allowed.filter(Boolean)).toHaveLength(4);
    expect(allowed.slice(0, 4)).toEqual([true, true, true, true]);
  });

  it('opens a new window once the old one ends', async () => {
    expect(await a.hit('t', 'window', 1, 100)).toBe(true);
    expect(await b.hit('t', 'window', 1, 100)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await b.hit('t', 'window', 1, 100)).toBe(true);
  });

  it('applies 400 concurrent changes from both processes once each', async () => {
    await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        (i % 2 ? a : b).update('race', 60_000, counter, (c) => {
          c.n += 1;
        }),
      ),
    );
    expect(await a.update('race', 60_000, counter, (c) => c.n)).toBe(400);
  });

  it('falls back to each process’s own memory while Redis is gone', async () => {
    redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const takes = [await a.hit('t', 'down', 1, 60_000), await a.hit('t', 'down', 1, 60_000)];
    expect(takes).toEqual([true, false]);
    // The other process has its own count now.
    expect(await b.hit('t', 'down', 1, 60_000)).toBe(true);
    expect(await a.update('down-value', 60_000, counter, (c) => ++c.n)).toBe(1);
    // Each answer waited at most for Redis's command timeout.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
