/** Formatting of the anchor centre's figures: site-zone dates and times, durations, gems. */
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../lib/format.ts';
import { siteDay, siteTime } from '../../../lib/time.ts';

/** MM-DD HH:mm in the site's time zone, from unix seconds. */
export function shortWhen(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${siteDay(d).slice(5)} ${siteTime(d)}`;
}

/** YYYY-MM-DD HH:mm in the site's time zone, from unix seconds. */
export function fullWhen(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${siteDay(d)} ${siteTime(d)}`;
}

/** A duration in seconds as hours and minutes. */
export function duration(t: TFunction, seconds: number): string {
  const m = Math.floor(seconds / 60);
  return m >= 60
    ? t('studio.centre.duration', { h: Math.floor(m / 60), m: m % 60 })
    : t('studio.centre.durationMin', { m });
}

/** Minor units as gems with two decimals. */
export const gems = formatMoney;

/** Minor units as whole gems for chart axes. */
export function gemsShort(minor: number): string {
  return Math.round(minor / 100).toLocaleString('en-US');
}
