/**
 * Abuse: security headers on every kind of answer, absolute URLs from PUBLIC_URL whatever the
 * Host header says, and browser sockets from other sites refused; on both databases.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createSession } from '../../src/server/sessions.ts';
import { paymentProvider } from '../../src/server/recharge/index.ts';
import { decodeSession } from '../../src/server/recharge/sandbox.ts';
import { getRuntime } from '../../src/server/runtime.ts';
import { DB_KINDS, userIdByMobile } from './helpers.ts';
import { startPageServer, type PageServer } from './page-server.ts';

const PUBLIC = 'https://live.example.com';

/** A request with a Host header of our choosing (fetch will not send one). */
function withHost(
  url: string,
  host: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers: { ...init.headers, host } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Opens a socket to `url`/im with `origin` (or none); resolves 'open' or the HTTP status. */
function socketWith(url: string, origin?: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/im`, origin ? { origin } : {});
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

/** What the process wrote to stdout and stderr while `run` ran (nothing reaches the terminal). */
async function loggedDuring(run: () => Promise<void>): Promise<string> {
  const written: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const spy = (chunk: string | Uint8Array) => (written.push(String(chunk)), true);
  process.stdout.write = spy;
  process.stderr.write = spy;
  try {
    await run();
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
  return written.join('');
}

/** The `'sha256-…'` source of an inline script or style. */
const sourceOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A policy's directives: name to sources. */
const directivesOf = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );

for (const kind of DB_KINDS) {
  describe(`security headers, public URL and socket origins (${kind})`, () => {
    let site: PageServer;
    beforeAll(async () => {
      site = await startPageServer({ PUBLIC_URL: PUBLIC }, kind);
    }, 180_000);
    afterAll(async () => site?.stop());

    it('sends the security headers on pages, API, files, uploads, HLS and errors', async () => {
      // A real upload and a real HLS playlist, where the server keeps them.
      const { env } = getRuntime();
      const upload = '/uploads/2026/01/0123456789abcdef01234567.webp';
      mkdirSync(path.join(env.dataDir, 'uploads/2026/01'), { recursive: true });
      writeFileSync(path.join(env.dataDir, upload.slice(1)), 'RIFF');
      mkdirSync(path.join(env.mediaDir, 'hls'), { recursive: true });
      writeFileSync(path.join(env.mediaDir, 'hls/7.m3u8'), '#EXTM3U\n');
      const home = await site.html('/home');
      const script = /<script[^>]* src="(\/_astro\/[^"]+\.js)"/.exec(home)?.[1];
      expect(script).toBeDefined();

      const answers: [string, Response, number][] = [];
      const add = async (what: string, res: Promise<Response>, status: number) =>
        answers.push([what, await res, status]);
      await add('page', site.get('/news'), 200);
      await add('api', fetch(`${site.url}/api/config/getCommonConfig`, { method: 'POST' }), 200);
      await add('api 404', fetch(`${site.url}/api/no/such/call`, { method: 'POST' }), 404);
      await add('asset', site.get(script!), 200);
      await add('public file', site.get('/og-image.svg'), 200);
      await add('upload', site.get(upload), 200);
      await add('missing upload', site.get('/uploads/2026/01/none.webp'), 404);
      await add('hls', site.get('/hls/7.m3u8'), 200);
      await add('missing hls', site.get('/hls/8.m3u8'), 404);
      await add('unknown page', site.get('/no-such-page'), 302);
      await add('health', site.get('/healthz'), 200);
      for (const [what, res, status] of answers) {
        expect(res.status, what).toBe(status);
        expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
        expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
        expect(res.headers.get('content-security-policy'), what).toContain(
          "frame-ancestors 'self'",
        );
      }

      // Pages allow scripts and styles from the site only, and Astro's own inline ones by hash.
      const csp = answers[0]![1].headers.get('content-security-policy')!;
      const directives = directivesOf(csp);
      expect(directives.get('script-src')?.[0]).toBe("'self'");
      for (const source of directives.get('script-src')!)
        expect(source).toMatch(/^'(self|sha256-.+)'$/);
      for (const source of directives.get('style-src')!)
        expect(source).toMatch(/^'(self|sha256-.+)'$/);
      expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      for (const directive of ["default-src 'self'", "connect-src 'self'", "object-src 'none'"]) {
        expect(csp).toContain(directive);
      }
      // Every inline script and style of a page with islands is one its policy names.
      const room = await site.get('/liveMatchesTwo/100003');
      const roomCsp = room.headers.get('content-security-policy')!;
      const roomHtml = await room.text();
      const inline = (tag: string) =>
        [
          ...roomHtml.matchAll(
            new RegExp(`<${tag}(?![^>]*\\bsrc=)([^>]*)>([\\s\\S]*?)</${tag}>`, 'g'),
          ),
        ]
          .filter(([, attrs]) => !/type="application\/json"/.test(attrs!))
          .map(([, , text]) => sourceOf(text!));
      const scripts = inline('script');
      const styles = inline('style');
      expect(scripts.length).toBeGreaterThan(0);
      expect(styles.length).toBeGreaterThan(0);
      const roomDirectives = directivesOf(roomCsp);
      for (const source of scripts) expect(roomDirectives.get('script-src')).toContain(source);
      for (const source of styles) expect(roomDirectives.get('style-src')).toContain(source);
    });

    it('gives the sandbox checkout a policy of its own: its inline code by hash, no frames', async () => {
      const rt = getRuntime();
      const bearer = await createSession(rt.db, await userIdByMobile(rt.db, '13900000001'), 'test');
      const created = await fetch(`${site.url}/api/recharge/create_order`, {
        method: 'POST',
        body: JSON.stringify({ package_id: 'p98' }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      });
      const { data } = (await created.json()) as { data: { checkout_url: string } };
      const res = await site.get(data.checkout_url);
      expect(res.status).toBe(200);
      const html = await res.text();
      const csp = res.headers.get('content-security-policy')!;
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
      expect(csp).toContain(`script-src ${sourceOf(script)}`);
      expect(csp).toContain(`style-src ${sourceOf(style)}`);
    });

    it('writes absolute URLs with PUBLIC_URL whatever the Host header says', async () => {
      const news = await withHost(`${site.url}/news`, 'evil.example');
      expect(news.status).toBe(200);
      expect(news.body).toContain(`<link rel="canonical" href="${PUBLIC}/news"`);
      expect(news.body).toContain(`<meta property="og:url" content="${PUBLIC}/news"`);
      expect(news.body).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC}/`));
      expect(news.body).not.toContain('evil.example');

      const download = await withHost(`${site.url}/download`, 'evil.example');
      expect(download.status).toBe(200);
      expect(download.body).toContain(`${PUBLIC}/download`);
      expect(download.body).not.toContain('evil.example');

      const rt = getRuntime();
      const bearer = await createSession(rt.db, await userIdByMobile(rt.db, '13900000001'), 'test');
      const order = await withHost(`${site.url}/api/recharge/create_order`, 'evil.example', {
        method: 'POST',
        body: JSON.stringify({ package_id: 'p98' }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      });
      const { data } = JSON.parse(order.body) as { data: { checkout_url: string } };
      expect(data.checkout_url).toMatch(/^\/sandbox-pay\/checkout\?session=/);
      // Where the checkout sends the payer back: the session the sandbox signed carries it.
      const provider = paymentProvider(rt)!;
      const token = new URL(data.checkout_url, site.url).searchParams.get('session')!;
      const session = provider.name === 'sandbox' ? decodeSession(provider.key, token) : null;
      expect(session?.r).toMatch(new RegExp(`^${PUBLIC}/user-center/recharge\\?order=`));
      // Paying there (with the forged Host again) links and returns the payer to the site.
      const paid = await withHost(`${site.url}/sandbox-pay/pay`, 'evil.example', {
        method: 'POST',
        body: new URLSearchParams({ session: token, outcome: 'paid' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.status).toBe(200);
      expect(paid.body).toContain(`url=${PUBLIC}/user-center/recharge?order=`);
      expect(paid.body).toContain(`href="${PUBLIC}/user-center/recharge?order=`);
      expect(paid.body).not.toContain('evil.example');

      const robots = await withHost(`${site.url}/robots.txt`, 'evil.example');
      expect(robots.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
      const sitemap = await withHost(`${site.url}/sitemap.xml`, 'evil.example');
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeGreaterThan(10);
      for (const loc of locs) expect(loc.startsWith(`${PUBLIC}/`), loc).toBe(true);
    });

    it('refuses a Host header that names no host with 400, before rendering, logging nothing', async () => {
      const written = await loggedDuring(async () => {
        for (const host of ['127.0.0.1@evil.example', 'evil.example/x', 'a b', 'x:1:2', '%2e']) {
          for (const p of ['/home', '/news', '/api/config/getCommonConfig', '/no/such/page']) {
            const res = await withHost(`${site.url}${p}`, host);
            expect(res.status, `${host} ${p}`).toBe(400);
          }
        }
      });
      expect(written).toBe('');
      // Real host names, addresses and ports still reach the pages.
      for (const host of [
        'live.example.com',
        '127.0.0.1:8080',
        '[::1]:4321',
        'localhost',
        'my_app:3000',
      ]) {
        expect((await withHost(`${site.url}/home`, host)).status, host).toBe(200);
      }
    });

    it('answers any Accept-Encoding with the page, plain or compressed as asked, logging nothing', async () => {
      /** The page and its encoding, decoded here (the body as sent). */
      const page = (acceptEncoding: string) =>
        new Promise<{ status: number; encoding: unknown; html: string }>((resolve, reject) => {
          const req = request(`${site.url}/home`, {
            headers: { 'accept-encoding': acceptEncoding },
          });
          req.on('response', (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              const encoding = res.headers['content-encoding'];
              const html =
                encoding === 'br'
                  ? brotliDecompressSync(body)
                  : encoding === 'gzip'
                    ? gunzipSync(body)
                    : body;
              resolve({ status: res.statusCode ?? 0, encoding, html: html.toString() });
            });
          });
          req.on('error', reject);
          req.end();
        });
      const cases: [string, string | undefined][] = [
        ['', undefined],
        ['identity', undefined],
        ['compress, deflate, zstd', undefined],
        ['br;q=abc', undefined],
        ['gzip;q=-1, br;q=0', undefined],
        [';;, ,;q=1,', undefined],
        ['*;q=0', undefined],
        ['GZIP', 'gzip'],
        ['br;q=0.001', 'br'],
        [`${'x;q=1, '.repeat(1_000)}gzip`, 'gzip'],
      ];
      const written = await loggedDuring(async () => {
        for (const [accept, encoding] of cases) {
          const res = await page(accept);
          expect(res.status, accept.slice(0, 40)).toBe(200);
          expect(res.encoding, accept.slice(0, 40)).toBe(encoding);
          expect(res.html, accept.slice(0, 40)).toContain('<html lang=');
        }
      });
      expect(written).toBe('');
    });

    it('refuses browser sockets from other sites, and counts them', async () => {
      const port = new URL(site.url).port;
      const refused = async () => {
        const metrics = await (await site.get('/metrics')).text();
        return Number(
          /^im_connections_refused_total\{reason="origin"\} (\d+)$/m.exec(metrics)?.[1] ?? 0,
        );
      };
      const before = await refused();
      expect(await socketWith(site.url, 'https://evil.example')).toBe(403);
      expect(await socketWith(site.url, 'null')).toBe(403);
      // Same host name, another port: another site.
      expect(await socketWith(site.url, 'http://127.0.0.1:1')).toBe(403);
      // The site on the address it listens on, under its public origin, under another of its
      // names (the Host the browser sent), and clients that are not browsers.
      expect(await socketWith(site.url, site.url)).toBe('open');
      expect(await socketWith(site.url, PUBLIC)).toBe('open');
      expect(await socketWith(`http://localhost:${port}`, `http://localhost:${port}`)).toBe('open');
      expect(await socketWith(site.url)).toBe('open');
      expect((await refused()) - before).toBe(3);
    });
  });
}
