/**
 * Text the server refuses anywhere: control characters (which the database partly refuses, NUL
 * among them, and which can hide or reorder text on screen) and lone UTF-16 surrogates (not
 * valid UTF-8, refused by PostgreSQL).
 */
import { isBlankNotEmpty } from '../rules/text.ts';
const LONE_SURROGATE =
  '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
/** C0 and C1 controls and DEL. */
const ANY_CONTROL = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f]|${LONE_SURROGATE}`);
/** The same, but tab and line breaks, which multi-line text (feedback, notes) may hold. */
const CONTROL_BUT_LINES = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]|${LONE_SURROGATE}`,
);

/** True when `text` holds a control character or a lone surrogate (tab and line breaks too unless `lines`). */
export function hasControlCharacter(text: string, lines = false): boolean {
  return (lines ? CONTROL_BUT_LINES : ANY_CONTROL).test(text);
}

/** The path of the first string in `value` (any depth) that holds a control character, or null. */
export function findControlText(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === 'string') return hasControlCharacter(value, true) ? path.join('.') : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hasControlCharacter(key, true)) return [...path, key].join('.');
    const found = findControlText(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A refinement for every text field: text that holds something must show something (a
 * zero-width space or a braille blank alone is refused, the empty string is left to the field).
 */
export function showsSomething(text: string): boolean {
  return !isBlankNotEmpty(text);
}

/** `text` with its control characters and lone surrogates taken out (for lenient inputs: search). */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(ANY_CONTROL.source, 'g'), '');
}
