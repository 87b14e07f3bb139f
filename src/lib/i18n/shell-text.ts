/**
 * The few strings the page shell's browser code says itself (the inbox's toasts and go-live
 * card). The server renders them into every page in the page's language, `{{name}}` placeholders
 * kept, so the shell never loads the site's whole dictionary (i18next and every locale, about
 * 70 KB gzipped) for them. Changing language reloads the page, which renders them again.
 */
import type { MessageKey } from './types.ts';

/** The keys the shell needs, every one a key of the locale resources. */
export const SHELL_TEXT_KEYS = [
  'messaging.toast.private',
  'messaging.toast.live',
  'messaging.toast.watch',
  'messaging.toast.muted',
  'messaging.toast.unmuted',
  'messaging.toast.kicked',
  'messaging.openGroup',
] as const satisfies readonly MessageKey[];

export type ShellTextKey = (typeof SHELL_TEXT_KEYS)[number];

/** The shell's strings of one language, as the page carries them. */
export type ShellText = Record<ShellTextKey, string>;

/** The id of the JSON script element that carries them. */
export const SHELL_TEXT_ID = 'shell-text';

/** Fills the `{{name}}` placeholders of `template`; an unknown one is left as it is. */
export function fillText(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}
