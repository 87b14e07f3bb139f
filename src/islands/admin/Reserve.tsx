/**
 * The platform reserve on the overview: the platform account, the quiz escrow and what top-ups
 * paid in; the top-up form (gems and a reason, audited); and cancellations that have not
 * finished, with what the reserve still lacks for each and a button to cancel again.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $reserve, finishCancellation, loadReserve, topUpReserve } from '../../lib/stores/admin.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import { formatUnits, useAction, usePanel } from './use-panel.ts';

/** Gems as typed ("250", "12.5") in minor units, or null. */
function gemsToMinor(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', cents = ''] = value.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

function TopUpForm() {
  const t = useT();
  const [gems, setGems] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run } = useAction();
  return (
    <form
      className="ad-topup"
      aria-label={t('admin.reserve.topUp')}
      onSubmit={(e) => {
        e.preventDefault();
        const amount = gemsToMinor(gems);
        if (amount === null || amount === 0) {
          showToast(t('admin.reserve.badAmount'), 'error');
          return;
        }
        void run(() => topUpReserve(amount, reason), t('admin.reserve.toppedUp')).then((done) => {
          if (!done) return;
          setGems('');
          setReason('');
        });
      }}
    >
      <div className="ad-field">
        <label htmlFor="ad-topup-gems">{t('admin.reserve.amount')}</label>
        <input
          id="ad-topup-gems"
          className="is-short"
          inputMode="decimal"
          value={gems}
          onChange={(e) => setGems(e.target.value)}
        />
      </div>
      <div className="ad-field is-grow">
        <label htmlFor="ad-topup-why">{t('admin.reserve.reason')}</label>
        <input id="ad-topup-why" value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('admin.reserve.topUpButton')}
      </button>
    </form>
  );
}

/** The reserve card. */
export function ReserveCard() {
  const t = useT();
  const locale = useStore($locale);
  const reserve = useStore($reserve);
  const error = usePanel(loadReserve);
  const { busy, run } = useAction();
  if (error) return <p className="ad-error">{error}</p>;
  if (!reserve) return null;
  const balances = [
    ['platform', reserve.platform],
    ['escrow', reserve.escrow],
    ['paidIn', reserve.paid_in],
  ] as const;
  return (
    <div className="ad-card" data-reserve>
      <h2>{t('admin.reserve.title')}</h2>
      <p className="ad-muted">{t('admin.reserve.intro')}</p>
      <dl className="ad-balances">
        {balances.map(([key, value]) => (
          <div key={key} data-balance={key}>
            <dt>{t(`admin.reserve.${key}`)}</dt>
            <dd>{formatUnits(value, locale)}</dd>
          </div>
        ))}
      </dl>
      <TopUpForm />
      {reserve.cancellations.length > 0 && (
        <>
          <h3 className="ad-subhead">{t('admin.reserve.unfinished')}</h3>
          <ul className="ad-records">
            {reserve.cancellations.map((c) => (
              <li key={c.guess_id} className="ad-record" data-unfinished={c.guess_id}>
                <strong>
                  #{c.guess_id} {c.question}
                </strong>
                <span className="ad-muted">
                  {t(`admin.reserve.job.${c.job}`)} · {t('admin.reserve.need')}{' '}
                  {formatUnits(c.need, locale)} ·{' '}
                  {c.short ? (
                    <span className="ad-error">
                      {t('admin.reserve.short')} {formatUnits(c.short, locale)}
                    </span>
                  ) : (
                    t('admin.reserve.covered')
                  )}
                </span>
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  onClick={() =>
                    void run(() => finishCancellation(c.guess_id), t('admin.reserve.finished'))
                  }
                >
                  {t('admin.reserve.retry')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
