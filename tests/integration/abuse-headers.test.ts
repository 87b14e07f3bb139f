/**
 * Abuse: security headers on every kind of answer, absolute URLs from PUBLIC_URL whatever the
 * Host header says, and browser sockets from other sites refused.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createSession } from '../../src/server/auth/sessions.ts';
import { paymentProvider } from '../../src/server/recharge/index.ts';
import { decodeSession } from '../../src/server/recharge/sandbox.ts';
import { getRuntime } from '../../src/server/runtime.ts';
import { userIdByMobile } from './helpers.ts';
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

/** Opens a socket to /im with `origin` (or none); resolves 'open' or the HTTP status. */
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

describe('security headers, public URL and socket origins', () => {
  let site: PageServer;
  beforeAll(async () => {
    site = await startPageServer({ PUBLIC_URL: PUBLIC });
  }, 180_000);
  afterAll(async () => site?.stop());

  it('sends the security headers on pages, API, files, uploads, HLS and errors', async () => {
    const answers = [
      await site.get('/home'),
      await site.get('/news'),
      await fetch(`${site.url}/api/config/getCommonConfig`, { method: 'POST' }),
      await site.get('/og-image.svg'),
      await site.get('/uploads/2026/01/none.webp'),
      await site.get('/hls/1/index.m3u8'),
      await site.get('/no-such-page'),
      await site.get('/sandbox-pay/checkout?session=x'),
    ];
    for (const res of answers) {
      const where = res.url;
      expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
      // The sandbox checkout refuses every frame (DENY), the rest the site's own.
      expect(['SAMEORIGIN', 'DENY'], where).toContain(res.headers.get('x-frame-options'));
      expect(res.headers.get('content-security-policy'), where).toContain("frame-ancestors 'self'");
    }
    // Pages allow scripts and styles from the site only (and Astro's own inline ones by hash).
    const csp = answers[0]!.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
  });

  it('writes absolute URLs with PUBLIC_URL whatever the Host header says', async () => {
    const news = await withHost(`${site.url}/news`, 'evil.example');
    expect(news.status).toBe(200);
    expect(news.body).toContain(`<link rel="canonical" href="${PUBLIC}/news"`);
    expect(news.body).toContain(`content="${PUBLIC}/news"`);
    expect(news.body).not.toContain('evil.example');

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

    const robots = await withHost(`${site.url}/robots.txt`, 'evil.example');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
  });

  it('refuses browser sockets from other sites', async () => {
    expect(await socketWith(site.url, 'https://evil.example')).toBe(403);
    expect(await socketWith(site.url, 'null')).toBe(403);
    expect(await socketWith(site.url, site.url)).toBe('open');
    expect(await socketWith(site.url, PUBLIC)).toBe('open');
    expect(await socketWith(site.url)).toBe('open');
  });
});
