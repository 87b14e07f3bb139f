/**
 * The money panel: balances held, the last day's activity, the ledger's last verification and the
 * platform reserve.
 */
import { useStore } from '@nanostores/react';
import { $overview, loadOverview, verifyLedgerNow } from '../../lib/stores/admin.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { useT } from '../use-t.ts';
import { ReserveCard } from './Reserve.tsx';
import { formatTime, formatUnits, useAction, usePanel } from './use-panel.ts';

/** The overview tab. */
export function OverviewPanel() {
  const t = useT();
  const locale = useStore($locale);
  const summary = useStore($overview);
  const error = usePanel(loadOverview);
  const { busy, run } = useAction();
  if (error) return <p className="ad-error">{error}</p>;
  if (!summary) return <p className="ad-muted">…</p>;
  const last = summary.last;
  return (
    <div className="ad-stack">
      <div className="ad-stats">
        {(['gold', 'diamond', 'income'] as const).map((currency) => (
          <div key={currency} className={`ad-stat is-${currency}`}>
            <span>{t(`admin.overview.${currency}`)}</span>
            <strong>{formatUnits(summary.balances[currency], locale)}</strong>
          </div>
        ))}
        <div className="ad-stat is-recharge">
          <span>{t('admin.overview.recharges')}</span>
          <strong>¥{formatUnits(summary.recharges.amount_fen, locale)}</strong>
          <em>{t('admin.overview.rechargeCount', { count: summary.recharges.count })}</em>
        </div>
      </div>
      <div className="ad-columns">
        <div className="ad-card">
          <h2>{t('admin.overview.operations')}</h2>
          {summary.operations.length === 0 ? (
            <p className="ad-muted">{t('admin.common.empty')}</p>
          ) : (
            <table className="ad-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.overview.kind')}</th>
                  <th scope="col">{t('admin.overview.count')}</th>
                </tr>
              </thead>
              <tbody>
                {summary.operations.map((op) => (
                  <tr key={op.kind}>
                    <td className="ad-mono">{op.kind}</td>
                    <td>{op.count.toLocaleString(locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div
          className="ad-card"
          data-verification={last ? (last.clean ? 'clean' : 'dirty') : 'none'}
        >
          <h2>{t('admin.overview.verification')}</h2>
          {last ? (
            <>
              <p className={last.clean ? 'ad-verdict is-clean' : 'ad-verdict is-dirty'}>
                {t(last.clean ? 'admin.overview.clean' : 'admin.overview.dirty')}
              </p>
              <p className="ad-muted">
                {t('admin.overview.lastRun', {
                  time: formatTime(last.created_at, locale),
                  source: last.source,
                })}
              </p>
              <p className="ad-muted">
                {t('admin.overview.rows', {
                  wallets: last.report.wallets,
                  entries: last.report.entries,
                  operations: last.report.operations,
                })}
              </p>
              {last.report.drift.slice(0, 10).map((d) => (
                <p key={`${d.userId}:${d.currency}`} className="ad-error">
                  {t('admin.overview.drift', {
                    user: d.userId,
                    currency: d.currency,
                    balance: d.balance,
                    ledger: d.ledger,
                  })}
                </p>
              ))}
            </>
          ) : (
            <p className="ad-muted">{t('admin.overview.neverVerified')}</p>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void run(verifyLedgerNow, '')}
          >
            {busy ? t('admin.overview.verifying') : t('admin.overview.verifyNow')}
          </button>
        </div>
      </div>
      <ReserveCard />
    </div>
  );
}
