/**
 * What ends a WHIP or WHEP session (DELETE on its resource): the session's own secret as
 * `Authorization: Bearer`, never the resource's address alone. A publisher's secret is the key it
 * published with (what WHIP clients such as OBS send to the resource, RFC 9725); a viewer, who
 * has no key, is given a fresh secret with its answer (the WHEP_SECRET_HEADER). The ingest keeps
 * only each secret's digest and compares digests in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The answer's header that carries a viewer's secret (the site passes it through). */
export { WHEP_SECRET_HEADER } from '../../lib/player/whep-session.ts';

/** The digest kept of a secret. */
export function digestOf(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/** A new viewer secret (256 random bits, URL-safe) and its digest. */
export function newSecret(): { secret: string; digest: Buffer } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, digest: digestOf(secret) };
}

/** True when `given` is the secret whose digest is `digest`. */
export function isSecret(digest: Buffer, given: string): boolean {
  return timingSafeEqual(digest, digestOf(given));
}

/** The request's `Authorization: Bearer` token, or empty. */
export function bearerOf(req: IncomingMessage): string {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
}
