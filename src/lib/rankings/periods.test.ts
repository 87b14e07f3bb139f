import { describe, expect, it } from 'vitest';
import { periodKey, periodKeys } from './periods.ts';

describe('ranking periods', () => {
  it('names days and months in Beijing time', () => {
    expect(periodKeys(new Date('2026-11-23T03:00:00Z'))).toEqual({
      day: '2026-11-23',
      month: '2026-11',
    });
  });

  it('turns at midnight in Beijing (16:00 UTC), not at UTC midnight', () => {
    expect(periodKey('day', new Date('2026-11-23T15:59:59.999Z'))).toBe('2026-11-23');
    expect(periodKey('day', new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(periodKey('month', new Date('2026-11-30T15:59:59Z'))).toBe('2026-11');
    expect(periodKey('month', new Date('2026-11-30T16:00:00Z'))).toBe('2026-12');
    expect(periodKey('month', new Date('2026-12-31T16:00:00Z'))).toBe('2027-01');
  });
});
