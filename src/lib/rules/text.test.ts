import { describe, expect, it } from 'vitest';
import { hasStaffWord, nicknameLetters, normaliseNickname } from './nickname.ts';
import {
  findBlankText,
  isBlank,
  isBlankNotEmpty,
  withoutAnyInvisible,
  withoutInvisible,
} from './text.ts';

/** Each character that shows nothing, by the name a reader would look it up under. */
const INVISIBLE: Record<string, string> = {
  'zero-width space U+200B': '\u200b',
  'zero-width joiner U+200D': '\u200d',
  'word joiner U+2060': '\u2060',
  'byte order mark U+FEFF': '\ufeff',
  'soft hyphen U+00AD': '\u00ad',
  'combining grapheme joiner U+034F': '\u034f',
  'braille blank U+2800': '\u2800',
  'Hangul filler U+3164': '\u3164',
  'halfwidth Hangul filler U+FFA0': '\uffa0',
  'Hangul choseong filler U+115F': '\u115f',
  'Hangul jungseong filler U+1160': '\u1160',
  'tag space U+E0020': '\u{e0020}',
  'tag letter U+E0061': '\u{e0061}',
  'cancel tag U+E007F': '\u{e007f}',
  'variation selector 16 U+FE0F': '\ufe0f',
  'variation selector 1 U+FE00': '\ufe00',
  'variation selector 17 U+E0100': '\u{e0100}',
  'Mongolian free variation selector U+180B': '\u180b',
  'Mongolian vowel separator U+180E': '\u180e',
  'musical symbol begin beam U+1D173': '\u{1d173}',
  'musical symbol end phrase U+1D17A': '\u{1d17a}',
  'shorthand format letter overlap U+1BCA0': '\u{1bca0}',
  'Egyptian hieroglyph vertical joiner U+13430': '\u{13430}',
  'Arabic number sign U+0600': '\u0600',
  'Arabic letter mark U+061C': '\u061c',
  'right-to-left override U+202E': '\u202e',
  'invisible times U+2062': '\u2062',
  'ideographic space U+3000': '\u3000',
  'no-break space U+00A0': '\u00a0',
  'Khmer vowel inherent U+17B4': '\u17b4',
};

describe('text that shows nothing', () => {
  for (const [name, char] of Object.entries(INVISIBLE)) {
    it(`counts ${name} alone, repeated and with spaces as blank`, () => {
      expect(isBlank(char)).toBe(true);
      expect(isBlank(char.repeat(5))).toBe(true);
      expect(isBlank(` ${char} ${char} `)).toBe(true);
      // White space that trim() takes away leaves an empty field, as plain spaces do.
      expect(isBlankNotEmpty(char)).toBe(char.trim() !== '');
      expect(isBlank(`a${char}`)).toBe(false);
    });
  }

  it('counts every one of them mixed together as blank', () => {
    expect(isBlank(Object.values(INVISIBLE).join(''))).toBe(true);
  });

  it('accepts text with emoji sequences and variation selectors inside', () => {
    for (const text of ['👨‍👩‍👧', '❤️', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '好球❤️', 'a\u200bb', '·', '‍x', 'ㅤ好'])
      expect(isBlank(text), text).toBe(false);
  });

  it('leaves the empty string and plain spaces to the field (trimmed as before)', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlankNotEmpty('')).toBe(false);
    expect(isBlankNotEmpty('   ')).toBe(false);
    expect(isBlankNotEmpty(' \u200b ')).toBe(true);
  });

  it('finds the path of the first blank string in a request', () => {
    expect(findBlankText({ a: 'ok', b: [{ c: '  ' }, { c: '\u2800' }] })).toBe('b.1.c');
    expect(findBlankText({ a: 'ok', n: 1, e: '' })).toBeNull();
  });

  it('takes invisible characters out but keeps emoji whole', () => {
    expect(withoutInvisible('ad\u200bmin')).toBe('admin');
    expect(withoutInvisible('官\u200d方')).toBe('官方');
    expect(withoutInvisible('a\u3000b')).toBe('a b');
    expect(withoutInvisible('👨‍👩‍👧')).toBe('👨‍👩‍👧');
    expect(withoutInvisible('👍🏽\u200d')).toBe('👍🏽');
    expect(withoutInvisible('❤️')).toBe('❤️');
    expect(withoutInvisible('\ufe0fa')).toBe('a');
    expect(withoutInvisible('🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toBe('🏴󠁧󠁢󠁳󠁣󠁴󠁿');
    expect(withoutInvisible('a\u{e0061}')).toBe('a');
    expect(withoutAnyInvisible('👨‍👩‍👧 ❤️')).toBe('👨👩👧❤');
  });
});

describe('nickname normalisation', () => {
  it('stores the compatibility form without invisible characters', () => {
    expect(normaliseNickname('  ａｄｍｉｎ  ')).toBe('admin');
    expect(normaliseNickname('Sky\u200bRider')).toBe('SkyRider');
    expect(normaliseNickname('Sky \u3000 Rider')).toBe('Sky Rider');
    expect(normaliseNickname('\u3164\u3164')).toBe('');
    expect(normaliseNickname('\u2800\u2800\u2800')).toBe('');
    expect(normaliseNickname('爸爸👨‍👩‍👧')).toBe('爸爸👨‍👩‍👧');
  });

  it('reads staff words through spaces, joiners, punctuation and fullwidth forms', () => {
    for (const name of [
      'ad\u200bmin',
      'ａｄｍｉｎ',
      '官\u200d方',
      '客 服',
      'ad.min',
      'Sup_port',
      '系\u2800统',
    ])
      expect(hasStaffWord(name), name).toBe(true);
    for (const name of ['SkyRider', '米娅Mia', '球迷阿豪', '❤️足球'])
      expect(hasStaffWord(name), name).toBe(false);
    expect(nicknameLetters('客 服!')).toBe('客服');
  });
});
