/**
 * The gift bar under the player: three tabs, Gifts (the catalogue with prices, paid from the
 * gems), Backpack (gifts, props and tickets held) and Noble (the titles, bought in place), the
 * viewer's gems with a recharge link, and the send row. Sending goes over the room's socket; the balance and the backpack counts follow
 * giftFeedRep through their stores.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { GIFT_SOURCE } from '../../lib/realtime/protocol/index.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $gifts, $giftsState, loadGifts } from '../../lib/stores/gifts.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { $wallet } from '../../lib/stores/wallet.ts';
import { useT } from '../use-t.ts';
import { BackpackPanel } from './BackpackPanel.tsx';
import { GiftSendRow } from './GiftSendRow.tsx';
import { GiftTile } from './GiftTile.tsx';
import { NoblePanel } from './NoblePanel.tsx';
import './gift-bar.css';

const TABS = ['gifts', 'backpack', 'noble'] as const;
type Tab = (typeof TABS)[number];

/** The gems, or the login prompt for guests. */
function Wallet() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const wallet = useStore($wallet);
  return (
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
  );
}

/** The Gifts tab: the catalogue and its send row. */
function GiftsPanel() {
  const t = useT();
  const gifts = useStore($gifts);
  const state = useStore($giftsState);
  const [picked, setPicked] = useState<number | null>(null);
  const gift = gifts.find((g) => g.id === picked) ?? gifts[0];

  return (
    <>
      {state === 'error' ? (
        <p className="gift-note">{t('gifts.panel.loadFailed')}</p>
      ) : state === 'ready' && gifts.length === 0 ? (
        <p className="gift-note">{t('gifts.panel.empty')}</p>
      ) : (
        <ul className="gift-grid" data-gift-grid>
          {gifts.map((g) => (
            <GiftTile
              key={g.id}
              art={g.icon}
              name={g.name}
              detail={t('gifts.panel.price', {
                price: formatMoney(g.price).replace(/\.00$/, ''),
                count: g.price / 100,
              })}
              selected={g.id === gift?.id}
              onPick={() => setPicked(g.id)}
              data={{ 'data-gift': g.id }}
            />
          ))}
        </ul>
      )}
      <GiftSendRow
        gift={gift}
        source={GIFT_SOURCE.wallet}
        info={gift ? <strong>{gift.name}</strong> : null}
      />
    </>
  );
}

/** The island mounted under the player of /liveMatchesTwo/{id}. */
export function GiftBar() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('gifts');

  useEffect(() => {
    void loadGifts();
  }, []);

  return (
    <section className="gift-bar" aria-label={t('gifts.panel.title')}>
      <div className="gift-head">
        <div className="gift-tabs" role="tablist">
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`gift-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="gift-tab-panel"
              className="gift-tab"
              data-gift-tab={name}
              onClick={() => setTab(name)}
            >
              {t(`gifts.panel.${name}`)}
            </button>
          ))}
        </div>
        <Wallet />
      </div>
      <div
        className="gift-body"
        role="tabpanel"
        id="gift-tab-panel"
        aria-labelledby={`gift-tab-${tab}`}
        data-gift-panel={tab}
      >
        {tab === 'gifts' ? <GiftsPanel /> : tab === 'backpack' ? <BackpackPanel /> : <NoblePanel />}
      </div>
    </section>
  );
}
