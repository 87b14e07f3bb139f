import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookieValue, pageUrl, serveCachedPage } from './cached-pages.ts';
import { cachedPage, clearPageCache, freshPage, pageKey } from './page-cache.ts';

const POLICY = "default-src 'self'; img-src 'self' data:; script-src 'self'";

describe('pages answered from the cache by the server', () => {
  let server: Server;
  let origin: string;
  let passed = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (serveCachedPage(req, res, ['https://cdn.example.com'])) return;
      passed += 1;
      res.writeHead(204);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    clearPageCache();
    passed = 0;
  });

  /** Puts a page in the cache as the middleware would, under the URL a request to `path` makes. */
  const store = (locale: string, path: string, body: string, ttl = 30) =>
    cachedPage(pageKey(locale, new URL(`${origin}${path}`), null), () =>
      Promise.resolve(
        new Response(body, {
          headers: {
            'content-type': 'text/html',
            'cache-control': `s-maxage=${ttl}`,
            'content-security-policy': POLICY,
          },
        }),
      ),
    );

  it('writes a fresh page with its headers, in the language of the cookie', async () => {
    await store('en-US', '/home?tab=1', '<p>home</p>');
    await store('zh-CN', '/home?tab=1', '<p>首页</p>');
    const en = await fetch(`${origin}/home?tab=1`);
    expect(en.status).toBe(200);
    expect(await en.text()).toBe('<p>home</p>');
    expect(en.headers.get('x-page-cache')).toBe('hit');
    expect(en.headers.get('content-type')).toBe('text/html');
    expect(en.headers.get('content-length')).toBe('11');
    // The bucket's origin joins the images' directive, as on Astro's own answers.
    expect(en.headers.get('content-security-policy')).toBe(
      "default-src 'self'; img-src 'self' data: https://cdn.example.com; script-src 'self'",
    );
    const zh = await fetch(`${origin}/home?tab=1`, {
      headers: { cookie: 'theme=dark; language=zh-CN' },
    });
    expect(await zh.text()).toBe('<p>首页</p>');
    expect(passed).toBe(0);
  });

  it('writes a page compressed in the encoding the browser accepts, compressing it once', async () => {
    const body = `<main>${'<p>比赛 match report</p>'.repeat(200)}</main>`;
    await store('en-US', '/news/1', body);
    const raw = (accept?: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request(`${origin}/news/1`, {
          headers: accept === undefined ? {} : { 'accept-encoding': accept },
        });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const plain = await raw();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(body);
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body.byteLength));
    expect(br.body.byteLength).toBeLessThan(Buffer.byteLength(body) / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(body);
    const gzip = await raw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(body);
    // Refused by weight: the body as it is.
    expect((await raw('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    // The compressed copy is kept with the page: the next answer is the same bytes.
    const entry = freshPage(pageKey('en-US', new URL(`${origin}/news/1`), null))!;
    expect(entry.encoded?.br).toBeDefined();
    expect(Buffer.from(entry.encoded!.br!).equals(br.body)).toBe(true);
    expect((await raw('br')).body.equals(br.body)).toBe(true);
    // A small page goes as it is whatever the browser accepts.
    await store('en-US', '/tiny', '<p>hi</p>');
    const tiny = await fetch(`${origin}/tiny`, { headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('<p>hi</p>');
    expect(passed).toBe(0);
  });

  it('passes on what it does not hold fresh: another query, another method, a page not kept', async () => {
    await store('en-US', '/home', 'home');
    await store('en-US', '/news', 'news', 0);
    expect((await fetch(`${origin}/home?x=1`)).status).toBe(204);
    expect((await fetch(`${origin}/home`, { method: 'HEAD' })).status).toBe(204);
    expect((await fetch(`${origin}/home`, { method: 'POST', body: 'a' })).status).toBe(204);
    expect((await fetch(`${origin}/news`)).status).toBe(204);
    expect(passed).toBe(4);
  });

  it('reads the locale cookie as the page renderer does and builds the same URL', () => {
    expect(cookieValue('a=1; language=zh-CN; language=en-US', 'language')).toBe('zh-CN');
    expect(cookieValue('xlanguage=zh-CN', 'language')).toBeUndefined();
    expect(cookieValue('language=zh%252DCN', 'language')).toBe('zh-CN');
    // Quotes stay, so such a cookie does not name a locale for the renderer either.
    expect(cookieValue('language="zh-CN"', 'language')).toBe('"zh-CN"');
    expect(cookieValue('language=%E0%A4%A', 'language')).toBe('%E0%A4%A');
    expect(cookieValue(undefined, 'language')).toBeUndefined();
    const url = (host: string | undefined, path: string) =>
      pageUrl({ headers: { host }, url: path } as never)?.href;
    expect(url('Example.COM:80', '/a/../home?q=1')).toBe('http://example.com/home?q=1');
    // A path that starts with two slashes stays a path on this host.
    expect(url('example.com', '//evil.example/x')).toBe('http://example.com//evil.example/x');
    expect(url(undefined, '/home')).toBeUndefined();
  });
});
