/** The shell's own strings, read once from the page that carries them (lib/i18n/shell-text.ts). */
import {
  fillText,
  SHELL_TEXT_ID,
  type ShellText,
  type ShellTextKey,
} from '../../lib/i18n/shell-text.ts';

let text: Partial<ShellText> | undefined;

/** The string `key` of the page's language with `values` filled in (the key if the page has none). */
export function shellT(key: ShellTextKey, values?: Record<string, string>): string {
  if (!text) {
    try {
      text = JSON.parse(
        document.getElementById(SHELL_TEXT_ID)?.textContent ?? '{}',
      ) as Partial<ShellText>;
    } catch {
      text = {};
    }
  }
  return fillText(text[key] ?? key, values);
}
