/** Locale names and conversions, without i18next, for code that only needs to know the locale. */

/** Locales the product speaks. */
export const LOCALES = ['en-US', 'zh-CN'] as const;
/** One of LOCALES. */
export type Locale = (typeof LOCALES)[number];
/** Locale used when nothing else is known. */
export const DEFAULT_LOCALE: Locale = 'en-US';
/** Name of the local-storage key and cookie that hold the chosen locale. */
export const LOCALE_STORAGE_KEY = 'language';

/** Narrows any string to a Locale, falling back to the default. */
export function toLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE;
  const v = value.trim().toLowerCase().replace('_', '-');
  if (v === 'zh-cn' || v === 'zh') return 'zh-CN';
  return DEFAULT_LOCALE;
}

/** The `lang` header value of a locale (spec: zh_cn or en). */
export function toApiLang(locale: Locale): 'zh_cn' | 'en' {
  return locale === 'zh-CN' ? 'zh_cn' : 'en';
}

/** Reads a `lang` header value (zh_cn, en, zh-CN ...) into a Locale. */
export function fromApiLang(value: string | null | undefined): Locale {
  return toLocale(value);
}
