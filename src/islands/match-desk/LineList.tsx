/** The text live as viewers see it, newest first, each line with Correct and Remove. */
import type { TextLine } from '../../lib/sports/match-centre.ts';
import { removeLine } from '../../lib/stores/match-desk.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';

/** The lines of the open match. */
export function LineList({ lines, onEdit }: { lines: TextLine[]; onEdit: (l: TextLine) => void }) {
  const t = useT();
  const { busy, run } = useAction();
  return (
    <section className="ad-card" aria-labelledby="md-lines-title">
      <h2 id="md-lines-title">{t('matchDesk.live.lines')}</h2>
      {lines.length === 0 && <p className="ad-muted">{t('matchDesk.live.noLines')}</p>}
      <ol className="md-lines">
        {lines.map((line) => (
          <li key={line.id} className={`md-line k-${line.kind}`} data-line={line.id}>
            <span className="md-min ad-mono">{line.minute}&apos;</span>
            <span className={`md-kind-chip k-${line.kind}`}>
              {t(`matchDesk.live.kinds.${line.kind}`)}
            </span>
            <span className="md-texts">
              <span lang="zh-CN">{line.zh}</span>
              {line.en === line.zh ? (
                <span className="ad-muted">{t('matchDesk.live.untranslated')}</span>
              ) : (
                <span lang="en-US">{line.en}</span>
              )}
            </span>
            <span className="md-actions">
              <button type="button" className="btn" onClick={() => onEdit(line)}>
                {t('matchDesk.live.editLine')}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy}
                onClick={() => {
                  if (confirm(t('matchDesk.live.confirmRemove'))) {
                    void run(() => removeLine(line.id), t('matchDesk.live.removeLine'));
                  }
                }}
              >
                {t('matchDesk.live.removeLine')}
              </button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
