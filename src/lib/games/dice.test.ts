import { describe, expect, it } from 'vitest';
import { faceRotation, isDieFace, PIPS, tumbleTo } from './dice.ts';

const mod = (v: number) => ((v % 360) + 360) % 360;

describe('dice', () => {
  it('knows the faces 1-6', () => {
    expect([1, 2, 3, 4, 5, 6].every(isDieFace)).toBe(true);
    expect([0, 7, 2.5, '3', null].some(isDieFace)).toBe(false);
    for (let face = 1; face <= 6; face += 1) expect(PIPS[face]).toHaveLength(face);
  });

  it('gives each face its own rotation', () => {
    const seen = new Set([1, 2, 3, 4, 5, 6].map((f) => JSON.stringify(faceRotation(f))));
    expect(seen.size).toBe(6);
  });

  it('tumbles forward to the same orientation as the face rotation', () => {
    let previous = { x: 0, y: 0 };
    for (const face of [3, 3, 6, 1, 5, 2, 4]) {
      const next = tumbleTo(face, previous);
      const target = faceRotation(face);
      expect(mod(next.x)).toBe(mod(target.x));
      expect(mod(next.y)).toBe(mod(target.y));
      expect(next.x).toBeGreaterThanOrEqual(previous.x + 720);
      expect(next.y).toBeGreaterThanOrEqual(previous.y + 720);
      previous = next;
    }
  });
});
