/**
 * Nicknames compared as a reader sees them: the confusable skeleton of Unicode's security
 * mechanisms (UTS #39, its confusables table as the unhomoglyph package ships it) over the
 * normalised, lower-cased letters, so Cyrillic аdmin, SkyRıder with a dotless i and ad​min with
 * a zero-width space compare equal to admin and SkyRider.
 */
import unhomoglyph from 'unhomoglyph';
import { nicknameLetters, STAFF_WORDS } from '../../lib/rules/nickname.ts';
import { withoutAnyInvisible } from '../../lib/rules/text.ts';

/** UTS #39 skeleton: decomposed, each character by its prototype, decomposed again. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * The key two nicknames share when they look alike: the skeleton of the lower-cased name
 * without invisible characters and spaces, lower-cased again (the table maps 0 to O).
 */
export function nicknameKey(nickName: string): string {
  const plain = withoutAnyInvisible(nickName.normalize('NFKC')).toLowerCase();
  return skeleton(plain).toLowerCase();
}

const STAFF_KEYS = STAFF_WORDS.map((word) => skeleton(word).toLowerCase());

/** True when the nickname holds a staff word or a look-alike of one. */
export function looksLikeStaff(nickName: string): boolean {
  const key = skeleton(nicknameLetters(nickName)).toLowerCase();
  return STAFF_KEYS.some((word) => key.includes(word));
}

/** Names given to new accounts (Fan and four digits), whose keys are not kept unique. */
export const GENERATED_NICKNAME = /^Fan\d{4}$/;

/** True when a chosen name would look like a generated one (FanOO42 as Fan0042 too). */
export function looksGenerated(nickName: string): boolean {
  return /^fan[\dol]{4}$/.test(nicknameKey(nickName));
}
