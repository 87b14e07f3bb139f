/**
 * The gift bar's Noble tab (spec §1: noble items): the three titles with their entrance
 * creatures and prices, the viewer's own title and the days it has left, and buying in place
 * through the mall's purchase call (the same confirm and refusals as /mall).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/format.ts';
import {
  NOBLE_ART,
  NOBLE_LEVELS,
  NOBLE_NAMES,
  NOBLE_PERIODS,
  nobleItem,
  type NobleLevelOnSale,
  type NoblePeriod,
} from '../../lib/mall/catalogue.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $locale } from '../../lib/stores/locale.ts';
import {
  $checkout,
  $holdings,
  $preview,
  closeCheckout,
  confirmCheckout,
  loadHoldings,
  openCheckout,
} from '../../lib/stores/mall.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { siteDay } from '../../lib/time.ts';
import { useT } from '../use-t.ts';
import './noble-panel.css';

const DAY_MS = 24 * 3600_000;

/** The viewer's title line: none, or the title and the days it has left. */
function Current() {
  const t = useT();
  const locale = useStore($locale);
  const holdings = useStore($holdings);
  const level = holdings?.vip_level ?? 0;
  if (!holdings) return null;
  if (level === 0) return <p className="nb-current">{t('liveRoom.noble.none')}</p>;
  const name = NOBLE_NAMES[level as NobleLevelOnSale][locale];
  const until = holdings.vip_expires_at;
  return (
    <p className="nb-current" data-noble-current={level}>
      {until === null
        ? t('liveRoom.noble.forever', { noble: name })
        : t('liveRoom.noble.daysLeft', {
            noble: name,
            count: Math.max(1, Math.ceil((until * 1000 - Date.now()) / DAY_MS)),
          })}
    </p>
  );
}

/** The confirm / paying / done / refused row under the cards. */
function CheckoutRow() {
  const t = useT();
  const locale = useStore($locale);
  const checkout = useStore($checkout);
  const preview = useStore($preview);
  if (checkout.step === 'closed') return null;
  const item = checkout.item;
  if (item.kind !== 'noble') return null;
  const name = item.name[locale];
  if (checkout.step === 'done') {
    const until = checkout.result.vip_expires_at;
    return (
      <div className="nb-checkout is-done" role="status" data-noble-done>
        <span>
          {until === null
            ? t('liveRoom.noble.forever', { noble: name })
            : t('mall.dialog.doneNoble', { noble: name, date: siteDay(new Date(until * 1000)) })}
        </span>
        <button type="button" className="btn btn-ghost" onClick={closeCheckout}>
          {t('mall.dialog.close')}
        </button>
      </div>
    );
  }
  if (checkout.step === 'refused') {
    return (
      <div className="nb-checkout is-refused" role="alert">
        <span>{checkout.message}</span>
        {checkout.short && (
          <a className="btn btn-primary" href="/user-center/recharge">
            {t('mall.dialog.recharge')}
          </a>
        )}
        <button type="button" className="btn btn-ghost" onClick={closeCheckout}>
          {t('mall.dialog.close')}
        </button>
      </div>
    );
  }
  const plan = preview?.noble;
  const note =
    plan && plan.ok
      ? t(
          `mall.dialog.noble${plan.change === 'new' ? 'New' : plan.change === 'extend' ? 'Extend' : 'Upgrade'}`,
          {
            noble: name,
            days: item.days,
            date: siteDay(plan.expiresAt),
          },
        )
      : plan
        ? t(`mall.errors.${plan.reason}`)
        : '';
  return (
    <div className="nb-checkout" data-noble-confirm>
      <span>
        {t('mall.dialog.getNoble', { noble: name, days: item.days })}
        {note && <small> · {note}</small>}
        {checkout.step === 'confirm' && checkout.error && (
          <small className="nb-error"> · {checkout.error}</small>
        )}
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={closeCheckout}
        disabled={checkout.step === 'paying'}
      >
        {t('mall.dialog.cancel')}
      </button>
      <button
        type="button"
        className="btn btn-primary"
        data-noble-pay
        disabled={checkout.step === 'paying' || (plan !== null && plan !== undefined && !plan.ok)}
        onClick={() => void confirmCheckout()}
      >
        {checkout.step === 'paying'
          ? t('mall.dialog.paying')
          : t('mall.dialog.pay', { price: formatMoney(item.price).replace(/\.00$/, '') })}
      </button>
    </div>
  );
}

/** The Noble tab. */
export function NoblePanel() {
  const t = useT();
  const locale = useStore($locale);
  const loggedIn = useStore($loggedIn);
  const [days, setDays] = useState<NoblePeriod>(30);
  useEffect(() => {
    if (loggedIn) void loadHoldings();
    return () => closeCheckout();
  }, [loggedIn]);
  return (
    <div className="nb-panel" data-noble-panel>
      <div className="nb-head">
        <Current />
        <div className="nb-periods" role="radiogroup" aria-label={t('liveRoom.noble.period')}>
          {NOBLE_PERIODS.map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={days === d}
              className={days === d ? 'nb-period is-active' : 'nb-period'}
              onClick={() => setDays(d)}
            >
              {t('liveRoom.noble.days', { count: d })}
            </button>
          ))}
        </div>
      </div>
      <ul className="nb-cards">
        {NOBLE_LEVELS.map((level) => {
          const item = nobleItem(level, days);
          return (
            <li key={level} className={`nb-card nb-${NOBLE_ART[level]}`} data-noble={level}>
              <img src={`/gifts/nobles/${NOBLE_ART[level]}.svg`} alt="" width={56} height={56} />
              <strong>{NOBLE_NAMES[level][locale]}</strong>
              <span className="nb-price">
                {t('mall.gems', { price: formatMoney(item.price).replace(/\.00$/, '') })}
              </span>
              <button
                type="button"
                className="btn btn-primary nb-buy"
                aria-label={t('mall.buyItem', {
                  item: NOBLE_NAMES[level][locale],
                  option: t('liveRoom.noble.days', { count: days }),
                  price: formatMoney(item.price).replace(/\.00$/, ''),
                })}
                onClick={() => (loggedIn ? openCheckout(item.id) : openLogin())}
              >
                {t('mall.buy')}
              </button>
            </li>
          );
        })}
      </ul>
      <CheckoutRow />
      <a className="nb-more" href="/mall">
        {t('liveRoom.noble.perks')}
      </a>
    </div>
  );
}
