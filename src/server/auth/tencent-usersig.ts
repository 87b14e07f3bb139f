/**
 * Tencent Cloud Chat UserSigs, Tencent's published TLSSigAPIv2 scheme: an HMAC-SHA256 over the
 * identifier, SDKAppID, signing time and lifetime, carried in a JSON document that is deflated
 * and base64-encoded with Tencent's URL-safe replacements ('+' '*', '/' '-', '=' '_').
 * Checked against Tencent's own `tls-sig-api-v2` package in tencent-usersig.test.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';

/** The application a UserSig is signed for: its SDKAppID and its key (TENCENT_IM_SECRET). */
export interface TencentApp {
  sdkAppId: number;
  secret: string;
}

/** The JSON document inside a UserSig, with Tencent's field names. */
export interface TencentSigDoc {
  'TLS.ver': '2.0';
  'TLS.identifier': string;
  'TLS.sdkappid': number;
  /** Signing time, Unix seconds. */
  'TLS.time': number;
  /** Lifetime in seconds, counted from TLS.time. */
  'TLS.expire': number;
  /** Base64 HMAC-SHA256 of the fields above. */
  'TLS.sig': string;
}

/** The longest document a UserSig may inflate to; ours are about 200 bytes. */
const MAX_DOC_BYTES = 4096;

/** The content TLSSigAPIv2 signs: one `TLS.name:value` line per field, each ending in \n. */
function signature(app: TencentApp, identifier: string, time: number, expire: number): string {
  const content =
    `TLS.identifier:${identifier}\n` +
    `TLS.sdkappid:${app.sdkAppId}\n` +
    `TLS.time:${time}\n` +
    `TLS.expire:${expire}\n`;
  return createHmac('sha256', app.secret).update(content).digest('base64');
}

/** Base64 with Tencent's replacements: '+' → '*', '/' → '-', '=' → '_'. */
function escape(bytes: Buffer): string {
  return bytes.toString('base64').replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_');
}

/** The bytes of a Tencent-escaped base64 string; null unless it is exactly one's encoding. */
function unescape(text: string): Buffer | null {
  if (!/^[A-Za-z0-9*_-]+$/.test(text)) return null;
  const bytes = Buffer.from(
    text.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '='),
    'base64',
  );
  return escape(bytes) === text ? bytes : null;
}

/**
 * The UserSig of `identifier` (a user id or guest id) for `app`, signed at `now` (ms) and valid
 * for `expireSeconds`.
 */
export function signTencentUserSig(
  app: TencentApp,
  identifier: string,
  expireSeconds: number,
  now = Date.now(),
): string {
  const time = Math.floor(now / 1000);
  const doc: TencentSigDoc = {
    'TLS.ver': '2.0',
    'TLS.identifier': identifier,
    'TLS.sdkappid': app.sdkAppId,
    'TLS.time': time,
    'TLS.expire': expireSeconds,
    'TLS.sig': signature(app, identifier, time, expireSeconds),
  };
  return escape(deflateSync(Buffer.from(JSON.stringify(doc))));
}

/** The document inside `userSig` without checking its signature; null when it is not one. */
export function decodeTencentUserSig(userSig: string): TencentSigDoc | null {
  const bytes = unescape(userSig);
  if (!bytes || bytes.length === 0) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(inflateSync(bytes, { maxOutputLength: MAX_DOC_BYTES }).toString('utf8'));
  } catch {
    return null;
  }
  if (typeof doc !== 'object' || doc === null) return null;
  const d = doc as Record<string, unknown>;
  const whole = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  if (
    d['TLS.ver'] !== '2.0' ||
    typeof d['TLS.identifier'] !== 'string' ||
    !whole(d['TLS.sdkappid']) ||
    !whole(d['TLS.expire']) ||
    !whole(d['TLS.time']) ||
    typeof d['TLS.sig'] !== 'string'
  )
    return null;
  return d as unknown as TencentSigDoc;
}

/**
 * True when `userSig` was signed with `app`'s key for `identifier` and `app`'s SDKAppID, and
 * has not expired at `now` (ms). Tencent checks UserSigs itself; this serves the tests.
 */
export function verifyTencentUserSig(
  app: TencentApp,
  identifier: string,
  userSig: string,
  now = Date.now(),
): boolean {
  const doc = decodeTencentUserSig(userSig);
  if (!doc || doc['TLS.identifier'] !== identifier || doc['TLS.sdkappid'] !== app.sdkAppId)
    return false;
  if ((doc['TLS.time'] + doc['TLS.expire']) * 1000 <= now) return false;
  const expected = Buffer.from(signature(app, identifier, doc['TLS.time'], doc['TLS.expire']));
  const given = Buffer.from(doc['TLS.sig']);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
