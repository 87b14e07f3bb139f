/**
 * i18next for zh-CN and en-US (fallback en-US). One instance per request on the server,
 * one per page in the browser; never a shared instance switched between requests.
 */
import i18next, { type TFunction } from 'i18next';
import { enUS } from './locales/en-US/index.ts';
import { zhCN } from './locales/zh-CN/index.ts';

export type { MessageKey, Resource } from './types.ts';

export {
  DEFAULT_LOCALE,
  fromApiLang,
  LOCALE_STORAGE_KEY,
  LOCALES,
  toApiLang,
  toLocale,
  type Locale,
} from './locale.ts';
import type { Locale } from './locale.ts';

const resources = {
  'en-US': { translation: enUS },
  'zh-CN': { translation: zhCN },
};

/** Creates an initialised, synchronous i18next instance for one locale. */
export function createI18n(locale: Locale): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en-US',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t;
}
