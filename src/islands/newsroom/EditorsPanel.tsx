/** Administrators grant and take back the editor role by user id. */
import { useStore } from '@nanostores/react';
import { useCallback, useState } from 'react';
import { $editors, grantEditor, loadEditors, revokeEditor } from '../../lib/stores/newsroom.ts';
import { useAction, usePanel } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';

/** The editors panel. */
export function EditorsPanel() {
  const t = useT();
  const editors = useStore($editors);
  const error = usePanel(useCallback(loadEditors, []));
  const [userId, setUserId] = useState('');
  const { busy, run } = useAction();
  return (
    <section className="ad-card" aria-labelledby="nr-editors-title">
      <h2 id="nr-editors-title">{t('newsroom.editors.title')}</h2>
      <p className="ad-muted">{t('newsroom.editors.intro')}</p>
      {error && <p className="ad-error">{error}</p>}
      <form
        className="nr-inline nr-grant"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => grantEditor(Number(userId)), t('newsroom.actions.grant')).then(
            (done) => done && setUserId(''),
          );
        }}
      >
        <label htmlFor="nr-editor-id">{t('newsroom.fields.userId')}</label>
        <input
          id="nr-editor-id"
          inputMode="numeric"
          value={userId}
          onChange={(e) => setUserId(e.target.value.trim())}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !userId}>
          {t('newsroom.actions.grant')}
        </button>
      </form>
      {editors?.length === 0 && <p className="ad-muted">{t('newsroom.editors.empty')}</p>}
      <ul className="nr-editors">
        {editors?.map((e) => (
          <li key={e.user_id}>
            <span>
              {e.nick_name} <span className="ad-mono">#{e.user_id}</span>
            </span>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => void run(() => revokeEditor(e.user_id), t('newsroom.actions.revoke'))}
            >
              {t('newsroom.actions.revoke')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
