/**
 * The backpack as `/api/live/user_backpack` answers it, built from its rows by one function that
 * the server and the browser share: the server to answer the call, the browser to apply the
 * counts a backpack gift's `giftFeedRep` carries without reading the whole backpack again.
 */
import { GIFT_COUNTS, type GiftCount, type GiftItem } from '../gifts/types.ts';
import type { BackpackCount } from '../realtime/protocol/index.ts';
import { COLORFUL_IDS, PROP_COLORS, PROP_TYPE, type PropCounts } from './props.ts';

/** A gift held in the backpack (item type 106). */
export interface BackpackGift {
  giftid: number;
  quantity: number;
}

/** What `/api/live/user_backpack` answers. */
export interface BackpackView {
  /** Every item held (quantity above 0), by type, then props_id. */
  user_backpack: BackpackCount[];
  /** Tickets held (type 105), kept apart as the spec does. */
  ticket: number;
  /** Chat props held (types 100 and 101). */
  props: PropCounts;
  /** Gifts held (type 106, props_id the gift id), in gift id order. */
  gifts: BackpackGift[];
}

/** The backpack view of these rows; rows with quantity 0 are left out. */
export function backpackView(rows: readonly BackpackCount[]): BackpackView {
  const held = rows
    .filter((r) => r.quantity > 0)
    .map((r) => ({ type: r.type, props_id: r.props_id, quantity: r.quantity }))
    .sort((a, b) => a.type - b.type || a.props_id - b.props_id);
  const count = (type: number, propsId = 0) =>
    held.find((r) => r.type === type && r.props_id === propsId)?.quantity ?? 0;
  const [c1, c2, c3] = COLORFUL_IDS.map((id) => count(PROP_TYPE.colorful, id));
  return {
    user_backpack: held,
    ticket: count(PROP_TYPE.ticket),
    props: {
      speaker: count(PROP_TYPE.speaker),
      colorful1: c1!,
      colorful2: c2!,
      colorful3: c3!,
    },
    gifts: held
      .filter((r) => r.type === PROP_TYPE.giftItem)
      .map((r) => ({ giftid: r.props_id, quantity: r.quantity })),
  };
}

/** The view with some rows' quantities replaced (a row at 0 leaves the backpack). */
export function withCounts(view: BackpackView, changed: readonly BackpackCount[]): BackpackView {
  const key = (r: BackpackCount) => `${r.type}:${r.props_id}`;
  const rows = new Map(view.user_backpack.map((r) => [key(r), r]));
  for (const row of changed) rows.set(key(row), row);
  return backpackView([...rows.values()]);
}

/** How many of gift `giftid` the backpack holds. */
export function giftsHeld(view: BackpackView | null, giftid: number): number {
  return view?.gifts.find((g) => g.giftid === giftid)?.quantity ?? 0;
}

/** One entry of the backpack as the gift panel lists it. */
export type BackpackEntry =
  | { kind: 'gift'; key: string; quantity: number; gift: GiftItem }
  | { kind: 'speaker'; key: string; quantity: number }
  | { kind: 'colorful'; key: string; quantity: number; n: number; color: string }
  | { kind: 'ticket'; key: string; quantity: number };

/**
 * The entries the gift panel shows: gifts held, in the catalogue's order, then the speaker, the
 * three colours and tickets, each only when held. A held gift that is no longer on sale is left
 * out: the hub would refuse to send it.
 */
export function backpackEntries(
  view: BackpackView | null,
  catalogue: readonly GiftItem[],
): BackpackEntry[] {
  if (!view) return [];
  const entries: BackpackEntry[] = [];
  for (const gift of catalogue) {
    const quantity = giftsHeld(view, gift.id);
    if (quantity > 0) {
      entries.push({ kind: 'gift', key: `${PROP_TYPE.giftItem}:${gift.id}`, quantity, gift });
    }
  }
  const { speaker } = view.props;
  if (speaker > 0)
    entries.push({ kind: 'speaker', key: `${PROP_TYPE.speaker}:0`, quantity: speaker });
  COLORFUL_IDS.forEach((id, i) => {
    const quantity = view.props[`colorful${i + 1}` as keyof PropCounts];
    if (quantity > 0) {
      entries.push({
        kind: 'colorful',
        key: `${PROP_TYPE.colorful}:${id}`,
        quantity,
        n: i + 1,
        color: PROP_COLORS[id]!,
      });
    }
  });
  if (view.ticket > 0) {
    entries.push({ kind: 'ticket', key: `${PROP_TYPE.ticket}:0`, quantity: view.ticket });
  }
  return entries;
}

/**
 * The count a backpack send can carry: the largest panel count up to both `wanted` and `held`,
 * and at least the smallest panel count (the send button is off when even that is not held).
 */
export function fitGiftCount(wanted: GiftCount, held: number): GiftCount {
  const fits = GIFT_COUNTS.filter((n) => n <= wanted && n <= held);
  return fits.at(-1) ?? GIFT_COUNTS[0];
}
