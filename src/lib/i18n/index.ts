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
import { SHELL_TEXT_KEYS, type ShellText } from './shell-text.ts';
import type { MessageKey } from './types.ts';

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

/** The message of `key` in `locale` as written, placeholders not filled (en-US when missing). */
export function rawMessage(locale: Locale, key: MessageKey): string {
  const read = (resource: unknown): unknown =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
        resource,
      );
  const found = read(resources[locale].translation) ?? read(enUS);
  return typeof found === 'string' ? found : key;
}

/** The page shell's strings in `locale`, for the page to carry (see shell-text.ts). */
export function shellText(locale: Locale): ShellText {
  return Object.fromEntries(
    SHELL_TEXT_KEYS.map((key) => [key, rawMessage(locale, key)]),
  ) as ShellText;
}
