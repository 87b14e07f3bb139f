/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Language of this request, from the `language` cookie. */
    locale: import('./lib/i18n/index.ts').Locale;
    /** Translator created for this request. */
    t: import('i18next').TFunction;
  }
}
