/**
 * What counts as showing nothing, for every text a user sends (chat, barrage, messages, quiz
 * questions, announcements, nicknames, feedback, titles …): text made only of characters that
 * leave no mark on screen is empty, whatever its length. The browser's forms and the server use
 * this one check.
 */

/**
 * Characters that show nothing on their own: Unicode's default-ignorable code points (zero-width
 * and direction marks, joiners, variation selectors, tag characters, Hangul fillers, U+180B …),
 * every format character (Cf: U+0600 Arabic number sign, U+13430 Egyptian format controls,
 * U+1D173 musical beams, U+1BCA0 shorthand controls …), white space, controls and the braille
 * blank U+2800, which fonts draw as an empty cell.
 */
const INVISIBLE_CLASS =
  '[\\p{Default_Ignorable_Code_Point}\\p{Cf}\\p{White_Space}\\p{Cc}\\s\\u2800\\u3164\\uffa0\\u115f\\u1160]';
const INVISIBLE_CHAR = new RegExp(`^${INVISIBLE_CLASS}$`, 'u');
const ALL_INVISIBLE = new RegExp(`^${INVISIBLE_CLASS}*$`, 'u');
const INVISIBLE_ANYWHERE = new RegExp(INVISIBLE_CLASS, 'gu');

/** True when the one character `char` leaves no mark on screen. */
export function isInvisible(char: string): boolean {
  return INVISIBLE_CHAR.test(char);
}

/** True when `text` shows nothing: empty, or only spaces and invisible characters. */
export function isBlank(text: string): boolean {
  return ALL_INVISIBLE.test(text);
}

/** True when `text` holds something but shows nothing (the empty string is not blank here). */
export function isBlankNotEmpty(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && isBlank(trimmed);
}

const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
/** Skin tones and the emoji presentation selector, which may sit between an emoji and a joiner. */
const EMOJI_TAIL = /^[\u{1f3fb}-\u{1f3ff}\ufe0f]$/u;
const TAG = /^[\u{e0020}-\u{e007f}]$/u;

/** True when the invisible character at `i` is part of an emoji or gives a glyph its style. */
function partOfGlyph(chars: string[], i: number): boolean {
  const char = chars[i]!;
  // ❤️, 1️⃣: a variation selector after a visible character chooses how it is drawn.
  if (char === '\ufe0e' || char === '\ufe0f') return i > 0 && !isInvisible(chars[i - 1]!);
  // 👨‍👩‍👧: a joiner between two emoji (each maybe with a skin tone or selector) makes one.
  if (char === '\u200d') {
    let before = i - 1;
    while (before >= 0 && EMOJI_TAIL.test(chars[before]!)) before -= 1;
    return before >= 0 && PICTOGRAPH.test(chars[before]!) && PICTOGRAPH.test(chars[i + 1] ?? '');
  }
  // 🏴 followed by tag letters is a regional flag (England, Scotland, Wales).
  if (TAG.test(char)) {
    let before = i - 1;
    while (before >= 0 && TAG.test(chars[before]!)) before -= 1;
    return before >= 0 && chars[before] === '\u{1f3f4}';
  }
  return false;
}

/**
 * `text` without the invisible characters that are not part of an emoji or a glyph's style;
 * spaces are kept (`keepSpaces`) as ordinary spaces, or dropped.
 */
export function withoutInvisible(text: string, keepSpaces = true): string {
  const chars = Array.from(text);
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i]!;
    if (!isInvisible(char) || partOfGlyph(chars, i)) out += char;
    else if (keepSpaces && /^\s$/u.test(char)) out += ' ';
  }
  return out;
}

/** `text` without any invisible character at all, emoji joiners and selectors included. */
export function withoutAnyInvisible(text: string): string {
  return text.replace(INVISIBLE_ANYWHERE, '');
}

/**
 * The path of the first string in `value` (any depth) that holds something but shows nothing
 * once trimmed, or null. Plain spaces are not counted: fields trim them away as before.
 */
export function findBlankText(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === 'string') return isBlankNotEmpty(value) ? path.join('.') : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findBlankText(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
