import { describe, expect, it } from 'vitest';
import { addDays, isDayString, siteDay, siteDayRange, siteTime } from './time.ts';

describe('site time', () => {
  it('puts late UTC evenings on the next Beijing day', () => {
    expect(siteDay(new Date('2026-11-22T15:59:00Z'))).toBe('2026-11-22');
    expect(siteDay(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    expect(siteTime(new Date('2026-11-22T12:30:00Z'))).toBe('20:30');
  });
  it('gives the UTC range of a Beijing day', () => {
    const { start, end } = siteDayRange('2026-11-23');
    expect(start.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-23T16:00:00.000Z');
  });
  it('validates and moves days', () => {
    expect(isDayString('2026-02-30')).toBe(false);
    expect(isDayString('2026-11-2')).toBe(false);
    expect(isDayString('2026-11-22')).toBe(true);
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
  });
});
