/**
 * The gift bar under the player: the viewer's gems with a recharge link, the gift grid with
 * prices, a count picker and the send button. Sending goes over the room's socket; the
 * balance follows giftFeedRep through the wallet store.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { GIFT_COUNTS, type GiftCount, type GiftItem } from '../../lib/gifts/api.ts';
import { formatMoney } from '../../lib/format.ts';
import {
  $giftCombo,
  $gifts,
  $giftSending,
  $giftShort,
  $giftsState,
  loadGifts,
  sendGift,
} from '../../lib/stores/gifts.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $roomConnection } from '../../lib/stores/live-room.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { $wallet } from '../../lib/stores/wallet.ts';
import { useT } from '../use-t.ts';
import './gift-bar.css';

function GiftTile({
  gift,
  selected,
  onPick,
}: {
  gift: GiftItem;
  selected: boolean;
  onPick: () => void;
}) {
  const t = useT();
  return (
    <li>
      <button
        type="button"
        className={`gift-tile${selected ? ' is-selected' : ''}`}
        aria-pressed={selected}
        data-gift={gift.id}
        onClick={onPick}
      >
        <img src={gift.icon} alt="" width="44" height="44" loading="lazy" />
        <span className="gift-name">{gift.name}</span>
        <span className="gift-price">
          {t('gifts.panel.price', {
            price: formatMoney(gift.price).replace(/\.00$/, ''),
            count: gift.price / 100,
          })}
        </span>
      </button>
    </li>
  );
}

/** The island mounted under the player of /liveMatchesTwo/{id}. */
export function GiftBar() {
  const t = useT();
  const gifts = useStore($gifts);
  const state = useStore($giftsState);
  const sending = useStore($giftSending);
  const short = useStore($giftShort);
  const loggedIn = useStore($loggedIn);
  const wallet = useStore($wallet);
  const connection = useStore($roomConnection);
  const combo = useStore($giftCombo);
  const [picked, setPicked] = useState<number | null>(null);
  const [count, setCount] = useState<GiftCount>(1);

  useEffect(() => {
    void loadGifts();
  }, []);
  useEffect(() => {
    if (picked === null && gifts[0]) setPicked(gifts[0].id);
  }, [gifts, picked]);

  const gift = gifts.find((g) => g.id === picked);
  const total = gift ? gift.price * count : 0;
  const canAfford = gift
    ? (gift.currency === 'diamond' ? wallet.diamond : wallet.gold) >= total
    : false;

  return (
    <section className="gift-bar" aria-label={t('gifts.panel.title')}>
      <div className="gift-wallet">
        <span className="gift-gem" aria-hidden="true" />
        {loggedIn ? (
          <>
            <strong data-gift-balance>{formatMoney(wallet.gold)}</strong>
            <span>{t('gifts.panel.balance')}</span>
            <a className="gift-recharge" href="/user-center/recharge">
              {t('gifts.panel.recharge')}
            </a>
          </>
        ) : (
          <button type="button" className="gift-login" onClick={openLogin}>
            {t('gifts.panel.loginFirst')}
          </button>
        )}
      </div>
      {state === 'error' ? (
        <p className="gift-note">{t('gifts.panel.loadFailed')}</p>
      ) : state === 'ready' && gifts.length === 0 ? (
        <p className="gift-note">{t('gifts.panel.empty')}</p>
      ) : (
        <ul className="gift-grid" data-gift-grid>
          {gifts.map((g) => (
            <GiftTile
              key={g.id}
              gift={g}
              selected={g.id === picked}
              onPick={() => setPicked(g.id)}
            />
          ))}
        </ul>
      )}
      <div className="gift-send">
        <label>
          <span>{t('gifts.panel.count')}</span>
          <select
            value={count}
            data-gift-count
            onChange={(e) => setCount(Number(e.currentTarget.value) as GiftCount)}
          >
            {GIFT_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span className={`gift-total${loggedIn && !canAfford ? ' is-short' : ''}`}>
          {gift ? t('gifts.panel.price', { price: formatMoney(total), count: total / 100 }) : ''}
        </span>
        <button
          type="button"
          className="btn btn-primary gift-send-btn"
          data-gift-send
          disabled={!gift || sending !== null || (loggedIn && connection !== 'joined')}
          onClick={() => gift && sendGift(gift.id, count)}
        >
          {sending ? t('gifts.panel.sending') : t('gifts.panel.send')}
        </button>
        {combo ? (
          <button
            type="button"
            className="gift-combo-btn"
            data-gift-combo
            disabled={sending !== null}
            onClick={() => sendGift(combo.giftid, combo.count)}
          >
            {t('gifts.panel.combo')}
          </button>
        ) : null}
        {short ? (
          <a className="gift-short" href="/user-center/recharge" data-gift-short>
            {t('gifts.errors.insufficient')}
          </a>
        ) : null}
      </div>
    </section>
  );
}
