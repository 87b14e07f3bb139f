/**
 * The backpack as `/api/live/user_backpack` answers it, built from its rows by one function that
 * the server and the browser share: the server to answer the call, the browser to apply the
 * counts a backpack gift's `giftFeedRep` carries without reading the whole backpack again.
 */
import type { BackpackCount } from '../realtime/protocol.ts';
import { COLORFUL_IDS, PROP_TYPE, type PropCounts } from './props.ts';

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
