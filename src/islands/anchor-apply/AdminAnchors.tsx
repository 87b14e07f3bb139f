/**
 * The administrators' review of anchor applications: a status filter, one card per application
 * with masked data and the ID photo (fetched with the administrator's token), Approve, and Reject with a reason. The server decides who
 * may see the list; anyone else gets its refusal.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $review,
  $reviewFilter,
  approveApplication,
  loadReview,
  privateImageUrl,
  rejectApplication,
  type ReviewFilter,
} from '../../lib/stores/anchor-apply.ts';
import type { ApplicationView } from '../../lib/validation/anchor-apply.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import './anchor-apply.css';

const FILTERS: ReviewFilter[] = ['verifying', 'verified', 'failed', 'all'];

/** The ID photo, fetched with the administrator's token (it is not public). */
function IdPhoto({ path, alt }: { path: string; alt: string }) {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let made = '';
    let live = true;
    privateImageUrl(path).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      () => setUrl(''),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return (
    <a className="aa-app-photo" href={url || undefined} target="_blank" rel="noopener">
      {url && <img src={url} alt={alt} data-id-photo />}
    </a>
  );
}

function Row({ app }: { app: ApplicationView }) {
  const t = useT();
  const locale = useStore($locale);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const act = async (run: () => Promise<void>, done: string) => {
    setBusy(true);
    setError('');
    try {
      await run();
      showToast(done, 'success');
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <li className={`aa-card aa-app is-${app.status}`} data-application={app.id}>
      <IdPhoto path={app.id_photo} alt={t('anchorApply.admin.photo')} />
      <div className="aa-app-main">
        <header>
          <strong>{app.real_name}</strong>
          <span className="aa-muted">
            {app.nick_name} · #{app.user_id}
          </span>
          <span className={`aa-pill is-${app.status}`}>{t(`anchorApply.admin.${app.status}`)}</span>
        </header>
        <dl className="aa-facts">
          <div>
            <dt>{t('anchorApply.form.liveType')}</dt>
            <dd>{app.live_type_name}</dd>
          </div>
          <div>
            <dt>{t('anchorApply.form.experience')}</dt>
            <dd>{t(`anchorApply.experience.${app.experience}`)}</dd>
          </div>
          <div className="is-id">
            <dt>{t('anchorApply.form.idNumber')}</dt>
            <dd className="aa-mono">{app.id_number}</dd>
          </div>
          <div>
            <dt>{t('anchorApply.form.mobile')}</dt>
            <dd className="aa-mono">{app.mobile}</dd>
          </div>
          <div>
            <dt>{t('anchorApply.form.contact')}</dt>
            <dd>{app.contact}</dd>
          </div>
          <div>
            <dt>{t('anchorApply.admin.submittedAt')}</dt>
            <dd>{new Date(app.created_at * 1000).toLocaleString(locale)}</dd>
          </div>
          {app.introducer && (
            <div>
              <dt>{t('anchorApply.form.introducer')}</dt>
              <dd>{app.introducer}</dd>
            </div>
          )}
        </dl>
        <p className="aa-profile">{app.profile}</p>
        {app.reason && (
          <p className="aa-reason">{t('anchorApply.state.failedText', { reason: app.reason })}</p>
        )}
        {app.status === 'verifying' && !rejecting && (
          <div className="aa-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() =>
                void act(
                  () => approveApplication(app.id),
                  t('anchorApply.admin.approved', { name: app.nick_name }),
                )
              }
            >
              {t('anchorApply.admin.approve')}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => setRejecting(true)}
            >
              {t('anchorApply.admin.reject')}
            </button>
          </div>
        )}
        {rejecting && (
          <form
            className="aa-reject"
            onSubmit={(e) => {
              e.preventDefault();
              void act(() => rejectApplication(app.id, reason), t('anchorApply.admin.rejected'));
            }}
          >
            <label>
              <span>{t('anchorApply.admin.reasonPrompt')}</span>
              <input
                name="reason"
                maxLength={200}
                placeholder={t('anchorApply.admin.reasonPh')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </label>
            <div className="aa-actions">
              <button type="submit" className="btn btn-live" disabled={busy}>
                {t('anchorApply.admin.confirmReject')}
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  setRejecting(false);
                  setError('');
                }}
              >
                {t('anchorApply.admin.cancel')}
              </button>
            </div>
          </form>
        )}
        {error && (
          <p className="aa-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}

/** The review page's island. */
export function AdminAnchors() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const review = useStore($review);
  const filter = useStore($reviewFilter);

  useEffect(() => {
    if (loggedIn) void loadReview();
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <section className="aa-card aa-state" data-review-state="guest">
        <h2>{t('anchorApply.state.loginTitle')}</h2>
        <p>{t('anchorApply.admin.refused')}</p>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          {t('anchorApply.state.login')}
        </button>
      </section>
    );
  }
  if (review.kind === 'refused') {
    return (
      <section className="aa-card aa-state is-failed" data-review-state="refused">
        <h2>{t('anchorApply.admin.refused')}</h2>
        <p>{review.message}</p>
      </section>
    );
  }
  return (
    <div className="aa-review">
      <div className="aa-tabs" role="tablist" aria-label={t('anchorApply.admin.filter')}>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={filter === f}
            className={filter === f ? 'is-on' : ''}
            onClick={() => void loadReview(f)}
          >
            {t(`anchorApply.admin.${f}`)}
          </button>
        ))}
      </div>
      {review.kind === 'loading' ? (
        <p className="aa-wait">{t('common.loading')}</p>
      ) : review.list.length === 0 ? (
        <p className="aa-wait">{t('anchorApply.admin.empty')}</p>
      ) : (
        <ul className="aa-list">
          {review.list.map((app) => (
            <Row key={app.id} app={app} />
          ))}
        </ul>
      )}
    </div>
  );
}
