/**
 * /user-center/apply-anchor: a login prompt for guests, the form before a first application or
 * after "Apply again", otherwise the status card (verifying, verified with Go live, failed).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $applyRetry, $applyStatus, applyAgain, loadApply } from '../../lib/stores/anchor-apply.ts';
import type { ApplyStatus } from '../../lib/validation/anchor-apply.ts';
import { openDialog, openLogin } from '../../lib/stores/dialogs.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { useT } from '../use-t.ts';
import { ApplyForm } from './ApplyForm.tsx';
import './anchor-apply.css';

const BADGE_PATHS = {
  guest: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z',
  verifying: 'M12 6v6l4 2M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18z',
  verified: 'M5 12.5l4.5 4.5L19 7.5',
  failed: 'M12 7v6M12 16.5v.5',
} as const;

/** The round state icon of a card. */
function Badge({ kind }: { kind: keyof typeof BADGE_PATHS }) {
  return (
    <div className="aa-badge" aria-hidden>
      <svg viewBox="0 0 24 24" width="30" height="30">
        <path
          d={BADGE_PATHS[kind]}
          fill={kind === 'guest' ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}

function StatusCard({ status }: { status: Exclude<ApplyStatus, { status: 'not_certified' }> }) {
  const t = useT();
  const locale = useStore($locale);
  const date = new Date(status.application.created_at * 1000).toLocaleDateString(locale);
  return (
    <section className={`aa-card aa-state is-${status.status}`} data-apply-state={status.status}>
      <Badge kind={status.status} />
      <h2>{t(`anchorApply.state.${status.status}Title`)}</h2>
      <p>
        {status.status === 'failed'
          ? t('anchorApply.state.failedText', { reason: status.reason })
          : t(`anchorApply.state.${status.status}Text`)}
      </p>
      <dl className="aa-summary">
        <div>
          <dt>{t('anchorApply.form.liveType')}</dt>
          <dd>{status.application.live_type_name}</dd>
        </div>
        <div>
          <dt>{t('anchorApply.form.realName')}</dt>
          <dd>{status.application.real_name}</dd>
        </div>
        <div>
          <dt>{t('anchorApply.form.idNumber')}</dt>
          <dd className="aa-mono">{status.application.id_number}</dd>
        </div>
        <div>
          <dt>{t('anchorApply.form.mobile')}</dt>
          <dd className="aa-mono">{status.application.mobile}</dd>
        </div>
      </dl>
      <p className="aa-when">{t('anchorApply.state.submitted', { date })}</p>
      {status.status === 'verified' && (
        <button type="button" className="btn btn-live" onClick={() => openDialog('liveSettings')}>
          {t('anchorApply.state.goLive')}
        </button>
      )}
      {status.status === 'failed' && (
        <button type="button" className="btn btn-primary" onClick={applyAgain}>
          {t('anchorApply.state.applyAgain')}
        </button>
      )}
    </section>
  );
}

/** The apply page's island. */
export function ApplyAnchor() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const status = useStore($applyStatus);
  const retry = useStore($applyRetry);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!loggedIn) return;
    loadApply().catch((e: unknown) => setError((e as Error).message));
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <section className="aa-card aa-state" data-apply-state="guest">
        <Badge kind="guest" />
        <h2>{t('anchorApply.state.loginTitle')}</h2>
        <p>{t('anchorApply.state.loginText')}</p>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          {t('anchorApply.state.login')}
        </button>
      </section>
    );
  }
  if (error) return <p className="aa-error">{error}</p>;
  if (!status) return <p className="aa-wait">{t('common.loading')}</p>;
  if (status.status === 'not_certified' || (status.status === 'failed' && retry)) {
    return <ApplyForm />;
  }
  return <StatusCard status={status} />;
}
