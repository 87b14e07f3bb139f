/**
 * Response encryption (API_RESPONSE_KEY): every JSON answer under /api and /webapi leaves
 * sealed with AES-256-GCM (the format in src/lib/api/sealed.ts). One middleware, first in and so
 * last out, sees every answer: handlers' envelopes, thrown errors answered by onError, refusals
 * of middleware and the not-found envelope.
 */
import { createCipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { SEALED_ALGORITHM, SEALED_HEADER } from '../../lib/api/envelope.ts';
import { IV_BYTES } from '../../lib/api/sealed.ts';
import type { ApiEnv } from './api-env.ts';

/** Content type of a sealed body. */
export const SEALED_CONTENT_TYPE = 'application/octet-stream';

/** Paths answered to other servers, in their own format and without the key: left plain. */
const PLAIN_PREFIXES = ['/api/pay/notify/'];

/** Encrypts `plain` under `key` with a fresh random IV: IV ‖ ciphertext ‖ tag. */
export function seal(key: Uint8Array | KeyObject, plain: Uint8Array): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** True for a JSON answer to a browser call: /api or /webapi, not a server-to-server path. */
function sealable(path: string, res: Response): boolean {
  if (!res.body || !(path.startsWith('/api/') || path.startsWith('/webapi/'))) return false;
  if (PLAIN_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return (res.headers.get('content-type') ?? '').startsWith('application/json');
}

/** Middleware sealing every JSON answer with `key`; images, pages, text and redirects pass. */
export function sealEnvelopes(key: Uint8Array): MiddlewareHandler<ApiEnv> {
  const secret = createSecretKey(key);
  return async (c, next) => {
    await next();
    if (!sealable(c.req.path, c.res)) return;
    const plain = new Uint8Array(await c.res.arrayBuffer());
    const headers = new Headers(c.res.headers);
    headers.set('content-type', SEALED_CONTENT_TYPE);
    headers.set(SEALED_HEADER, SEALED_ALGORITHM);
    headers.delete('content-length');
    // A browser on another origin (PUBLIC_API_BASE) may only read the header when told so.
    headers.append('access-control-expose-headers', SEALED_HEADER);
    const { status } = c.res;
    // Cleared first, so Hono does not copy the plain answer's headers onto the sealed one.
    c.res = undefined;
    // Buffer.concat allocates an ordinary ArrayBuffer, never a shared one.
    const body = seal(secret, plain) as Uint8Array<ArrayBuffer>;
    c.res = new Response(body, { status, headers });
  };
}
