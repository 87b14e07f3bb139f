/** The chosen locale: local storage `language`, mirrored in a cookie so server pages match. */
import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, toLocale, type Locale } from '../i18n/locale.ts';

/** Current locale of the page. */
export const $locale = persistentAtom<Locale>(LOCALE_STORAGE_KEY, DEFAULT_LOCALE, {
  encode: (v) => v,
  decode: (v) => toLocale(v),
});

/** Writes the locale cookie for one year. */
export function writeLocaleCookie(locale: Locale): void {
  document.cookie = `${LOCALE_STORAGE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** Switches language and reloads so server-rendered text follows. */
export function switchLocale(locale: Locale): void {
  $locale.set(locale);
  writeLocaleCookie(locale);
  location.reload();
}

/**
 * Keeps the cookie and local storage in agreement on page load: the page was rendered in
 * `rendered` (from the cookie); a local-storage choice without a cookie wins and reloads once.
 */
export function syncLocale(rendered: Locale): void {
  const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  const hasCookie = document.cookie.split('; ').some((c) => c.startsWith(`${LOCALE_STORAGE_KEY}=`));
  if (stored && !hasCookie && toLocale(stored) !== rendered) {
    writeLocaleCookie(toLocale(stored));
    location.reload();
    return;
  }
  if (toLocale(stored) !== rendered || !stored) $locale.set(rendered);
  writeLocaleCookie(rendered);
}
