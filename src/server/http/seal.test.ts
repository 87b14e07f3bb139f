/**
 * Node's AES-256-GCM seals, the browser's WebCrypto code opens (src/lib/api/sealed.ts); the
 * middleware seals JSON answers only, keeping their status and headers.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { SEALED_ALGORITHM, SEALED_HEADER } from '../../lib/api/envelope.ts';
import {
  importResponseKey,
  IV_BYTES,
  openSealed,
  openWithBuildKey,
  SealedResponseError,
  TAG_BYTES,
} from '../../lib/api/sealed.ts';
import type { ApiEnv } from './api-env.ts';
import { seal, SEALED_CONTENT_TYPE, sealEnvelopes } from './seal.ts';

const raw = new Uint8Array(randomBytes(32));
const envelope = JSON.stringify({ status: 0, msg: 'SUCCESS', data: { name: '直播 ⚽', n: 1 } });
const plain = new TextEncoder().encode(envelope);

/** A copy of these bytes in an ArrayBuffer of their own, as a fetch Response hands them over. */
function bytesOf(view: Uint8Array): ArrayBuffer {
  return new Uint8Array(view).buffer;
}

describe('seal and openSealed', () => {
  it('round-trips an envelope, with a fresh IV each time', async () => {
    const key = await importResponseKey(raw);
    const a = seal(raw, plain);
    const b = seal(raw, plain);
    expect(a.length).toBe(IV_BYTES + plain.length + TAG_BYTES);
    expect(Buffer.from(a.subarray(0, IV_BYTES))).not.toEqual(Buffer.from(b.subarray(0, IV_BYTES)));
    expect(await openSealed(key, bytesOf(a))).toBe(envelope);
    expect(await openSealed(key, bytesOf(b))).toBe(envelope);
    expect(await openWithBuildKey(Buffer.from(raw).toString('base64'), bytesOf(a))).toBe(envelope);
  });

  it('refuses a changed byte in the IV, the ciphertext or the tag', async () => {
    const key = await importResponseKey(raw);
    const sealed = seal(raw, plain);
    for (const at of [0, IV_BYTES + 3, sealed.length - 1]) {
      const tampered = new Uint8Array(sealed);
      tampered[at]! ^= 1;
      await expect(openSealed(key, bytesOf(tampered)), `byte ${at}`).rejects.toThrow(
        /did not decrypt: this build's PUBLIC_API_RESPONSE_KEY differs .* or the body was altered/,
      );
    }
  });

  it('refuses another key with a SealedResponseError', async () => {
    const other = await importResponseKey(new Uint8Array(randomBytes(32)));
    await expect(openSealed(other, bytesOf(seal(raw, plain)))).rejects.toBeInstanceOf(
      SealedResponseError,
    );
  });
});

describe('sealEnvelopes', () => {
  const app = new Hono<ApiEnv>()
    .use('*', sealEnvelopes(raw))
    .get('/api/json', (c) => {
      c.header('cache-control', 'no-store');
      c.header('set-cookie', 'a=1');
      return c.json(JSON.parse(envelope), 404);
    })
    .get('/api/text', (c) => c.text('ok'))
    .get('/api/go', (c) => c.redirect('/home'))
    .post('/api/pay/notify/sandbox', (c) => c.json({ code: 'SUCCESS' }))
    .get('/webapi/json', (c) => c.json({ status: 0 }))
    .get('/sandbox-pay/json', (c) => c.json({ status: 0 }));

  it('seals JSON answers under /api and /webapi, keeping their status and other headers', async () => {
    const key = await importResponseKey(raw);
    const res = await app.request('/api/json');
    expect(res.status).toBe(404);
    expect(res.headers.get(SEALED_HEADER)).toBe(SEALED_ALGORITHM);
    expect(res.headers.get('content-type')).toBe(SEALED_CONTENT_TYPE);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBe('a=1');
    expect(res.headers.get('content-length')).toBeNull();
    expect(await openSealed(key, await res.arrayBuffer())).toBe(envelope);
    expect((await app.request('/webapi/json')).headers.get(SEALED_HEADER)).toBe(SEALED_ALGORITHM);
  });

  it('leaves text, redirects, provider notifications and other paths plain', async () => {
    const text = await app.request('/api/text');
    expect(text.headers.get(SEALED_HEADER)).toBeNull();
    expect(await text.text()).toBe('ok');
    const go = await app.request('/api/go');
    expect(go.status).toBe(302);
    expect(go.headers.get(SEALED_HEADER)).toBeNull();
    const notify = await app.request('/api/pay/notify/sandbox', { method: 'POST' });
    expect(await notify.json()).toEqual({ code: 'SUCCESS' });
    const sandbox = await app.request('/sandbox-pay/json');
    expect(sandbox.headers.get(SEALED_HEADER)).toBeNull();
  });
});
