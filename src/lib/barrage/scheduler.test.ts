import { describe, expect, it } from 'vitest';
import { LANE_GAP_PX } from './lanes.ts';
import { createScheduler, FRESH_MS, SPARSE_GAP_PX } from './scheduler.ts';

const SPEED = 0.2; // px per ms
const WIDTH = 100; // every comment's width here
const width = () => WIDTH;

/** A scheduler laid out for `lanes` lanes of 36 px at `density`. */
function scheduler(lanes: number, density: 'sparse' | 'normal' | 'full') {
  const s = createScheduler<string>();
  const spacing = density === 'full' ? 18 : density === 'sparse' ? 72 : 36;
  s.layout(density === 'full' ? lanes * spacing + 18 : lanes * spacing, 36, density);
  return s;
}

describe('barrage scheduler', () => {
  it('drops an ordinary comment that waited past the freshness cap, never a speaker one', () => {
    const s = scheduler(1, 'normal');
    s.push('first', 0, false);
    expect(s.launch(0, SPEED, width).map((l) => l.item)).toEqual(['first']);
    s.push('late', 0, false);
    s.push('speaker', 0, true);
    // The one lane stays busy until the first comment is in, plus the gap.
    const free = (WIDTH + LANE_GAP_PX) / SPEED;
    expect(free).toBeLessThan(FRESH_MS);
    expect(s.launch(free - 1, SPEED, width)).toEqual([]);
    // The speaker goes first when the lane frees; the ordinary one waits and then goes stale.
    expect(s.launch(free, SPEED, width).map((l) => l.item)).toEqual(['speaker']);
    expect(s.launch(FRESH_MS + 1, SPEED, width)).toEqual([]);
    expect(s.counts()).toEqual({ waiting: 0, dropped: 1 });
  });

  it('launches every comment at once at full density, sharing the lane furthest along', () => {
    const s = scheduler(2, 'full');
    const { count } = s.lanes();
    for (let i = 0; i < 10; i++) s.push(`c${i}`, i * 10, false);
    const launched = s.launch(100, SPEED, width);
    expect(launched).toHaveLength(10);
    expect(Math.max(...launched.map((l) => l.lag))).toBe(100);
    expect(new Set(launched.map((l) => l.lane)).size).toBe(count);
    expect(s.counts()).toEqual({ waiting: 0, dropped: 0 });
  });

  it('uses every other lane and a wide gap at sparse density', () => {
    const normal = scheduler(4, 'normal');
    const sparse = createScheduler<string>();
    sparse.layout(4 * 36, 36, 'sparse');
    expect(sparse.lanes().count).toBe(normal.lanes().count / 2);
    sparse.push('a', 0, false);
    sparse.push('b', 0, false);
    sparse.push('c', 0, false);
    expect(sparse.launch(0, SPEED, width).map((l) => l.lane)).toEqual([0, 1]);
    // Lane 0 takes a new one only after the sparse gap.
    expect(sparse.launch((WIDTH + LANE_GAP_PX) / SPEED, SPEED, width)).toEqual([]);
    expect(sparse.launch((WIDTH + SPARSE_GAP_PX) / SPEED, SPEED, width)).toHaveLength(1);
  });

  it('launches at most `max` a frame, the rest keep their place', () => {
    const s = scheduler(10, 'normal');
    for (let i = 0; i < 8; i++) s.push(`c${i}`, 0, false);
    expect(s.launch(0, SPEED, width, 3).map((l) => l.item)).toEqual(['c0', 'c1', 'c2']);
    expect(s.launch(16, SPEED, width, 3).map((l) => l.item)).toEqual(['c3', 'c4', 'c5']);
    expect(s.counts().waiting).toBe(2);
  });
});
