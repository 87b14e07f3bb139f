import { describe, expect, it } from 'vitest';
import { expForLevel, levelOf, MAX_LEVEL } from './level.ts';

describe('levelOf', () => {
  it('needs 100·n² exp for level n', () => {
    expect(levelOf(0)).toEqual({ level: 0, process: 0, remainder: 100 });
    expect(levelOf(99).level).toBe(0);
    expect(levelOf(100)).toEqual({ level: 1, process: 0, remainder: 300 });
    expect(levelOf(2800)).toEqual({ level: 5, process: 300, remainder: 800 });
  });
  it('stops at level 22 with nothing remaining', () => {
    expect(levelOf(expForLevel(MAX_LEVEL) + 5000)).toEqual({
      level: 22,
      process: 5000,
      remainder: 0,
    });
    expect(levelOf(expForLevel(MAX_LEVEL) - 1).level).toBe(21);
  });
});
