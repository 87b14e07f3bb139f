import type { MessageKey } from '../../lib/i18n/types.ts';

/** The strings /mall renders for its island (templates keep their `{{name}}` placeholders). */
export interface MallText {
  none: string;
  until: string;
  forever: string;
  days: string;
  gems: string;
  getNoble: string;
  getPack: string;
  nobleNew: string;
  nobleExtend: string;
  nobleUpgrade: string;
  lower: string;
  permanent: string;
  short: string;
  pay: string;
  paying: string;
  confirmTitle: string;
  doneTitle: string;
  refusedTitle: string;
  doneNoble: string;
  donePack: string;
  toBackpack: string;
  toLive: string;
}

/** Keys of MallText and the translation each comes from. */
export const MALL_TEXT_KEYS = {
  none: 'mall.me.none',
  until: 'mall.me.until',
  forever: 'mall.me.forever',
  days: 'mall.nobles.days',
  gems: 'mall.gems',
  getNoble: 'mall.dialog.getNoble',
  getPack: 'mall.dialog.getPack',
  nobleNew: 'mall.dialog.nobleNew',
  nobleExtend: 'mall.dialog.nobleExtend',
  nobleUpgrade: 'mall.dialog.nobleUpgrade',
  lower: 'mall.errors.lower',
  permanent: 'mall.errors.permanent',
  short: 'mall.dialog.short',
  pay: 'mall.dialog.pay',
  paying: 'mall.dialog.paying',
  confirmTitle: 'mall.dialog.confirmTitle',
  doneTitle: 'mall.dialog.doneTitle',
  refusedTitle: 'mall.dialog.refusedTitle',
  doneNoble: 'mall.dialog.doneNoble',
  donePack: 'mall.dialog.donePack',
  toBackpack: 'mall.dialog.toBackpack',
  toLive: 'mall.dialog.toLive',
} as const satisfies Record<keyof MallText, MessageKey>;

/** Reads the strings from the JSON script inside `root`. */
export function readMallText(root: HTMLElement): MallText {
  const el = root.querySelector('script[data-text]');
  return JSON.parse(el?.textContent ?? '{}') as MallText;
}

/** Fills `{{name}}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
