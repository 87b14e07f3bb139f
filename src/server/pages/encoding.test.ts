import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  encodeResponse,
  MIN_COMPRESSED_BYTES,
  preferredEncoding,
  varyOnEncoding,
  worthCompressing,
} from './encoding.ts';

describe('page encoding', () => {
  it('picks brotli, else gzip, as the browser weighs them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('BR;q=0.1')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding('gzip;q=zero')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding(',,;q=1, ')).toBeNull();
  });

  it('compresses markup and text of some size that is not encoded or marked no-transform', () => {
    const big = MIN_COMPRESSED_BYTES;
    const h = (init: Record<string, string>) => new Headers(init);
    expect(worthCompressing(h({ 'content-type': 'text/html; charset=utf-8' }), big)).toBe(true);
    expect(worthCompressing(h({ 'content-type': 'application/xml' }), big)).toBe(true);
    expect(worthCompressing(h({ 'content-type': 'text/html' }), big - 1)).toBe(false);
    expect(worthCompressing(h({ 'content-type': 'image/webp' }), big)).toBe(false);
    expect(worthCompressing(h({ 'content-type': 'application/xmlish' }), big)).toBe(false);
    expect(worthCompressing(h({}), big)).toBe(false);
    const encoded = h({ 'content-type': 'text/html', 'content-encoding': 'gzip' });
    expect(worthCompressing(encoded, big)).toBe(false);
    const kept = h({ 'content-type': 'text/html', 'cache-control': 'public, no-transform' });
    expect(worthCompressing(kept, big)).toBe(false);
  });

  it('names Accept-Encoding in Vary once', () => {
    expect(varyOnEncoding(null)).toBe('Accept-Encoding');
    expect(varyOnEncoding('User-Agent')).toBe('User-Agent, Accept-Encoding');
    expect(varyOnEncoding('user-agent,accept-encoding')).toBe('user-agent,accept-encoding');
    expect(varyOnEncoding('*')).toBe('*');
  });

  it('encodes a rendered answer, keeping its status and headers', async () => {
    const html = `<html>${'<li>直播 live</li>'.repeat(300)}</html>`;
    const page = () =>
      new Response(html, {
        status: 404,
        headers: { 'content-type': 'text/html', 'set-cookie': 'a=1', vary: 'User-Agent' },
      });
    const br = await encodeResponse(page(), 'br');
    expect(br.status).toBe(404);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('set-cookie')).toBe('a=1');
    expect(br.headers.get('vary')).toBe('User-Agent, Accept-Encoding');
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(brotliDecompressSync(bytes).toString()).toBe(html);
    const plain = await encodeResponse(page(), null);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('User-Agent, Accept-Encoding');
    expect(await plain.text()).toBe(html);
    // Not text, or no body: passed on untouched.
    const image = new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } });
    expect(await encodeResponse(image, 'br')).toBe(image);
    const redirect = new Response(null, { status: 302, headers: { location: '/home' } });
    expect(await encodeResponse(redirect, 'br')).toBe(redirect);
  });
});
