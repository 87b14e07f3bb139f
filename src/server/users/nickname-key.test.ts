import { describe, expect, it } from 'vitest';
import { looksGenerated, looksLikeStaff, nicknameKey, skeleton } from './nickname-key.ts';

describe('nickname skeleton (UTS #39)', () => {
  it('maps confusable letters to one prototype', () => {
    expect(skeleton('аdmin')).toBe(skeleton('admin'));
    expect(skeleton('SkyR\u0131der')).toBe(skeleton('SkyRider'));
    expect(skeleton('rn')).toBe(skeleton('m'));
    expect(skeleton('paypal')).not.toBe(skeleton('paypai'));
  });

  it('gives look-alikes of a name one key', () => {
    const key = nicknameKey('SkyRider');
    for (const name of [
      'SkyR\u0131der',
      'skyrider',
      'SKYRIDER',
      'Sky\u200bRider',
      'Sky Rider',
      'ＳｋｙＲｉｄｅｒ',
      'SkyRіder',
      'Ѕkyrider',
    ])
      expect(nicknameKey(name), name).toBe(key);
    for (const name of ['SkyRiders', 'SkyRidor', 'SkyRlder'])
      expect(nicknameKey(name)).not.toBe(key);
    expect(nicknameKey('米娅Mia')).toBe(nicknameKey('米娅mia'));
    expect(nicknameKey('👨‍👩‍👧好')).toBe(nicknameKey('👨👩👧好'));
  });

  it('finds staff words behind zero-width, Cyrillic, fullwidth, joiner and space disguises', () => {
    for (const name of [
      'admin',
      'ad\u200bmin',
      'аdmin',
      'ａｄｍｉｎ',
      'ΑDMIN',
      'Offіcial',
      '官\u200d方',
      '客 服',
      '客\u2800服',
      'my_staff',
      'SYSTEM',
      'ѕupport',
      '超管小王',
    ])
      expect(looksLikeStaff(name), name).toBe(true);
    for (const name of ['SkyRider', '米娅Mia', '龙吟九天', 'NightOwl', '❤️足球', 'AcePoint'])
      expect(looksLikeStaff(name), name).toBe(false);
  });

  it('reserves names that look generated for new accounts', () => {
    for (const name of ['Fan0042', 'fan0042', 'FanOO42', 'Ｆａｎ１２３４'])
      expect(looksGenerated(name), name).toBe(true);
    for (const name of ['Fan042', 'Fans0042', 'FanClub']) expect(looksGenerated(name)).toBe(false);
  });
});
