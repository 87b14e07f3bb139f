/** The open entry's saved versions: who did what when, one version's diff, and bringing it back. */
import { useStore } from '@nanostores/react';
import {
  $entry,
  $revision,
  $revisions,
  revertEntry,
  showRevision,
} from '../../lib/stores/newsroom.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';

/** The history panel. */
export function History() {
  const t = useT();
  const entry = useStore($entry);
  const revisions = useStore($revisions);
  const shown = useStore($revision);
  const { busy, run } = useAction();
  return (
    <section className="nr-history" aria-label={t('newsroom.revisions.title')}>
      <h3>{t('newsroom.revisions.title')}</h3>
      {revisions.length === 0 && <p className="ad-muted">{t('newsroom.revisions.empty')}</p>}
      <ol>
        {revisions.map((r) => (
          <li key={r.version}>
            <button
              type="button"
              className={shown?.version === r.version ? 'nr-rev is-open' : 'nr-rev'}
              onClick={() => void run(() => showRevision(r.version), '')}
            >
              <strong>{t('newsroom.revisions.version', { version: r.version })}</strong>
              <span>
                {r.author ?? '—'} {t(`newsroom.revisions.action.${r.action}`)}
              </span>
              <time dateTime={r.at}>{new Date(r.at).toLocaleString()}</time>
            </button>
          </li>
        ))}
      </ol>
      {shown && (
        <div className="nr-diff" data-diff>
          {shown.title_before !== null && shown.title_before !== shown.title && (
            <p className="ad-muted">
              {t('newsroom.revisions.titleChanged', { title: shown.title_before })}
            </p>
          )}
          {shown.changed_fields.length > 0 && (
            <p className="ad-muted">
              {t('newsroom.revisions.fieldsChanged', { fields: shown.changed_fields.join(', ') })}
            </p>
          )}
          <pre>
            {shown.diff.map((part, i) => (
              <span key={i} className={`is-${part.kind}`}>
                {part.kind === 'added' ? '+ ' : part.kind === 'removed' ? '- ' : ''}
                {part.text}
              </span>
            ))}
          </pre>
          {entry && shown.version !== entry.version && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void run(() => revertEntry(shown.version), t('newsroom.reverted'))}
            >
              {t('newsroom.actions.revert')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
