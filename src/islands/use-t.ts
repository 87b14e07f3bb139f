/** The translator for React islands, following the locale store. */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { createI18n } from '../lib/i18n/index.ts';
import { $locale } from '../lib/stores/locale.ts';

/** Returns `t` for the current locale. */
export function useT(): TFunction {
  const locale = useStore($locale);
  return useMemo(() => createI18n(locale), [locale]);
}
