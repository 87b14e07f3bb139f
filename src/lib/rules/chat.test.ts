import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHAT_CONFIG,
  banUntil,
  checkMessage,
  hasLink,
  longestDigitRun,
  newSpeakerState,
  recordAccepted,
  recordRefusal,
} from './chat.ts';

const config = { ...DEFAULT_CHAT_CONFIG, toggle_link_set: 1, link_set: 1 };

describe('chat rules', () => {
  it('finds links in their usual disguises, not in ordinary chat', () => {
    for (const text of ['http://a.b', 'go www.site.cn', 'odds at winbig.vip', 'HTTPS://X.COM'])
      expect(hasLink(text), text).toBe(true);
    for (const text of ['what a goal!', '2.1 xG', 'Man City 1-0', '梅西 yyds'])
      expect(hasLink(text), text).toBe(false);
  });

  it('measures the longest digit run', () => {
    expect(longestDigitRun('no digits')).toBe(0);
    expect(longestDigitRun('100:98 at 12')).toBe(3);
    expect(longestDigitRun('call 13800138000')).toBe(11);
  });

  it('refuses empty and over-long messages without counting them as violations', () => {
    const state = newSpeakerState();
    expect(checkMessage(config, state, '', 0)).toBe('empty');
    expect(checkMessage(config, state, 'x'.repeat(101), 0)).toBe('tooLong');
    expect(checkMessage(config, state, '进'.repeat(100), 0)).toBeNull();
    expect(recordRefusal(config, state, 'empty')).toBeNull();
    expect(state.refusals).toBe(0);
  });

  it('refuses control characters and treats invisible-only text as empty', () => {
    const state = newSpeakerState();
    for (const text of [
      'q\u0000kilo',
      'a\tb',
      'line\nbreak',
      'bell\u0007',
      'c1\u0085',
      'x\ud800',
      '\udc00y',
    ])
      expect(checkMessage(config, state, text, 0), JSON.stringify(text)).toBe('control');
    for (const text of ['\u200b', '\u202e', '\u200b\u200d\ufeff', '\u3000\u2060', '\ufe0f'])
      expect(checkMessage(config, state, text, 0), JSON.stringify(text)).toBe('empty');
    // Braille blank, tag characters, selectors and format controls that fonts draw as nothing.
    for (const text of [
      '\u2800\u2800',
      '\u{e0020}\u{e0041}\u{e007f}',
      '\ufe00\u{e0100}',
      '\u180b',
      '\u{1d173}\u{1d17a}',
      '\u{1bca0}',
      '\u{13430}',
      '\u0600',
      '\u3164\uffa0\u115f\u1160',
    ])
      expect(checkMessage(config, state, text, 0), JSON.stringify(text)).toBe('empty');
    // Joiners and marks inside real text, emoji with variation selectors and pairs stay allowed.
    for (const text of ['👨\u200d👩\u200d👧 family', '❤\ufe0f go', '⚽ 𝔾𝕆𝔸𝕃', 'مرحبا \u200fok'])
      expect(checkMessage(config, state, text, 0), JSON.stringify(text)).toBeNull();
    expect(recordRefusal(config, state, 'control')).toBeNull();
    expect(state.refusals).toBe(0);
  });

  it('applies the speak rate from the last accepted message', () => {
    const state = newSpeakerState();
    recordAccepted(state, 'hi', 10_000);
    expect(checkMessage(config, state, 'again', 11_999)).toBe('rate');
    expect(checkMessage(config, state, 'again', 12_000)).toBeNull();
    expect(checkMessage({ ...config, toggle_speak_rate: 0 }, state, 'again', 10_001)).toBeNull();
  });

  it('counts number-only messages in a row and resets on words', () => {
    const state = newSpeakerState();
    recordAccepted(state, '1', 0);
    recordAccepted(state, '2 - 1', 10_000);
    expect(checkMessage(config, state, '3', 20_000)).toBe('numberLimit');
    recordAccepted(state, 'words', 20_000);
    expect(checkMessage(config, state, '3', 30_000)).toBeNull();
  });

  it('refuses the message that would repeat continue_trigger_num times and bans for it', () => {
    const state = newSpeakerState();
    recordAccepted(state, 'ole', 0);
    expect(checkMessage(config, state, 'ole', 10_000)).toBe('repeated');
    expect(recordRefusal(config, state, 'repeated')).toBe(config.continue_trigger_banned);
    expect(checkMessage({ ...config, continue_trigger_num: 3 }, state, 'ole', 10_000)).toBeNull();
  });

  it('bans after total_trigger refusals when switched on, then starts counting again', () => {
    const state = newSpeakerState();
    expect(recordRefusal(config, state, 'link')).toBeNull();
    expect(recordRefusal(config, state, 'rate')).toBeNull();
    expect(recordRefusal(config, state, 'link')).toBe(config.total_trigger_banned);
    expect(state.refusals).toBe(0);
    const off = { ...config, toggle_total_trigger: 0 };
    for (let i = 0; i < 5; i++) expect(recordRefusal(off, state, 'link')).toBeNull();
  });

  it('computes ban ends by unit; permanent has none', () => {
    expect(banUntil('minute', 10, 0)).toBe(600_000);
    expect(banUntil('hour', 2, 0)).toBe(7_200_000);
    expect(banUntil('day', 1, 5)).toBe(86_400_005);
    expect(banUntil('permanent', 1, 0)).toBeNull();
  });
});
