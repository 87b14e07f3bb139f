import { describe, expect, it } from 'vitest';
import {
  CHECKIN_KEYS,
  noteCheckin,
  notePrompt,
  shouldPrompt,
  todaysGift,
  type PromptStorage,
} from './checkin-prompt.ts';

/** Storage in memory; cookies keep their expiry and vanish after it, as a browser's do. */
function memory(clock: { now: Date }): PromptStorage & { cookieLines: string[] } {
  const items = new Map<string, string>();
  const jar = new Map<string, { value: string; expires: number }>();
  const cookieLines: string[] = [];
  return {
    cookieLines,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    cookies: () =>
      [...jar]
        .filter(([, c]) => c.expires > clock.now.getTime())
        .map(([k, c]) => `${k}=${c.value}`)
        .join('; '),
    setCookie: (line) => {
      cookieLines.push(line);
      const [pair, ...attrs] = line.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      const expires = attrs.find((a) => a.startsWith('expires='))!.slice(8);
      jar.set(name, { value, expires: Date.parse(expires) });
    },
  };
}

describe('check-in prompt', () => {
  it('opens dialog_daily_times times a day, then again after Beijing midnight', () => {
    const clock = { now: new Date('2026-03-01T02:00:00Z') };
    const storage = memory(clock);
    expect(shouldPrompt(storage, 2, clock.now)).toBe(true);
    notePrompt(storage, clock.now);
    expect(shouldPrompt(storage, 2, clock.now)).toBe(true);
    notePrompt(storage, clock.now);
    expect(shouldPrompt(storage, 2, clock.now)).toBe(false);
    // The cookie expires at the next midnight in Beijing: 16:00 UTC.
    expect(storage.cookieLines[1]).toContain('expires=Sun, 01 Mar 2026 16:00:00 GMT');
    clock.now = new Date('2026-03-01T15:59:00Z');
    expect(shouldPrompt(storage, 2, clock.now)).toBe(false);
    clock.now = new Date('2026-03-01T16:00:00Z');
    expect(shouldPrompt(storage, 2, clock.now)).toBe(true);
  });

  it('opens again when the cookie was removed, never at 0, and not after a check-in here', () => {
    const clock = { now: new Date('2026-03-01T02:00:00Z') };
    const storage = memory(clock);
    expect(shouldPrompt(storage, 0, clock.now)).toBe(false);
    notePrompt(storage, clock.now);
    expect(shouldPrompt(storage, 1, clock.now)).toBe(false);
    const noCookie = { ...storage, cookies: () => '' };
    expect(shouldPrompt(noCookie, 1, clock.now)).toBe(true);
    noteCheckin(storage, clock.now, [
      { reward_type: 1, quantity: 200, props_id: 0, title: 'Gems', icon: '/rewards/gem.svg' },
    ]);
    expect(shouldPrompt(noCookie, 1, clock.now)).toBe(false);
    expect(storage.getItem(CHECKIN_KEYS.checkedDay)).toBe('2026-03-01');
    expect(todaysGift(storage, clock.now)).toHaveLength(1);
    expect(todaysGift(storage, new Date('2026-03-02T02:00:00Z'))).toBeNull();
  });
});
