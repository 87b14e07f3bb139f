/**
 * The site's clock for schedules: days and kick-off times are shown in one time zone
 * (Beijing time, UTC+8), so a cached page reads the same for everyone and a "day" of matches
 * is the same day for every visitor.
 */

/** IANA name of the site's time zone. */
export const SITE_TIME_ZONE = 'Asia/Shanghai';
/** Its offset from UTC in minutes (no daylight saving). */
export const SITE_UTC_OFFSET_MIN = 8 * 60;
/** Label shown next to times. */
export const SITE_TIME_LABEL = 'GMT+8';

const DAY_MS = 24 * 3600 * 1000;

/** The site-zone calendar day of `date` as YYYY-MM-DD. */
export function siteDay(date: Date): string {
  return new Date(date.getTime() + SITE_UTC_OFFSET_MIN * 60_000).toISOString().slice(0, 10);
}

/** True for a well-formed YYYY-MM-DD that is a real date. */
export function isDayString(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** [start, end) instants of a site-zone day given as YYYY-MM-DD. */
export function siteDayRange(day: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - SITE_UTC_OFFSET_MIN * 60_000);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The day `offset` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** Kick-off time HH:mm in the site zone. */
export function siteTime(date: Date): string {
  return new Date(date.getTime() + SITE_UTC_OFFSET_MIN * 60_000).toISOString().slice(11, 16);
}

/** Whole seconds since the Unix epoch at `date`, rounded down: the unit of the API's times. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
