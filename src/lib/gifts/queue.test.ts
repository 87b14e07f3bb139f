import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giftById, type GiftDefinition } from './catalogue.ts';
import {
  createPlayQueue,
  ENTRANCE_GAP_MS,
  ENTRANCE_MAX_MS,
  entranceAllowedOn,
  GIFT_RETRY_MS,
  type DropReason,
  type Readiness,
} from './queue.ts';

interface Item {
  giftid: number;
  n: number;
}

/** A stage whose plays end when the test says so. */
function stage() {
  const ready = new Map<string, Readiness>();
  const played: number[] = [];
  const dropped: [number, DropReason][] = [];
  const finish: (() => void)[] = [];
  const aborted: number[] = [];
  const queue = createPlayQueue<Item, GiftDefinition>({
    resolve: (item) => giftById(item.giftid),
    readiness: (def) => ready.get(def.animation) ?? 'ready',
    play: (item, _def, signal) =>
      new Promise<void>((resolve) => {
        played.push(item.n);
        signal.addEventListener('abort', () => aborted.push(item.n));
        finish.push(resolve);
      }),
    onDrop: (item, reason) => dropped.push([item.n, reason]),
    cap: 3,
    maxMs: 10_000,
  });
  const endCurrent = async () => {
    finish.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { queue, ready, played, dropped, aborted, endCurrent };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('gift animation queue', () => {
  it('plays one at a time and loops on to the next when one ends', async () => {
    const s = stage();
    s.queue.push({ giftid: 4, n: 1 });
    s.queue.push({ giftid: 9, n: 2 });
    expect(s.played).toEqual([1]);
    expect(s.queue.size).toBe(1);
    await s.endCurrent();
    expect(s.played).toEqual([1, 2]);
    await s.endCurrent();
    expect(s.queue.busy).toBe(false);
  });

  it('retries a gift whose animation is not loaded after 500 ms', async () => {
    const s = stage();
    s.ready.set('rocket', 'loading');
    s.queue.push({ giftid: 11, n: 1 });
    expect(s.played).toEqual([]);
    await vi.advanceTimersByTimeAsync(GIFT_RETRY_MS - 1);
    expect(s.played).toEqual([]);
    s.ready.set('rocket', 'ready');
    await vi.advanceTimersByTimeAsync(1);
    expect(s.played).toEqual([1]);
  });

  it('drops a gift without a definition, or whose art failed, and plays the next', () => {
    const s = stage();
    s.ready.set('flare', 'failed');
    s.queue.push({ giftid: 999, n: 1 });
    s.queue.push({ giftid: 6, n: 2 });
    expect(s.dropped).toEqual([
      [1, 'missing'],
      [2, 'failed'],
    ]);
    s.queue.push({ giftid: 4, n: 3 });
    expect(s.played).toEqual([3]);
  });

  it('drops a gift whose art never loads after its retries', async () => {
    const s = stage();
    s.ready.set('crown', 'loading');
    s.queue.push({ giftid: 12, n: 1 });
    s.queue.push({ giftid: 4, n: 2 });
    await vi.advanceTimersByTimeAsync(GIFT_RETRY_MS * 41);
    expect(s.dropped).toEqual([[1, 'timeout-loading']]);
    expect(s.played).toEqual([2]);
  });

  it('keeps at most `cap` waiting gifts, dropping the oldest', () => {
    const s = stage();
    for (let n = 1; n <= 6; n++) s.queue.push({ giftid: 4, n });
    expect(s.played).toEqual([1]);
    expect(s.queue.size).toBe(3);
    expect(s.dropped).toEqual([
      [2, 'overflow'],
      [3, 'overflow'],
    ]);
  });

  it('cuts a play that outlasts maxMs', async () => {
    const s = stage();
    s.queue.push({ giftid: 4, n: 1 });
    s.queue.push({ giftid: 4, n: 2 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.aborted).toContain(1);
    expect(s.played).toEqual([1, 2]);
  });

  it('clear() empties the queue, aborts the play and a late end does not restart it', async () => {
    const s = stage();
    s.queue.push({ giftid: 4, n: 1 });
    s.queue.push({ giftid: 4, n: 2 });
    s.queue.clear();
    expect(s.aborted).toEqual([1]);
    expect(s.queue.size).toBe(0);
    expect(s.queue.busy).toBe(false);
    await s.endCurrent();
    expect(s.played).toEqual([1]);
    s.queue.push({ giftid: 4, n: 3 });
    expect(s.played).toEqual([1, 3]);
  });

  it('a play that throws is treated as finished', async () => {
    const played: number[] = [];
    const queue = createPlayQueue<Item, true>({
      resolve: () => true,
      readiness: () => 'ready',
      play: (item) => {
        played.push(item.n);
        throw new Error('boom');
      },
      cap: 5,
      maxMs: 1000,
    });
    queue.push({ giftid: 1, n: 1 });
    queue.push({ giftid: 1, n: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(played).toEqual([1, 2]);
  });
});

describe('noble entrance queue', () => {
  function entrances() {
    const started: [number, number][] = [];
    const queue = createPlayQueue<Item, true>({
      resolve: () => true,
      readiness: () => 'ready',
      // An entrance that would run for a minute: the 20 s cap must end it.
      play: (item, _d, signal) =>
        new Promise<void>((resolve) => {
          started.push([item.n, Date.now()]);
          signal.addEventListener('abort', () => resolve());
          setTimeout(resolve, item.giftid);
        }),
      cap: 10,
      maxMs: ENTRANCE_MAX_MS,
      gapMs: ENTRANCE_GAP_MS,
    });
    return { queue, started };
  }

  it('plays one at a time, 200 ms apart', async () => {
    const e = entrances();
    const t0 = Date.now();
    e.queue.push({ giftid: 3000, n: 1 });
    e.queue.push({ giftid: 3000, n: 2 });
    await vi.advanceTimersByTimeAsync(3000 + ENTRANCE_GAP_MS - 1);
    expect(e.started.map(([n]) => n)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(e.started).toEqual([
      [1, t0],
      [2, t0 + 3000 + ENTRANCE_GAP_MS],
    ]);
  });

  it('plays each at most 20 s', async () => {
    const e = entrances();
    const t0 = Date.now();
    e.queue.push({ giftid: 60_000, n: 1 });
    e.queue.push({ giftid: 1000, n: 2 });
    await vi.advanceTimersByTimeAsync(ENTRANCE_MAX_MS + ENTRANCE_GAP_MS);
    expect(e.started[1]).toEqual([2, t0 + ENTRANCE_MAX_MS + ENTRANCE_GAP_MS]);
  });

  it('plays only on the live-room route', () => {
    expect(entranceAllowedOn('/liveMatchesTwo/100003')).toBe(true);
    expect(entranceAllowedOn('/liveMatchesTwo/100003/')).toBe(true);
    expect(entranceAllowedOn('/home')).toBe(false);
    expect(entranceAllowedOn('/anchorInfo/100003')).toBe(false);
  });
});
