/** Per-request page context: the locale from the `language` cookie and its own i18next instance. */
import { defineMiddleware } from 'astro:middleware';
import { createI18n, LOCALE_STORAGE_KEY, toLocale } from './lib/i18n/index.ts';

/** Astro middleware: sets locals.locale and locals.t for every page. */
export const onRequest = defineMiddleware((ctx, next) => {
  const locale = toLocale(ctx.cookies.get(LOCALE_STORAGE_KEY)?.value);
  ctx.locals.locale = locale;
  ctx.locals.t = createI18n(locale);
  return next();
});
