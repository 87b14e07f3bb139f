/**
 * The content pages as a visitor's browser gets them: server-rendered text in both languages from
 * the Markdown collections, SEO tags, CDN cache headers, no global header on agreements, and
 * unknown ids sent home.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/lib/i18n/index.ts';
import { startPageServer, type PageServer } from './page-server.ts';

/** Pages and text each must show, per language (from the Markdown files and the UI strings). */
const PAGES: { path: string; text: Record<Locale, string[]> }[] = [
  {
    path: '/notice',
    text: {
      'en-US': ['Notices', 'Scheduled maintenance on 5 November', 'Pinned', 'What is new'],
      'zh-CN': ['公告', '系统维护公告', '置顶', '主播招募'],
    },
  },
  {
    path: '/help',
    text: {
      'en-US': ['Help centre', 'Account and login', 'How do I recharge gems?', 'Still need help?'],
      'zh-CN': ['帮助中心', '账号与登录', '如何充值宝石？', '仍需要帮助？'],
    },
  },
  {
    path: '/protocol/1/web',
    text: {
      'en-US': ['ArenaLive User Agreement', 'Effective 2026-09-01', 'Other agreements'],
      'zh-CN': ['竞技直播用户协议', '生效日期：2026-09-01', '其他协议'],
    },
  },
  {
    path: '/protocol/3/android',
    text: {
      'en-US': ['ArenaLive Live-Streaming Agreement'],
      'zh-CN': ['竞技直播直播协议'],
    },
  },
  {
    path: '/privacy/1',
    text: { 'en-US': ['ArenaLive Privacy Policy'], 'zh-CN': ['竞技直播隐私政策'] },
  },
  {
    path: '/about/1',
    text: { 'en-US': ['About ArenaLive', 'In numbers'], 'zh-CN': ['关于竞技直播'] },
  },
  {
    path: '/about/2',
    text: { 'en-US': ['Contact us', 'support@arenalive.example'], 'zh-CN': ['联系我们'] },
  },
  {
    path: '/about/4',
    text: { 'en-US': ['Business cooperation'], 'zh-CN': ['商务合作'] },
  },
  {
    path: '/activity',
    text: {
      'en-US': ['Events', 'November Check-in Marathon', 'Event period'],
      'zh-CN': ['活动', '十一月签到马拉松', '活动时间'],
    },
  },
  {
    path: '/activity_details/3',
    text: {
      'en-US': ['Winter Invitational Prediction Challenge', '2026-12-01 00:00', 'GMT+8'],
      'zh-CN': ['冬季邀请赛预测挑战', '2026-12-13 23:59'],
    },
  },
  {
    path: '/urgent',
    text: {
      'en-US': ['Urgent notice', 'This is a scam.', 'Issued 2026-10-30'],
      'zh-CN': ['紧急公告', '这是诈骗。', '发布于 2026-10-30'],
    },
  },
  {
    path: '/certificate1',
    text: {
      'en-US': [
        'Business licence',
        '91310115DEMO20190X',
        'Long-term',
        '/content/certificates/1.svg',
      ],
      'zh-CN': ['营业执照', '上海竞技直播网络科技有限公司', '长期'],
    },
  },
  {
    path: '/certificate2',
    text: {
      'en-US': ['Network culture operation licence', '2029-02-28'],
      'zh-CN': ['网络文化经营许可证', '沪网文〔2026〕DEMO-088号'],
    },
  },
];

/** Content of `<meta property|name="key" content="...">` or undefined. */
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
}

/** The href of the canonical link. */
function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
}

/** GET `url` with these headers, the body as sent (fetch would decode it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Start and end of each activity, read from its en-US file. */
function activityDates(): Map<string, { start: number; end: number }> {
  const dir = 'src/content/activities/en-US';
  const dates = new Map<string, { start: number; end: number }>();
  for (const file of readdirSync(dir)) {
    const text = readFileSync(`${dir}/${file}`, 'utf8');
    const at = (key: string) => Date.parse(new RegExp(`^${key}: (.+)$`, 'm').exec(text)![1]!);
    dates.set(file.replace(/\.md$/, ''), { start: at('start'), end: at('end') });
  }
  return dates;
}

describe('content pages', () => {
  let site: PageServer;
  beforeAll(async () => {
    site = await startPageServer();
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`render their text with SEO tags in ${locale}`, async () => {
      for (const { path, text } of PAGES) {
        const res = await site.get(path, locale);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control'), path).toMatch(/s-maxage=\d+/);
        const html = await res.text();
        expect(html, path).toContain(`<html lang="${locale}"`);
        for (const snippet of text[locale]) expect(html, `${path}: ${snippet}`).toContain(snippet);
        expect(meta(html, 'description')?.length ?? 0, path).toBeGreaterThan(10);
        expect(meta(html, 'og:title'), path).toBeTruthy();
        expect(meta(html, 'og:locale'), path).toBe(locale.replace('-', '_'));
        expect(canonical(html), path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        // No script of their own: only the shell's module.
        expect(html.match(/<script type="module" src=/g)?.length, path).toBe(1);
      }
    });
  }

  it('answers a page again from memory exactly as it was rendered, in each language', async () => {
    const seen = (res: Response) =>
      [...res.headers].filter(([name]) => name !== 'date' && name !== 'x-page-cache');
    for (const locale of ['en-US', 'zh-CN'] as const) {
      // A query nobody has asked for, so the first answer is rendered.
      const path = `/help?from=cache-check-${locale}`;
      const rendered = await site.get(path, locale);
      const remembered = await site.get(path, locale);
      expect(rendered.headers.get('x-page-cache')).toBe('miss');
      expect(remembered.headers.get('x-page-cache')).toBe('hit');
      expect(remembered.status).toBe(200);
      expect(seen(remembered)).toEqual(seen(rendered));
      const html = await remembered.text();
      expect(html).toBe(await rendered.text());
      expect(html).toContain(`<html lang="${locale}"`);
    }
  });

  it('sends a page compressed to a browser that accepts it, whether rendered or remembered', async () => {
    const url = `${site.url}/home?from=encoding-check`;
    const cookie = 'language=zh-CN';
    // The first answer is rendered (the query is new), the ones after it come from memory.
    const plain = await rawGet(url, { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/);
    const html = plain.body.toString();
    expect(html).toContain('<html lang="zh-CN"');
    const chrome = await rawGet(url, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(chrome.headers['x-page-cache']).toBe('hit');
    expect(chrome.headers['content-encoding']).toBe('br');
    expect(chrome.headers['vary']).toMatch(/Accept-Encoding/);
    expect(Number(chrome.headers['content-length'])).toBe(chrome.body.byteLength);
    // A quarter of the markup or less crosses the network.
    expect(chrome.body.byteLength).toBeLessThan(plain.body.byteLength / 4);
    expect(brotliDecompressSync(chrome.body).toString()).toBe(html);
    const older = await rawGet(url, { cookie, 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(older.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(older.body).toString()).toBe(html);
    // The live room, kept for 2 s, and a ticket room, rendered for each request (the cache does
    // not keep it), go compressed too.
    for (const room of ['/liveMatchesTwo/100003', '/liveMatchesTwo/100009']) {
      const res = await rawGet(`${site.url}${room}`, { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding'], room).toBe('br');
      expect(brotliDecompressSync(res.body).toString(), room).toContain('class="player"');
    }
  });

  it('lists notices pinned first, then newest first, each with an anchor', async () => {
    const html = await site.html('/notice');
    const order = [...html.matchAll(/<article[^>]*id="notice-(\w+)"/g)].map((m) => m[1]);
    expect(order).toEqual(['1', '2', '3', '4']);
    for (const id of order) expect(html).toContain(`href="#notice-${id}"`);
  });

  it('groups help articles by category with a table of contents of anchors', async () => {
    const html = await site.html('/help', 'zh-CN');
    const articles = [...html.matchAll(/<article[^>]*id="help-(\d+)"/g)].map((m) => m[1]);
    expect(articles.sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    for (const id of articles) expect(html).toContain(`href="#help-${id}"`);
    for (const category of ['account', 'wallet', 'live', 'anchor', 'community']) {
      expect(html).toContain(`id="help-${category}"`);
    }
    expect(html.indexOf('id="help-account"')).toBeLessThan(html.indexOf('id="help-community"'));
  });

  it('hides the global header on agreements and points every channel at one canonical URL', async () => {
    for (const path of ['/protocol/1/web', '/protocol/1/ios', '/privacy/1']) {
      const html = await site.html(path);
      expect(html, path).not.toContain('data-site-header');
      expect(html, path).not.toContain('class="site-footer"');
      expect(html, path).toContain('data-doc-bar');
      expect(meta(html, 'og:type'), path).toBe('article');
    }
    expect(canonical(await site.html('/protocol/1/ios'))).toMatch(/\/protocol\/1\/web$/);
    expect(canonical(await site.html('/protocol/2/web'))).toMatch(/\/privacy\/1$/);
    expect(await site.html('/notice')).toContain('data-site-header');
  });

  it('shows each activity in the state its dates give', async () => {
    const html = await site.html('/activity');
    const now = Date.now();
    for (const [id, { start, end }] of activityDates()) {
      const state = now < start ? 'upcoming' : now > end ? 'ended' : 'running';
      const card = new RegExp(`data-activity="${id}"[\\s\\S]*?data-state="(\\w+)"`).exec(html);
      expect(card?.[1], `activity ${id}`).toBe(state);
    }
  });

  it('keeps /about/3 as the feedback form', async () => {
    const html = await site.html('/about/3', 'zh-CN');
    expect(html).toContain('data-feedback-form');
    expect(html).toContain('意见反馈');
  });

  it('sends unknown ids and channels home with a 302', async () => {
    for (const path of [
      '/protocol/9/web',
      '/protocol/abc/web',
      '/protocol/1/not%20a%20channel',
      '/privacy/2',
      '/privacy/toString',
      '/about/9',
      '/about/abc',
      '/activity_details/99',
      '/activity_details/abc',
    ]) {
      const res = await site.get(path, 'zh-CN');
      expect(res.status, path).toBe(302);
      expect(new URL(res.headers.get('location') ?? '', site.url).pathname, path).toBe('/home');
    }
  });

  it('lists the content pages in the sitemap', async () => {
    const xml = await (await site.get('/sitemap.xml')).text();
    for (const path of ['/help', '/notice', '/privacy/1', '/protocol/3/web', '/certificate2']) {
      expect(xml, path).toContain(`${site.url}${path}</loc>`);
    }
    expect(xml).toContain('/activity_details/1</loc>');
    expect(xml).toContain('/news_detail/1</loc>');
  });
});
