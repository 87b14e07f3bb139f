import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdle, IDLE_MS } from './idle.ts';

describe('idle detection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides 2 s after the last activity and shows again on activity', () => {
    const seen: boolean[] = [];
    const idle = createIdle((visible) => seen.push(visible));
    expect(IDLE_MS).toBe(2000);
    vi.advanceTimersByTime(1500);
    idle.poke();
    vi.advanceTimersByTime(1999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([false]);
    idle.poke();
    expect(seen).toEqual([false, true]);
    idle.dispose();
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([false, true]);
  });

  it('stays visible while any hold is on, and counts down once the last is released', () => {
    const seen: boolean[] = [];
    const idle = createIdle((visible) => seen.push(visible), 100);
    idle.hold('paused', true);
    idle.hold('menu', true);
    vi.advanceTimersByTime(500);
    idle.hold('paused', false);
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([]);
    idle.hold('menu', false);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([false]);
    idle.hold('menu', true);
    expect(seen).toEqual([false, true]);
    idle.dispose();
  });
});
