/**
 * /user-center/recharge: packages, a custom amount and the pay button, which goes to the
 * provider's checkout; with ?order= it is the result page that follows the order's state.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import {
  $choice,
  $customYuan,
  $offer,
  $offerState,
  $order,
  $paying,
  $selection,
  choose,
  loadOffer,
  setCustomYuan,
  startRecharge,
  stopWatchingOrder,
  watchOrder,
} from '../../../lib/stores/recharge.ts';
import { $loggedIn } from '../../../lib/stores/session.ts';
import { $wallet, refreshWallet } from '../../../lib/stores/wallet.ts';
import { formatYuan, ORDER_NO, type RechargePackage } from '../../../lib/wallet/recharge.ts';
import { useT } from '../../use-t.ts';
import { dateTime, GemIcon, GuestPanel, Notice, WalletTabs } from './parts.tsx';
import './wallet.css';

function PackageCard({ pkg, selected }: { pkg: RechargePackage; selected: boolean }) {
  const t = useT();
  return (
    <button
      type="button"
      className={`rc-pkg${selected ? ' on' : ''}`}
      aria-pressed={selected}
      data-package={pkg.id}
      onClick={() => choose(pkg.id)}
    >
      {pkg.tag && <span className={`rc-tag ${pkg.tag}`}>{t(`wallet.ui.${pkg.tag}`)}</span>}
      <GemIcon size={30} />
      <strong>{formatMoney(pkg.gold).replace(/\.00$/, '')}</strong>
      <span className="rc-bonus">
        {pkg.bonus > 0
          ? t('wallet.ui.bonus', { gems: formatMoney(pkg.bonus).replace(/\.00$/, '') })
          : '\u00a0'}
      </span>
      <span className="rc-price">¥{formatYuan(pkg.price_fen)}</span>
    </button>
  );
}

function CustomCard() {
  const t = useT();
  const offer = useStore($offer);
  const choice = useStore($choice);
  const custom = useStore($customYuan);
  const selected = choice === 'custom';
  const gems = Number(custom || 0) * (offer?.custom.gems_per_yuan ?? 10);
  return (
    <div className={`rc-pkg rc-custom${selected ? ' on' : ''}`} onClick={() => choose('custom')}>
      <label htmlFor="rc-custom">{t('wallet.ui.custom')}</label>
      <div className="rc-input">
        <span aria-hidden>¥</span>
        <input
          id="rc-custom"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('wallet.ui.customPlaceholder')}
          value={custom}
          onFocus={() => choose('custom')}
          onChange={(e) => setCustomYuan(e.target.value)}
        />
      </div>
      <span className={custom ? 'rc-bonus' : 'rc-bonus rc-hint'}>
        {custom
          ? t('wallet.ui.customGems', { gems: gems.toLocaleString('en-US') })
          : t('wallet.ui.customHint', {
              min: offer?.custom.min_yuan ?? 1,
              max: (offer?.custom.max_yuan ?? 50_000).toLocaleString('en-US'),
            })}
      </span>
    </div>
  );
}

function Checkout() {
  const t = useT();
  const selection = useStore($selection);
  const paying = useStore($paying);
  const amount = selection ? formatYuan(selection.fen) : '0';
  return (
    <aside className="rc-summary">
      <h2>{t('wallet.ui.method')}</h2>
      <label className="rc-method">
        <input type="radio" name="method" defaultChecked />
        <span className="rc-method-logo" aria-hidden>
          A
        </span>
        <span>
          <strong>{t('wallet.ui.sandbox')}</strong>
          <small>{t('wallet.ui.sandboxHint')}</small>
        </span>
      </label>
      <dl>
        <dt>{t('wallet.ui.youGet')}</dt>
        <dd className="rc-gets">
          <GemIcon size={16} /> {selection ? formatMoney(selection.gold) : '—'}
        </dd>
        <dt>{t('wallet.ui.total')}</dt>
        <dd className="rc-total">¥{amount}</dd>
      </dl>
      <button
        type="button"
        className="btn btn-primary rc-pay"
        disabled={!selection || paying}
        onClick={() => void startRecharge()}
      >
        {paying ? t('wallet.ui.redirecting') : t('wallet.ui.pay', { amount })}
      </button>
      <p className="rc-agree">
        {t('wallet.ui.agreePrefix')} <a href="/protocol/4/web">{t('wallet.ui.agreement')}</a>
      </p>
    </aside>
  );
}

function Shop() {
  const t = useT();
  const offer = useStore($offer);
  const state = useStore($offerState);
  const wallet = useStore($wallet);
  const choice = useStore($choice);
  if (state.state === 'error') {
    return (
      <Notice
        action={
          <button type="button" className="btn btn-ghost" onClick={() => void loadOffer()}>
            {t('wallet.ui.retry')}
          </button>
        }
      >
        {state.message}
      </Notice>
    );
  }
  if (!offer) return <p className="wl-wait">{t('common.loading')}</p>;
  if (!offer.available) return <Notice>{t('wallet.ui.closed')}</Notice>;
  return (
    <>
      <div className="rc-balance">
        <GemIcon size={20} />
        <span>{t('wallet.ui.balanceNow')}</span>
        <strong data-balance="gold">{formatMoney(wallet.gold)}</strong>
      </div>
      <div className="rc-layout">
        <section>
          <h2 className="rc-h">{t('wallet.ui.choose')}</h2>
          <div className="rc-grid">
            {offer.packages.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} selected={choice === pkg.id} />
            ))}
            <CustomCard />
          </div>
        </section>
        <Checkout />
      </div>
    </>
  );
}

function Result({ orderNo }: { orderNo: string }) {
  const t = useT();
  const { order, waitedOut, error } = useStore($order);
  const wallet = useStore($wallet);
  useEffect(() => {
    watchOrder(orderNo);
    return stopWatchingOrder;
  }, [orderNo]);
  if (error && !order) return <Notice>{error}</Notice>;
  if (!order) return <p className="wl-wait">{t('common.loading')}</p>;
  const gems = formatMoney(order.gold);
  const icon = { pending: '…', paid: '✓', failed: '✕', expired: '!' }[order.status];
  return (
    <section className={`rc-result ${order.status}`} data-order-status={order.status}>
      <div className="rc-result-icon" aria-hidden>
        {order.status === 'pending' ? <span className="rc-spin" /> : icon}
      </div>
      <h2>{t(`wallet.ui.resultTitle.${order.status}`)}</h2>
      <p>{t(`wallet.ui.resultBody.${order.status}`, { gems })}</p>
      {order.paid_late && <p className="rc-note">{t('wallet.ui.paidLate')}</p>}
      {order.status === 'pending' && waitedOut && (
        <p className="rc-note">{t('wallet.ui.stillWaiting')}</p>
      )}
      <dl className="rc-facts">
        <dt>{t('wallet.ui.order')}</dt>
        <dd>{order.order_no}</dd>
        <dt>{t('wallet.ui.amountPaid')}</dt>
        <dd>¥{formatYuan(order.amount_fen)}</dd>
        <dt>{t('wallet.ui.gems')}</dt>
        <dd>{gems}</dd>
        <dt>{t('wallet.ui.created')}</dt>
        <dd>{dateTime(order.created_at)}</dd>
        {order.paid_at !== null && (
          <>
            <dt>{t('wallet.ui.paidAt')}</dt>
            <dd>{dateTime(order.paid_at)}</dd>
          </>
        )}
        {order.status === 'paid' && (
          <>
            <dt>{t('wallet.ui.newBalance')}</dt>
            <dd data-balance="gold">{formatMoney(wallet.gold)}</dd>
          </>
        )}
      </dl>
      <div className="rc-actions">
        <a className="btn btn-primary" href="/user-center/recharge">
          {t('wallet.ui.again')}
        </a>
        <a className="btn btn-ghost" href="/user-center/myWallet">
          {t('wallet.ui.toWallet')}
        </a>
        <a className="btn btn-ghost" href="/user-center/rechargeHistory">
          {t('wallet.ui.history')}
        </a>
      </div>
    </section>
  );
}

/** The recharge island. */
export function Recharge() {
  const loggedIn = useStore($loggedIn);
  const [orderNo] = useState(() => {
    const value = new URLSearchParams(location.search).get('order') ?? '';
    return ORDER_NO.test(value) ? value : '';
  });
  useEffect(() => {
    if (!loggedIn || orderNo) return;
    void loadOffer();
    void refreshWallet().catch(() => undefined);
  }, [loggedIn, orderNo]);
  return (
    <div className="wl">
      <WalletTabs current="recharge" />
      {!loggedIn ? <GuestPanel /> : orderNo ? <Result orderNo={orderNo} /> : <Shop />}
    </div>
  );
}
