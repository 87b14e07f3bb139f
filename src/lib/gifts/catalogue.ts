/**
 * The gift catalogue: every gift a viewer can send, as plain data. The server seeds its gifts
 * table from `GIFTS`; the browser's gift stage finds a gift's art and animation here. Icons and
 * art are drawn by `scripts/gift-art/` into `public/gifts/` (see docs/gifts.md).
 */
import type { GiftAnimationType } from '../realtime/protocol/index.ts';

/** Locales a gift name is written in. */
export type GiftLocale = 'en-US' | 'zh-CN';

/** Animation keys the gift stage knows how to play (one drawing routine each). */
export const GIFT_ANIMATIONS = [
  'football',
  'air-horn',
  'flare',
  'golden-boot',
  'stadium-wave',
  'fireworks',
  'trophy',
  'rocket',
  'crown',
] as const;

/** One of the stage's animation keys. */
export type GiftAnimationKey = (typeof GIFT_ANIMATIONS)[number];

/** One gift of the catalogue. */
export interface GiftDefinition {
  /** Gift id (`giftid` on the wire), 1..n, stable forever: records and ledgers keep it. */
  id: number;
  /** Short machine name; also the icon's file name. */
  key: string;
  /** Display name per locale. */
  name: Record<GiftLocale, string>;
  /** Price of one gift in minor units of `currency` (100 = one gem on screen). */
  price: number;
  /** Balance the price is paid from: gold, shown as gems. */
  currency: 'gold';
  /** Public URL of the gift's SVG icon (gift panel, chat line, stage caption). */
  icon: string;
  /** Animation key of the gift stage; '' when `animat_type` is 0. */
  animation: GiftAnimationKey | '';
  /** 0 icon only (shown in chat), 1 a canvas animation on the gift stage over the player. */
  animat_type: GiftAnimationType;
  /** True when the gift panel offers a combo (send again within 3 s to raise `hit`). */
  comboable: boolean;
}

/** Public folder of the gift art. */
export const GIFT_ART_BASE = '/gifts';

const icon = (key: string): string => `${GIFT_ART_BASE}/${key}.svg`;

/** Every gift, cheapest first. */
export const GIFTS: readonly GiftDefinition[] = [
  {
    id: 1,
    key: 'whistle',
    name: { 'en-US': 'Whistle', 'zh-CN': '哨子' },
    price: 100,
    currency: 'gold',
    icon: icon('whistle'),
    animation: '',
    animat_type: 0,
    comboable: true,
  },
  {
    id: 2,
    key: 'foam-finger',
    name: { 'en-US': 'Foam Finger', 'zh-CN': '加油手' },
    price: 100,
    currency: 'gold',
    icon: icon('foam-finger'),
    animation: '',
    animat_type: 0,
    comboable: true,
  },
  {
    id: 3,
    key: 'scarf',
    name: { 'en-US': 'Team Scarf', 'zh-CN': '球迷围巾' },
    price: 500,
    currency: 'gold',
    icon: icon('scarf'),
    animation: '',
    animat_type: 0,
    comboable: true,
  },
  {
    id: 4,
    key: 'football',
    name: { 'en-US': 'Football', 'zh-CN': '足球' },
    price: 1_000,
    currency: 'gold',
    icon: icon('football'),
    animation: 'football',
    animat_type: 1,
    comboable: true,
  },
  {
    id: 5,
    key: 'air-horn',
    name: { 'en-US': 'Air Horn', 'zh-CN': '助威喇叭' },
    price: 2_000,
    currency: 'gold',
    icon: icon('air-horn'),
    animation: 'air-horn',
    animat_type: 1,
    comboable: true,
  },
  {
    id: 6,
    key: 'flare',
    name: { 'en-US': 'Flare', 'zh-CN': '助威焰火' },
    price: 5_000,
    currency: 'gold',
    icon: icon('flare'),
    animation: 'flare',
    animat_type: 1,
    comboable: true,
  },
  {
    id: 7,
    key: 'golden-boot',
    name: { 'en-US': 'Golden Boot', 'zh-CN': '金靴' },
    price: 10_000,
    currency: 'gold',
    icon: icon('golden-boot'),
    animation: 'golden-boot',
    animat_type: 1,
    comboable: false,
  },
  {
    id: 8,
    key: 'stadium-wave',
    name: { 'en-US': 'Stadium Wave', 'zh-CN': '人浪' },
    price: 20_000,
    currency: 'gold',
    icon: icon('stadium-wave'),
    animation: 'stadium-wave',
    animat_type: 1,
    comboable: false,
  },
  {
    id: 9,
    key: 'fireworks',
    name: { 'en-US': 'Fireworks', 'zh-CN': '庆功烟花' },
    price: 52_000,
    currency: 'gold',
    icon: icon('fireworks'),
    animation: 'fireworks',
    animat_type: 1,
    comboable: false,
  },
  {
    id: 10,
    key: 'trophy',
    name: { 'en-US': 'Trophy', 'zh-CN': '冠军奖杯' },
    price: 99_900,
    currency: 'gold',
    icon: icon('trophy'),
    animation: 'trophy',
    animat_type: 1,
    comboable: false,
  },
  {
    id: 11,
    key: 'rocket',
    name: { 'en-US': 'Rocket', 'zh-CN': '火箭' },
    price: 188_800,
    currency: 'gold',
    icon: icon('rocket'),
    animation: 'rocket',
    animat_type: 1,
    comboable: false,
  },
  {
    id: 12,
    key: 'crown',
    name: { 'en-US': "Champion's Crown", 'zh-CN': '王者之冠' },
    price: 520_000,
    currency: 'gold',
    icon: icon('crown'),
    animation: 'crown',
    animat_type: 1,
    comboable: false,
  },
];

const byId = new Map(GIFTS.map((gift) => [gift.id, gift]));

/** The gift with id `id`, or undefined when the catalogue has none. */
export function giftById(id: number): GiftDefinition | undefined {
  return byId.get(id);
}

/** True when `key` is an animation the stage can play. */
export function isGiftAnimation(key: string): key is GiftAnimationKey {
  return (GIFT_ANIMATIONS as readonly string[]).includes(key);
}

/** Noble levels 1-3 and their entrance creature (spec §4: 1 fox, 2 lion, 3 dragon). */
export const NOBLE_CREATURES = { 1: 'fox', 2: 'lion', 3: 'dragon' } as const;

/** A noble level with an entrance animation. */
export type NobleLevel = keyof typeof NOBLE_CREATURES;

/** The creature of a noble level, or undefined when the level has no entrance. */
export function nobleCreature(vipLevel: number): (typeof NOBLE_CREATURES)[NobleLevel] | undefined {
  return NOBLE_CREATURES[vipLevel as NobleLevel];
}
