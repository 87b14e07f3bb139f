import { describe, expect, it } from 'vitest';
import { guestId, signUserSig, USER_SIG_TTL_S, verifyUserSig } from './usersig.ts';

const SECRET = 'test-secret';
const NOW = Date.UTC(2026, 10, 22, 12);

describe('user signatures', () => {
  it('accepts its own signature until it expires after 24 hours', () => {
    const sig = signUserSig(SECRET, '100001', NOW);
    expect(sig).toMatch(/^\d+\.[\w-]{43}$/);
    expect(Number(sig.split('.')[0])).toBe(NOW / 1000 + USER_SIG_TTL_S);
    expect(verifyUserSig(SECRET, '100001', sig, NOW)).toBe(true);
    expect(verifyUserSig(SECRET, '100001', sig, NOW + USER_SIG_TTL_S * 1000 - 1)).toBe(true);
    expect(verifyUserSig(SECRET, '100001', sig, NOW + USER_SIG_TTL_S * 1000)).toBe(false);
  });

  it('rejects other ids, secrets, edited expiries and garbage', () => {
    const sig = signUserSig(SECRET, '100001', NOW);
    const [expires, mac] = sig.split('.') as [string, string];
    expect(verifyUserSig(SECRET, '100002', sig, NOW)).toBe(false);
    expect(verifyUserSig('other-secret', '100001', sig, NOW)).toBe(false);
    expect(verifyUserSig(SECRET, '100001', `${Number(expires) + 3600}.${mac}`, NOW)).toBe(false);
    const flipped = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
    expect(verifyUserSig(SECRET, '100001', `${expires}.${flipped}`, NOW)).toBe(false);
    for (const bad of ['', '.', 'abc', `${expires}.`, `x.${mac}`, `${expires}.${mac}.x`]) {
      expect(verifyUserSig(SECRET, '100001', bad, NOW)).toBe(false);
    }
  });

  it('gives a device a stable guest id that does not reveal it', () => {
    const id = guestId(SECRET, 'device-1');
    expect(id).toMatch(/^guest_[0-9a-f]{16}$/);
    expect(guestId(SECRET, 'device-1')).toBe(id);
    expect(guestId(SECRET, 'device-2')).not.toBe(id);
    expect(guestId('other-secret', 'device-1')).not.toBe(id);
  });
});
