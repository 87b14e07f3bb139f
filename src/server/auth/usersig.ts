/**
 * Chat signatures (getUserSig): HMAC-signed, expiring proofs of a chat id, checked by the hub.
 * A user's signature also names the session it was issued to, so revoking that session (logout,
 * password reset) also ends the chat login made with it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signature is valid. */
export const USER_SIG_TTL_S = 24 * 3600;

function mac(secret: string, id: string, expires: number, session: string): string {
  const payload = session ? `${id}.${expires}.${session}` : `${id}.${expires}`;
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/**
 * Signs `id` until now + 24 h: `${expiresUnix}.${mac}` for guests, and
 * `${expiresUnix}.${sessionHash}.${mac}` for users (`session` is the token's SHA-256 hex).
 */
export function signUserSig(secret: string, id: string, now = Date.now(), session = ''): string {
  const expires = Math.floor(now / 1000) + USER_SIG_TTL_S;
  const head = session ? `${expires}.${session}` : `${expires}`;
  return `${head}.${mac(secret, id, expires, session)}`;
}

/** What a valid signature proves: the session it names ('' for a guest signature). */
export interface SigProof {
  session: string;
}

/** The proof in `sig` when signUserSig made it for `id` with `secret` and it has not expired. */
export function readUserSig(
  secret: string,
  id: string,
  sig: string,
  now = Date.now(),
): SigProof | null {
  const parts = sig.split('.');
  if (parts.length !== 2 && parts.length !== 3) return null;
  const expiresText = parts[0] ?? '';
  const session = parts.length === 3 ? (parts[1] ?? '') : '';
  const given = parts[parts.length - 1] ?? '';
  if (!/^\d{1,12}$/.test(expiresText) || !given) return null;
  if (parts.length === 3 && !/^[0-9a-f]{64}$/.test(session)) return null;
  const expires = Number(expiresText);
  if (expires * 1000 <= now) return null;
  const expected = Buffer.from(mac(secret, id, expires, session));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { session };
}

/** True when `sig` was made by signUserSig for `id` with `secret` and has not expired. */
export function verifyUserSig(secret: string, id: string, sig: string, now = Date.now()): boolean {
  return readUserSig(secret, id, sig, now) !== null;
}

/** The chat id of a guest: stable per device, not reversible to the fingerprint. */
export function guestId(secret: string, deviceInfo: string): string {
  return `guest_${createHmac('sha256', secret).update(`guest:${deviceInfo}`).digest('hex').slice(0, 16)}`;
}
