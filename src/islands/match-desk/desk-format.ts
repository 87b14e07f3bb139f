/** Small helpers of the match desk's forms: Beijing-time inputs and names in the UI language. */
import type { Locale } from '../../lib/i18n/locale.ts';
import { SITE_UTC_OFFSET_MIN } from '../../lib/time.ts';

const OFFSET_MS = SITE_UTC_OFFSET_MIN * 60_000;

/** An ISO time as a datetime-local value in Beijing time (YYYY-MM-DDTHH:mm). */
export function toSiteInput(iso: string): string {
  return new Date(Date.parse(iso) + OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value in Beijing time as an ISO time; '' when empty or unreadable. */
export function fromSiteInput(value: string): string {
  const ms = Date.parse(`${value}:00Z`);
  return Number.isFinite(ms) ? new Date(ms - OFFSET_MS).toISOString() : '';
}

/** Today in Beijing time (YYYY-MM-DD). */
export function siteToday(): string {
  return new Date(Date.now() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The name in the UI language. */
export function nameIn(locale: Locale, thing: { name_zh: string; name_en: string }): string {
  return locale === 'zh-CN' ? thing.name_zh : thing.name_en;
}

/** Whole minutes since kick-off, from 0 to 120 (what a new line's minute starts at). */
export function minutesSince(kickOff: string, now = Date.now()): number {
  return Math.min(120, Math.max(0, Math.floor((now - Date.parse(kickOff)) / 60_000)));
}
