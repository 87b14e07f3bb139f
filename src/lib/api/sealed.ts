/**
 * Encrypted API answers (API_RESPONSE_KEY, docs/decisions.md "Response encryption"): a sealed
 * body is a fresh 12-byte IV, then the envelope's UTF-8 JSON encrypted with AES-256-GCM, then
 * the 16-byte tag. The key's parsing is shared with the server; opening runs on WebCrypto, the
 * same code in the browser and in Node's tests. The client imports this module only when an
 * answer arrives sealed.
 */

/** Bytes of the IV at the start of a sealed body. */
export const IV_BYTES = 12;
/** Bytes of the GCM tag at the end of a sealed body. */
export const TAG_BYTES = 16;
/** Bytes of an AES-256 key. */
export const KEY_BYTES = 32;

/** A sealed answer that could not be opened: no key in this build, another key, or altered bytes. */
export class SealedResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedResponseError';
  }
}

function fromHex(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** Standard or URL-safe base64, padded or not; null when `text` is not base64. */
function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
  } catch {
    return null;
  }
}

/**
 * The 32 bytes of a key written as 64 hex digits or as base64; `name` is the variable named in
 * the error, which never repeats the value.
 */
export function parseResponseKey(text: string, name: string): Uint8Array<ArrayBuffer> {
  const value = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? fromHex(value) : fromBase64(value);
  const hint = '32 random bytes as base64 or 64 hex digits, e.g. `openssl rand -base64 32`';
  if (!bytes) throw new Error(`Bad ${name}: neither base64 nor hex (${hint})`);
  if (bytes.length !== KEY_BYTES) throw new Error(`Bad ${name}: ${bytes.length} bytes (${hint})`);
  return bytes;
}

/** Imports a key's raw bytes for AES-GCM decryption with WebCrypto. */
export function importResponseKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
}

/** The envelope text of a sealed body; rejects with SealedResponseError when it will not open. */
export async function openSealed(key: CryptoKey, body: ArrayBuffer): Promise<string> {
  const bytes = new Uint8Array(body);
  if (bytes.length < IV_BYTES + TAG_BYTES)
    throw new SealedResponseError(`An encrypted answer of ${bytes.length} bytes is too short`);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
      key,
      bytes.subarray(IV_BYTES),
    );
  } catch {
    throw new SealedResponseError(
      "An encrypted answer did not decrypt: this build's PUBLIC_API_RESPONSE_KEY differs from the server's API_RESPONSE_KEY, or the body was altered",
    );
  }
  return new TextDecoder().decode(plain);
}

let imported: { text: string; key: Promise<CryptoKey> } | undefined;

/** Opens a sealed body with the build's key text (PUBLIC_API_RESPONSE_KEY), imported once. */
export async function openWithBuildKey(
  keyText: string | undefined,
  body: ArrayBuffer,
): Promise<string> {
  if (!keyText)
    throw new SealedResponseError(
      'The server encrypts its answers (API_RESPONSE_KEY) but this build has no PUBLIC_API_RESPONSE_KEY: build the site with the same key',
    );
  if (imported?.text !== keyText) {
    const raw = parseResponseKey(keyText, 'PUBLIC_API_RESPONSE_KEY');
    imported = { text: keyText, key: importResponseKey(raw) };
  }
  return openSealed(await imported.key, body);
}
