/** Per-request page context (locale from the `language` cookie, its own i18next) and the page cache. */
import { defineMiddleware } from 'astro:middleware';
import { createI18n, LOCALE_STORAGE_KEY, toLocale } from './lib/i18n/index.ts';
import { preferredEncoding } from './server/pages/encoding.ts';
import { cachedPage, pageKey } from './server/pages/page-cache.ts';

/** Cache policy of pages that set none: shared for 30 s, then refreshed in the background by a CDN. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';

/**
 * Astro middleware: sets locals.locale and locals.t, serves cacheable pages from memory, and sends
 * pages compressed to browsers that accept it.
 */
export const onRequest = defineMiddleware((ctx, next) => {
  const locale = toLocale(ctx.cookies.get(LOCALE_STORAGE_KEY)?.value);
  ctx.locals.locale = locale;
  // Created on first use: pages served from the cache never need a translator.
  let t: ReturnType<typeof createI18n> | undefined;
  Object.defineProperty(ctx.locals, 't', {
    get: () => (t ??= createI18n(locale)),
    configurable: true,
  });
  if (import.meta.env.DEV || ctx.request.method !== 'GET') return next();
  const key = pageKey(locale, ctx.url, ctx.request.headers.get('user-agent'));
  return cachedPage(
    key,
    async () => {
      const response = await next();
      if (response.status === 200 && !response.headers.has('cache-control')) {
        response.headers.set('cache-control', DEFAULT_CACHE_CONTROL);
      }
      return response;
    },
    Date.now(),
    preferredEncoding(ctx.request.headers.get('accept-encoding')),
  );
});
