/**
 * How a nickname is read before it is checked and stored: the compatibility form (NFKC, so
 * fullwidth ａｄｍｉｎ is admin), invisible characters out (emoji joiners kept), spaces trimmed
 * and collapsed. The words only staff may wear are listed here; src/server/users/nickname-key.ts
 * compares them, and other users' names, by their confusable skeleton.
 */
import { withoutAnyInvisible, withoutInvisible } from './text.ts';

/** Words only staff may wear: a nickname holding one would pass for the platform speaking. */
export const STAFF_WORDS = [
  'admin',
  'official',
  'moderator',
  'staff',
  'system',
  'support',
  '客服',
  '官方',
  '管理员',
  '管理',
  '系统',
  '房管',
  '超管',
  '运营',
] as const;

/** The nickname as it is stored: NFKC, no invisible characters, spaces trimmed and collapsed. */
export function normaliseNickname(value: string): string {
  return withoutInvisible(value.normalize('NFKC')).trim().replace(/\s+/g, ' ');
}

/**
 * The letters of a nickname that a reader compares: lower case, with invisible characters,
 * spaces, punctuation and symbols out (客 服, ad.min and ad_min read as 客服 and admin).
 */
export function nicknameLetters(value: string): string {
  return withoutAnyInvisible(value.normalize('NFKC'))
    .toLowerCase()
    .replace(/[\p{P}\p{S}\p{Z}]/gu, '');
}

/** True when the nickname plainly holds a staff word (the browser's early check). */
export function hasStaffWord(value: string): boolean {
  const letters = nicknameLetters(value);
  return STAFF_WORDS.some((word) => letters.includes(word));
}
