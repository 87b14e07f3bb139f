import { beforeEach, describe, expect, it } from 'vitest';
import { cachedPage, clearPageCache, freshPage, sharedMaxAge } from './page-cache.ts';

const page = (body: string, cacheControl?: string, status = 200) =>
  new Response(body, { status, headers: cacheControl ? { 'cache-control': cacheControl } : {} });

describe('page cache', () => {
  beforeEach(() => clearPageCache());

  it('reads s-maxage and ignores private or no-store responses', () => {
    expect(sharedMaxAge('public, max-age=0, s-maxage=5')).toBe(5);
    expect(sharedMaxAge('private, s-maxage=5')).toBe(0);
    expect(sharedMaxAge('no-store')).toBe(0);
    expect(sharedMaxAge(null)).toBe(0);
  });

  it('serves a cacheable page from memory until it expires', async () => {
    let renders = 0;
    const render = () => Promise.resolve(page(`v${++renders}`, 's-maxage=5'));
    const first = await cachedPage('k', render, 0);
    expect(await first.text()).toBe('v1');
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const second = await cachedPage('k', render);
    expect(await second.text()).toBe('v1');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(new TextDecoder().decode(freshPage('k')?.body)).toBe('v1');
    expect(freshPage('k', Date.now() + 6000)).toBeUndefined();
    // An entry of another shape (stored by a site built from other sources) is not handed out.
    const entry = freshPage('k')!;
    (entry as { body: unknown }).body = 'v1';
    expect(freshPage('k')).toBeUndefined();
    const later = await cachedPage('k', render, Date.now() + 6000);
    expect(await later.text()).toBe('v2');
  });

  it('renders once for concurrent misses', async () => {
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 20));
      return page('same', 's-maxage=5');
    };
    const bodies = await Promise.all(
      Array.from({ length: 10 }, () => cachedPage('c', render).then((r) => r.text())),
    );
    expect(renders).toBe(1);
    expect(new Set(bodies)).toEqual(new Set(['same']));
  });

  it('never keeps errors, redirects, cookies or uncacheable pages', async () => {
    let renders = 0;
    const cases = [
      () => page('x'),
      () => page('x', 's-maxage=5', 500),
      () =>
        new Response(null, {
          status: 302,
          headers: { location: '/home', 'cache-control': 's-maxage=5' },
        }),
      () => new Response('x', { headers: { 'cache-control': 's-maxage=5', 'set-cookie': 'a=b' } }),
    ];
    for (const [i, make] of cases.entries()) {
      await cachedPage(`n${i}`, () => (renders++, Promise.resolve(make())));
      await cachedPage(`n${i}`, () => (renders++, Promise.resolve(make())));
    }
    expect(renders).toBe(cases.length * 2);
  });
});
