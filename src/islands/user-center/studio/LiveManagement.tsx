/**
 * /user-center/live-management: the anchor's planned lives, soonest first, with "Start now"
 * (the live settings dialog opens filled from the plan) and "Cancel"; buttons to go live or
 * plan another. Non-anchors are sent to the application page.
 */
import { useEffect, useState } from 'react';
import { checkAnchorStatus } from '../../../lib/stores/anchor.ts';
import { openDialog } from '../../../lib/stores/dialogs.ts';
import {
  $liveDraft,
  cancelOwnPlan,
  loadOwnPlans,
  type OwnPlan,
} from '../../../lib/stores/studio.ts';
import { $userId } from '../../../lib/stores/session.ts';
import { showToast } from '../../../lib/stores/toast.ts';
import { useT } from '../../use-t.ts';
import './live-management.css';

const STATUS_KEYS = ['planned', 'cancelled', 'started'] as const;

function when(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The page's island. */
export function LiveManagement() {
  const t = useT();
  const [plans, setPlans] = useState<OwnPlan[] | null>(null);
  const [error, setError] = useState('');
  const [live, setLive] = useState(false);

  const reload = () =>
    loadOwnPlans()
      .then(setPlans)
      .catch((e: Error) => setError(e.message));

  useEffect(() => {
    checkAnchorStatus()
      .then((status) => {
        if (!status || status.is_anchor !== 1) {
          location.assign('/user-center/apply-anchor');
          return;
        }
        setLive(status.is_live === 1);
        void reload();
      })
      .catch((e: Error) => setError(e.message));
  }, []);

  const start = (plan: OwnPlan) => {
    $liveDraft.set({
      title: plan.title,
      category: plan.category_id,
      cateid: plan.child_category_id ?? 0,
      match_id: plan.match_id,
      thumb_y: plan.cover,
      ticket: plan.ticket === 1 ? 1 : 0,
      plan_id: plan.id,
    });
    openDialog('liveSettings');
  };
  const cancel = (plan: OwnPlan) => {
    if (!confirm(t('studio.manage.cancelConfirm', { title: plan.title }))) return;
    cancelOwnPlan(plan.id)
      .then(() => {
        showToast(t('studio.manage.cancelled'), 'success');
        void reload();
      })
      .catch((e: Error) => showToast(e.message, 'error'));
  };

  if (error) return <p className="lm-empty">{error}</p>;
  if (!plans) return <p className="lm-empty">{t('common.loading')}</p>;
  const now = Date.now() / 1000;
  return (
    <div className="lm">
      <div className="lm-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() =>
            live ? location.assign(`/liveMatchesTwo/${$userId.get()}`) : openDialog('liveSettings')
          }
        >
          {t(live ? 'studio.manage.live' : 'studio.manage.goLive')}
        </button>
      </div>
      {plans.length === 0 ? (
        <p className="lm-empty">{t('studio.manage.empty')}</p>
      ) : (
        <ul className="lm-list">
          {plans.map((plan) => {
            const open = plan.status === 0 && plan.plan_time > now;
            const status =
              plan.status === 0 && !open ? 'missed' : (STATUS_KEYS[plan.status] ?? 'planned');
            return (
              <li key={plan.id} className="lm-item" data-plan={plan.id} data-status={status}>
                <img className="lm-cover" src={plan.cover} alt="" loading="lazy" />
                <div className="lm-body">
                  <span className={`lm-chip lm-chip-${status}`}>
                    {t(`studio.manage.status.${status}`)}
                  </span>
                  <h2>{plan.title}</h2>
                  <p>
                    {plan.category}
                    {plan.second_category ? ` · ${plan.second_category}` : ''} ·{' '}
                    {when(plan.plan_time)}
                  </p>
                </div>
                {open && (
                  <div className="lm-buttons">
                    <button type="button" className="btn btn-primary" onClick={() => start(plan)}>
                      {t('studio.manage.start')}
                    </button>
                    <button type="button" className="btn btn-ghost" onClick={() => cancel(plan)}>
                      {t('studio.manage.cancel')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
