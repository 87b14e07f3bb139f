import { describe, expect, it } from 'vitest';
import { formatDuration, isoDuration } from './duration.ts';

describe('formatDuration', () => {
  it('shows minutes and seconds under an hour, hours beyond', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.9)).toBe('0:59');
    expect(formatDuration(605)).toBe('10:05');
    expect(formatDuration(6135)).toBe('1:42:15');
    expect(formatDuration(-3)).toBe('0:00');
  });
  it('gives an ISO 8601 duration for machines', () => {
    expect(isoDuration(6135)).toBe('PT1H42M15S');
  });
});
