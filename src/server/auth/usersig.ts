/** Chat signatures (getUserSig): HMAC-signed, expiring proofs of a chat id, checked by the hub. */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signature is valid. */
export const USER_SIG_TTL_S = 24 * 3600;

function mac(secret: string, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`${id}.${expires}`).digest('base64url');
}

/** Signs `id` until now + 24 h: `${expiresUnix}.${mac}`. */
export function signUserSig(secret: string, id: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + USER_SIG_TTL_S;
  return `${expires}.${mac(secret, id, expires)}`;
}

/** True when `sig` was made by signUserSig for `id` with `secret` and has not expired. */
export function verifyUserSig(secret: string, id: string, sig: string, now = Date.now()): boolean {
  const parts = sig.split('.');
  const [expiresText, given] = parts;
  const expires = Number(expiresText);
  if (parts.length !== 2 || !given || !/^\d{1,12}$/.test(expiresText ?? '')) return false;
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(mac(secret, id, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The chat id of a guest: stable per device, not reversible to the fingerprint. */
export function guestId(secret: string, deviceInfo: string): string {
  return `guest_${createHmac('sha256', secret).update(`guest:${deviceInfo}`).digest('hex').slice(0, 16)}`;
}
