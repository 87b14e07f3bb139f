/** One tile of the gift bar: a gift on sale, or an item held in the backpack with its count. */
import type { ReactNode } from 'react';

/** Props of GiftTile. */
export interface GiftTileProps {
  /** The art: an icon URL, or a drawn badge for props and tickets. */
  art: string | ReactNode;
  name: string;
  /** The line under the name: a price, or a short kind label. */
  detail?: string;
  /** How many are held (backpack tiles); shown as a badge on the corner. */
  held?: string;
  selected: boolean;
  onPick: () => void;
  /** Data attributes that find the tile (data-gift, data-backpack-item ...). */
  data: Record<`data-${string}`, string | number>;
  title?: string;
}

/** A selectable tile, in a list item. */
export function GiftTile({
  art,
  name,
  detail,
  held,
  selected,
  onPick,
  data,
  title,
}: GiftTileProps) {
  return (
    <li>
      <button
        type="button"
        className={`gift-tile${selected ? ' is-selected' : ''}`}
        aria-pressed={selected}
        title={title}
        onClick={onPick}
        {...data}
      >
        {typeof art === 'string' ? (
          <img src={art} alt="" width="44" height="44" loading="lazy" />
        ) : (
          art
        )}
        <span className="gift-name">{name}</span>
        {detail ? <span className="gift-price">{detail}</span> : null}
        {held ? (
          <span className="gift-held" data-held>
            {held}
          </span>
        ) : null}
      </button>
    </li>
  );
}
