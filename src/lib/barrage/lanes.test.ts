import { describe, expect, it } from 'vitest';
import { freeLane, LANE_GAP_PX, laneCount, positionAt } from './lanes.ts';

describe('barrage lanes', () => {
  it('fits lanes into the area', () => {
    expect(laneCount(360, 36)).toBe(10);
    expect(laneCount(10, 36)).toBe(1);
  });

  it('reuses a lane only when its last comment has entered fully plus the gap', () => {
    const speed = 0.2; // px per ms
    const tails = [{ start: 0, width: 100 }, undefined];
    expect(freeLane(tails, 0, speed)).toBe(1);
    const full = [
      { start: 0, width: 100 },
      { start: 0, width: 300 },
    ];
    expect(freeLane(full, (100 + LANE_GAP_PX) / speed - 1, speed)).toBe(-1);
    expect(freeLane(full, (100 + LANE_GAP_PX) / speed, speed)).toBe(0);
  });

  it('never lets two comments of a lane overlap while both are on screen', () => {
    const speed = 0.15;
    const width = 1000;
    const first = { start: 0, width: 180 };
    const enter = (first.width + LANE_GAP_PX) / speed;
    for (let t = enter; t < enter + 8000; t += 16) {
      const a = positionAt(first.start, t, speed, width);
      const b = positionAt(enter, t, speed, width);
      expect(b - (a + first.width)).toBeGreaterThanOrEqual(LANE_GAP_PX - 1e-6);
    }
  });
});
