/**
 * What the mall sells: noble titles for 30 or 90 days, chat props in packs and room tickets.
 * Prices are gold in minor units (1 gem = 100), the same figures on the server and the page.
 *
 * @example
 * const fox = mallItem('noble-1-30'); // { kind: 'noble', level: 1, days: 30, price: 30_000, ... }
 */
import { PROP_TYPE } from '../live/props.ts';
import type { Locale } from '../i18n/locale.ts';

/** A name in both site languages. */
export type MallText = Readonly<Record<Locale, string>>;

/** Noble levels on sale: 1 fox, 2 lion, 3 dragon. */
export const NOBLE_LEVELS = [1, 2, 3] as const;
/** One of NOBLE_LEVELS. */
export type NobleLevelOnSale = (typeof NOBLE_LEVELS)[number];
/** Periods a noble title is sold for, in days. */
export const NOBLE_PERIODS = [30, 90] as const;
/** One of NOBLE_PERIODS. */
export type NoblePeriod = (typeof NOBLE_PERIODS)[number];

/** Tabs of the mall page, in order. */
export const MALL_SECTIONS = ['nobles', 'props', 'tickets'] as const;
/** One of MALL_SECTIONS. */
export type MallSection = (typeof MALL_SECTIONS)[number];

interface ItemBase {
  /** Stable id sent by the buy call and kept as the ledger reference. */
  id: string;
  /** Price in gold minor units. */
  price: number;
  /** Shown name. */
  name: MallText;
}

/** A noble title: sets users.vip_level for `days`. */
export interface NobleItem extends ItemBase {
  kind: 'noble';
  level: NobleLevelOnSale;
  days: NoblePeriod;
}

/** A pack of backpack items (chat props or room tickets). */
export interface PackItem extends ItemBase {
  kind: 'pack';
  /** Backpack item type (PROP_TYPE). */
  type: number;
  /** Colour of a colourful prop (2, 3, 4); 0 otherwise. */
  propsId: number;
  /** Items in the pack. */
  count: number;
  section: 'props' | 'tickets';
}

/** Anything the mall sells. */
export type MallItem = NobleItem | PackItem;

/** Noble price for 30 days, in minor units: fox 300 gems, lion 1,200, dragon 5,000. */
export const NOBLE_MONTH_PRICE: Readonly<Record<NobleLevelOnSale, number>> = {
  1: 30_000,
  2: 120_000,
  3: 500_000,
};

/** Noble titles in both languages, the same words as the entrance banner. */
export const NOBLE_NAMES: Readonly<Record<NobleLevelOnSale, MallText>> = {
  1: { 'en-US': 'Fox Noble', 'zh-CN': '灵狐贵族' },
  2: { 'en-US': 'Lion Noble', 'zh-CN': '雄狮贵族' },
  3: { 'en-US': 'Dragon Noble', 'zh-CN': '神龙贵族' },
};

/** Entrance creature of each level, also the file name of its art under /gifts/nobles. */
export const NOBLE_ART: Readonly<Record<NobleLevelOnSale, 'fox' | 'lion' | 'dragon'>> = {
  1: 'fox',
  2: 'lion',
  3: 'dragon',
};

/** Three months cost 2.7 months: 10 % off. */
function periodPrice(level: NobleLevelOnSale, days: NoblePeriod): number {
  return days === 30 ? NOBLE_MONTH_PRICE[level] : (NOBLE_MONTH_PRICE[level] * 27) / 10;
}

const nobles: NobleItem[] = NOBLE_LEVELS.flatMap((level) =>
  NOBLE_PERIODS.map((days) => ({
    id: `noble-${level}-${days}`,
    kind: 'noble' as const,
    level,
    days,
    price: periodPrice(level, days),
    name: NOBLE_NAMES[level],
  })),
);

const COLOUR_NAMES: Readonly<Record<number, MallText>> = {
  2: { 'en-US': 'Blue chat', 'zh-CN': '蓝色彩聊' },
  3: { 'en-US': 'Pink chat', 'zh-CN': '粉色彩聊' },
  4: { 'en-US': 'Orange chat', 'zh-CN': '橙色彩聊' },
};

function pack(
  id: string,
  section: PackItem['section'],
  type: number,
  propsId: number,
  count: number,
  price: number,
  name: MallText,
): PackItem {
  return { id, kind: 'pack', section, type, propsId, count, price, name };
}

const SPEAKER: MallText = { 'en-US': 'Speaker', 'zh-CN': '喇叭' };
const TICKET: MallText = { 'en-US': 'Room ticket', 'zh-CN': '直播间门票' };

/** Every item on sale, in page order. */
export const MALL_ITEMS: readonly MallItem[] = [
  ...nobles,
  pack('speaker-5', 'props', PROP_TYPE.speaker, 0, 5, 5_000, SPEAKER),
  pack('speaker-20', 'props', PROP_TYPE.speaker, 0, 20, 18_000, SPEAKER),
  ...[2, 3, 4].flatMap((propsId) => [
    pack(
      `colorful-${propsId}-5`,
      'props',
      PROP_TYPE.colorful,
      propsId,
      5,
      2_500,
      COLOUR_NAMES[propsId]!,
    ),
    pack(
      `colorful-${propsId}-20`,
      'props',
      PROP_TYPE.colorful,
      propsId,
      20,
      9_000,
      COLOUR_NAMES[propsId]!,
    ),
  ]),
  pack('ticket-1', 'tickets', PROP_TYPE.ticket, 0, 1, 3_000, TICKET),
  pack('ticket-5', 'tickets', PROP_TYPE.ticket, 0, 5, 13_500, TICKET),
];

const byId = new Map(MALL_ITEMS.map((item) => [item.id, item]));

/** The item with this id, or undefined when it is not on sale. */
export function mallItem(id: string): MallItem | undefined {
  return byId.get(id);
}

/** The items of one tab of the page. */
export function itemsOf(section: MallSection): MallItem[] {
  return MALL_ITEMS.filter((item) =>
    section === 'nobles' ? item.kind === 'noble' : item.kind === 'pack' && item.section === section,
  );
}

/** The noble title for `level` and `days`. */
export function nobleItem(level: NobleLevelOnSale, days: NoblePeriod): NobleItem {
  return byId.get(`noble-${level}-${days}`) as NobleItem;
}

/** What a pack would cost bought as singles at its 5-pack rate, for the "save" tag; 0 when none. */
export function packSaving(item: PackItem): number {
  const base = MALL_ITEMS.find(
    (other): other is PackItem =>
      other.kind === 'pack' &&
      other.type === item.type &&
      other.propsId === item.propsId &&
      other.count < item.count,
  );
  if (!base) return 0;
  return Math.max(0, (base.price / base.count) * item.count - item.price);
}

/**
 * A price tag in gems: whole gems without decimals (every mall price is whole), otherwise two.
 * @example formatPrice(135_000) // '1,350'
 */
export function formatPrice(minor: number): string {
  if (minor % 100 === 0) return (minor / 100).toLocaleString('en-US');
  return (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
}

/**
 * Percent saved against the shorter period or the smaller pack of the same thing, rounded; 0
 * when the item is the base offer.
 * @example savingPercent(nobleItem(1, 90)) // 10
 */
export function savingPercent(item: MallItem): number {
  if (item.kind === 'noble') {
    const base = (nobleItem(item.level, 30).price * item.days) / 30;
    return Math.round((100 * (base - item.price)) / base);
  }
  const saving = packSaving(item);
  return saving > 0 ? Math.round((100 * saving) / (saving + item.price)) : 0;
}
