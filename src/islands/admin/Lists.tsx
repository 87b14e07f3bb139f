/** The console's read-only lists: the feedback inbox, recharge orders and the audit trail. */
import { useStore } from '@nanostores/react';
import { useCallback, useState, type ReactNode } from 'react';
import {
  $audit,
  $feedback,
  $rechargeFilter,
  $recharges,
  loadAudit,
  loadFeedback,
  loadRecharges,
  type PagedList,
} from '../../lib/stores/admin.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { RECHARGE_FILTERS } from '../../lib/validation/admin.ts';
import { useT } from '../use-t.ts';
import { formatTime, formatUnits, usePanel } from './use-panel.ts';

/** A list's rows, its empty text and its "show more" button. */
function Paged<T>({
  list,
  error,
  more,
  children,
}: {
  list: PagedList<T> | null;
  error: string;
  more: () => Promise<void>;
  children: (items: T[]) => ReactNode;
}) {
  const t = useT();
  const [loading, setLoading] = useState(false);
  if (error) return <p className="ad-error">{error}</p>;
  if (!list) return <p className="ad-muted">…</p>;
  if (list.items.length === 0) return <p className="ad-muted">{t('admin.common.empty')}</p>;
  return (
    <>
      {children(list.items)}
      {!list.done && (
        <button
          type="button"
          className="btn ad-more"
          disabled={loading}
          onClick={() => {
            setLoading(true);
            void more().finally(() => setLoading(false));
          }}
        >
          {t('admin.common.loadMore')}
        </button>
      )}
    </>
  );
}

/** The feedback tab. */
export function FeedbackPanel() {
  const t = useT();
  const locale = useStore($locale);
  const list = useStore($feedback);
  const error = usePanel(useCallback(() => loadFeedback(), []));
  return (
    <Paged list={list} error={error} more={() => loadFeedback(true)}>
      {(items) => (
        <ul className="ad-records">
          {items.map((f) => (
            <li key={f.id} className="ad-record" data-feedback={f.id}>
              <header>
                <span className={`ad-pill is-${f.kind}`}>
                  {t(`admin.feedback.kinds.${f.kind}` as 'admin.feedback.kinds.bug')}
                </span>
                <strong>
                  {f.user_id ? `${f.nick_name} #${f.user_id}` : t('admin.feedback.guest')}
                </strong>
                <span className="ad-muted">{formatTime(f.created_at, locale)}</span>
              </header>
              <p className="ad-text">{f.content}</p>
              {f.contact && (
                <p className="ad-muted">{t('admin.feedback.contact', { contact: f.contact })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Paged>
  );
}

/** The recharges tab. */
export function RechargesPanel() {
  const t = useT();
  const locale = useStore($locale);
  const list = useStore($recharges);
  const filter = useStore($rechargeFilter);
  const load = useCallback(() => loadRecharges(), [filter]);
  const error = usePanel(load);
  return (
    <div className="ad-stack">
      <div className="ad-chips" role="group" aria-label={t('admin.recharges.status')}>
        {RECHARGE_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={f === filter ? 'ad-chip is-active' : 'ad-chip'}
            aria-pressed={f === filter}
            onClick={() => $rechargeFilter.set(f)}
          >
            {t(`admin.recharges.filters.${f}`)}
          </button>
        ))}
      </div>
      <Paged list={list} error={error} more={() => loadRecharges(true)}>
        {(items) => (
          <div className="ad-scroll">
            <table className="ad-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.recharges.order')}</th>
                  <th scope="col">{t('admin.recharges.user')}</th>
                  <th scope="col">{t('admin.recharges.amount')}</th>
                  <th scope="col">{t('admin.recharges.gold')}</th>
                  <th scope="col">{t('admin.recharges.status')}</th>
                  <th scope="col">{t('admin.recharges.created')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((o) => (
                  <tr key={o.order_no} data-order={o.order_no}>
                    <td className="ad-mono">{o.order_no}</td>
                    <td>
                      {o.nick_name} <span className="ad-muted">#{o.user_id}</span>
                    </td>
                    <td>¥{formatUnits(o.amount_fen, locale)}</td>
                    <td>{formatUnits(o.gold, locale)}</td>
                    <td>
                      <span className={`ad-pill is-${o.status}`}>
                        {t(`admin.recharges.filters.${o.status}` as 'admin.recharges.filters.paid')}
                      </span>
                      {o.paid_late && <em className="ad-muted"> {t('admin.recharges.late')}</em>}
                    </td>
                    <td>{formatTime(o.created_at, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Paged>
    </div>
  );
}

/** The audit tab. */
export function AuditPanel() {
  const t = useT();
  const locale = useStore($locale);
  const list = useStore($audit);
  const error = usePanel(useCallback(() => loadAudit(), []));
  return (
    <Paged list={list} error={error} more={() => loadAudit(true)}>
      {(items) => (
        <div className="ad-scroll">
          <table className="ad-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.audit.when')}</th>
                <th scope="col">{t('admin.audit.who')}</th>
                <th scope="col">{t('admin.audit.what')}</th>
                <th scope="col">{t('admin.audit.target')}</th>
                <th scope="col">{t('admin.audit.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id} data-audit={a.action}>
                  <td>{formatTime(a.created_at, locale)}</td>
                  <td>{a.actor}</td>
                  <td className="ad-mono">{a.action}</td>
                  <td className="ad-mono">{a.target}</td>
                  <td className="ad-mono ad-detail">{JSON.stringify(a.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Paged>
  );
}
