import { describe, expect, it } from 'vitest';
import { chatModesSchema, isEmoteOnly, slowModeWait } from './chat-modes.ts';
import { $slowUntil, noteSent, setRoomModes, slowSecondsLeft } from '../stores/live-room-modes.ts';

describe('chat modes', () => {
  it('tells emoji-only messages from the rest', () => {
    for (const yes of ['⚽', '🔥🔥', '👍 👏', '❤️', '👍🏽', '👨‍👩‍👧', '🇨🇳'])
      expect(isEmoteOnly(yes)).toBe(true);
    for (const no of ['goal', '⚽ goal', '1', '#', '*', '', '  ', ':)'])
      expect(isEmoteOnly(no)).toBe(false);
  });

  it('counts slow mode down in whole seconds', () => {
    expect(slowModeWait(0, 1000, 1500)).toBe(0);
    expect(slowModeWait(10, 0, 1500)).toBe(0);
    expect(slowModeWait(10, 1000, 1500)).toBe(10);
    expect(slowModeWait(10, 1000, 10_001)).toBe(1);
    expect(slowModeWait(10, 1000, 11_000)).toBe(0);
  });

  it('accepts slow mode off or 3 to 120 s and followers of 0 minutes or more', () => {
    const base = { slow: 0, followers: null, fans: false, emote: false };
    expect(chatModesSchema.safeParse(base).success).toBe(true);
    expect(chatModesSchema.safeParse({ ...base, slow: 3, followers: 0 }).success).toBe(true);
    for (const bad of [{ slow: 2 }, { slow: 121 }, { slow: 5.5 }, { followers: -1 }])
      expect(chatModesSchema.safeParse({ ...base, ...bad }).success).toBe(false);
  });

  it('starts the wait after a viewer sends in slow mode, not after a manager', () => {
    setRoomModes({ slow: 30, followers: null, fans: false, emote: false });
    noteSent(true, 1000);
    expect(slowSecondsLeft(1000)).toBe(0);
    noteSent(false, 1000);
    expect(slowSecondsLeft(1000)).toBe(30);
    expect(slowSecondsLeft(30_500)).toBe(1);
    setRoomModes({ slow: 0, followers: null, fans: false, emote: false });
    expect($slowUntil.get()).toBe(0);
  });
});
