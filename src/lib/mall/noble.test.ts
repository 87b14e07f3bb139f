import { describe, expect, it } from 'vitest';
import { activeNobleLevel, planNoble } from './noble.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-23T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);

describe('activeNobleLevel', () => {
  it('counts a title until it lapses, then reads 0', () => {
    expect(activeNobleLevel({ level: 2, expiresAt: at(1) }, now)).toBe(2);
    expect(activeNobleLevel({ level: 2, expiresAt: now }, now)).toBe(0);
    expect(activeNobleLevel({ level: 2, expiresAt: at(-1) }, now)).toBe(0);
    expect(activeNobleLevel({ level: 0, expiresAt: at(5) }, now)).toBe(0);
  });

  it('keeps a title without an expiry', () => {
    expect(activeNobleLevel({ level: 3, expiresAt: null }, now)).toBe(3);
  });
});

describe('planNoble', () => {
  it('starts a first or lapsed title now', () => {
    expect(planNoble({ level: 0, expiresAt: null }, 1, 30, now)).toEqual({
      ok: true,
      change: 'new',
      level: 1,
      expiresAt: at(30),
    });
    expect(planNoble({ level: 3, expiresAt: at(-2) }, 1, 90, now)).toEqual({
      ok: true,
      change: 'new',
      level: 1,
      expiresAt: at(90),
    });
  });

  it('extends the same level from its current expiry', () => {
    expect(planNoble({ level: 2, expiresAt: at(10) }, 2, 30, now)).toEqual({
      ok: true,
      change: 'extend',
      level: 2,
      expiresAt: at(40),
    });
  });

  it('upgrades at once and keeps the later of the current expiry and now + period', () => {
    expect(planNoble({ level: 1, expiresAt: at(10) }, 3, 30, now)).toEqual({
      ok: true,
      change: 'upgrade',
      level: 3,
      expiresAt: at(30),
    });
    expect(planNoble({ level: 1, expiresAt: at(80) }, 2, 30, now)).toEqual({
      ok: true,
      change: 'upgrade',
      level: 2,
      expiresAt: at(80),
    });
  });

  it('refuses a lower level than the active one', () => {
    expect(planNoble({ level: 2, expiresAt: at(3) }, 1, 90, now)).toEqual({
      ok: false,
      reason: 'lower',
    });
  });

  it('does not sell over a title that never lapses, except a higher level', () => {
    expect(planNoble({ level: 2, expiresAt: null }, 2, 30, now)).toEqual({
      ok: false,
      reason: 'permanent',
    });
    expect(planNoble({ level: 2, expiresAt: null }, 1, 30, now)).toEqual({
      ok: false,
      reason: 'lower',
    });
    expect(planNoble({ level: 2, expiresAt: null }, 3, 30, now)).toMatchObject({
      ok: true,
      change: 'upgrade',
      expiresAt: at(30),
    });
  });
});
