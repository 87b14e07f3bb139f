/** Display formatting shared by pages and islands: large numbers, wallet amounts, VIP levels. */
import type { Locale } from './i18n/locale.ts';

/**
 * Formats a count the way the spec asks: zh-CN from 10,000 as W with one decimal,
 * en-US from 1,000 as K with one decimal; smaller numbers as they are.
 * @example formatCount(23456, 'zh-CN') // '2.3W'
 */
export function formatCount(value: number, locale: Locale): string {
  const [unit, suffix] = locale === 'zh-CN' ? [10_000, 'W'] : [1_000, 'K'];
  if (Math.abs(value) < unit) return String(Math.trunc(value));
  const scaled = Math.floor((value / unit) * 10) / 10;
  return `${scaled.toFixed(1).replace(/\.0$/, '')}${suffix}`;
}

/**
 * Formats a wallet amount stored in minor units (divided by 100, two decimals, grouped).
 * @example formatMoney(1000000) // '10,000.00'
 */
export function formatMoney(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${cents}`;
}

/** VIP level zero-padded to two digits, e.g. 3 → '03'. */
export function formatVip(level: number): string {
  return String(Math.max(0, Math.trunc(level))).padStart(2, '0');
}

/** Phone shown as first 3 digits, four stars, last 4 (spec formatPhone). */
export function formatPhone(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  if (digits.length < 7) return digits;
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}
