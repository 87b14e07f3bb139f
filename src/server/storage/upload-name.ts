/**
 * The object name a browser may upload one image to with temporary keys: `images/` and a name
 * that carries its user, its expiry and a signature made with the site's secret. The site hands
 * it out with the keys (/api/qcloud_sts) and, when the browser names it back, knows without a
 * table that it gave that name to that user and that it has not expired.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long after the keys expire the uploaded object may still be taken in, seconds. */
export const CLAIM_GRACE_SECONDS = 600;

const NAME = /^images\/(\d{1,12})-(\d{10})-([0-9a-f]{12})-([0-9a-f]{32})$/;

function mac(secret: string, userId: number, expires: number, nonce: string): string {
  return createHmac('sha256', secret)
    .update(`cloud-upload:${userId}:${expires}:${nonce}`)
    .digest('hex')
    .slice(0, 32);
}

/** A new name for `userId`'s upload whose keys expire at `expires` (Unix seconds). */
export function mintUploadName(secret: string, userId: number, expires: number): string {
  const nonce = randomBytes(6).toString('hex');
  return `images/${userId}-${expires}-${nonce}-${mac(secret, userId, expires, nonce)}`;
}

/**
 * Whether `name` is one this site handed to `userId` and its grace has not run out at `now`
 * (Unix seconds).
 */
export function ownsUploadName(secret: string, name: string, userId: number, now: number): boolean {
  const match = NAME.exec(name);
  if (!match) return false;
  const [, user, expires, nonce, given] = match;
  if (Number(user) !== userId || Number(expires) + CLAIM_GRACE_SECONDS < now) return false;
  const expected = Buffer.from(mac(secret, userId, Number(expires), nonce!));
  return timingSafeEqual(expected, Buffer.from(given!));
}
