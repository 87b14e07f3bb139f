/**
 * The send row of the gift bar: what is picked, the count picker, the total, the send and combo
 * buttons. Paid gifts count against the gems; backpack gifts against the items held, so counts
 * above the items held are offered disabled.
 */
import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { GIFT_COUNTS, type GiftCount, type GiftItem } from '../../lib/gifts/types.ts';
import { fitGiftCount, giftsHeld } from '../../lib/live/backpack.ts';
import { GIFT_SOURCE, type GiftSource } from '../../lib/realtime/protocol/index.ts';
import { $backpack } from '../../lib/stores/backpack.ts';
import {
  $giftCombo,
  $giftSending,
  $giftShort,
  sendCombo,
  sendGift,
} from '../../lib/stores/gifts.ts';
import { $roomConnection } from '../../lib/stores/live-room.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { $wallet } from '../../lib/stores/wallet.ts';
import { useT } from '../use-t.ts';

/** Props of GiftSendRow. */
export interface GiftSendRowProps {
  /** The gift picked; undefined while the catalogue loads. */
  gift: GiftItem | undefined;
  source: GiftSource;
  /** What is picked, shown on the left (name, items left ...). */
  info?: ReactNode;
}

/** The row under the grid of one tab. */
export function GiftSendRow({ gift, source, info }: GiftSendRowProps) {
  const t = useT();
  const sending = useStore($giftSending);
  const short = useStore($giftShort);
  const loggedIn = useStore($loggedIn);
  const wallet = useStore($wallet);
  const backpack = useStore($backpack);
  const connection = useStore($roomConnection);
  const combo = useStore($giftCombo);
  const [wanted, setWanted] = useState<GiftCount>(1);

  const fromBackpack = source === GIFT_SOURCE.backpack;
  const held = gift && fromBackpack ? giftsHeld(backpack, gift.id) : 0;
  const count = fromBackpack ? fitGiftCount(wanted, held) : wanted;
  const total = gift ? gift.price * count : 0;
  const canAfford = gift
    ? (gift.currency === 'diamond' ? wallet.diamond : wallet.gold) >= total
    : false;
  const blocked = sending !== null || (loggedIn && connection !== 'joined');
  const ownCombo = combo?.source === source ? combo : null;
  const comboHeld = ownCombo && fromBackpack ? giftsHeld(backpack, ownCombo.giftid) : Infinity;

  return (
    <div className={`gift-send${fromBackpack ? ' is-backpack' : ''}`}>
      <div className="gift-info">{info}</div>
      <label>
        <span>{t('gifts.panel.count')}</span>
        <select
          value={count}
          data-gift-count
          onChange={(e) => setWanted(Number(e.currentTarget.value) as GiftCount)}
        >
          {GIFT_COUNTS.map((n) => (
            <option key={n} value={n} disabled={fromBackpack && n > held}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {fromBackpack ? null : (
        <span className={`gift-total${loggedIn && !canAfford ? ' is-short' : ''}`}>
          {gift ? t('gifts.panel.price', { price: formatMoney(total), count: total / 100 }) : ''}
        </span>
      )}
      <button
        type="button"
        className="btn btn-primary gift-send-btn"
        data-gift-send
        disabled={!gift || blocked || (fromBackpack && held < count)}
        onClick={() => gift && sendGift(gift.id, count, source)}
      >
        {sending ? t('gifts.panel.sending') : t('gifts.panel.send')}
      </button>
      {ownCombo ? (
        <button
          type="button"
          className="gift-combo-btn"
          data-gift-combo
          disabled={sending !== null || comboHeld < ownCombo.count}
          onClick={sendCombo}
        >
          {t('gifts.panel.combo')}
        </button>
      ) : null}
      {short && !fromBackpack ? (
        <a className="gift-short" href="/user-center/recharge" data-gift-short>
          {t('gifts.errors.insufficient')}
        </a>
      ) : null}
    </div>
  );
}
