/** Lives with their figures; with `onPick`, each title is a button that picks the live. */
import { useStore } from '@nanostores/react';
import { formatCount } from '../../../lib/format.ts';
import { $locale } from '../../../lib/stores/locale.ts';
import type { LiveSummary } from '../../../lib/studio/centre.ts';
import { useT } from '../../use-t.ts';
import { duration, gems } from './format.ts';

/** Props of LivesTable. */
interface Props {
  lives: LiveSummary[];
  when: (seconds: number) => string;
  onPick?: (live: LiveSummary) => void;
  picked?: number;
}

/** The table. */
export function LivesTable({ lives, when, onPick, picked }: Props) {
  const t = useT();
  const locale = useStore($locale);
  const count = (n: number) => formatCount(n, locale);
  return (
    <div className="ac-table-wrap">
      <table className="ac-table">
        <thead>
          <tr>
            <th scope="col">{t('studio.centre.analysis.title')}</th>
            <th scope="col">{t('studio.centre.analysis.started')}</th>
            <th scope="col">{t('studio.centre.analysis.duration')}</th>
            <th scope="col">{t('studio.centre.peakViewers')}</th>
            <th scope="col">{t('studio.centre.viewers')}</th>
            <th scope="col">{t('studio.centre.messages')}</th>
            <th scope="col">{t('studio.centre.gifts')}</th>
            <th scope="col">{t('studio.centre.incomeLabel')}</th>
          </tr>
        </thead>
        <tbody>
          {lives.map((live) => (
            <tr key={live.id} className={picked === live.id ? 'is-picked' : undefined}>
              <th scope="row">
                {onPick ? (
                  <button
                    type="button"
                    className="ac-pick"
                    aria-pressed={picked === live.id}
                    onClick={() => onPick(live)}
                  >
                    {live.title}
                  </button>
                ) : (
                  <span className="ac-live-title">{live.title}</span>
                )}
                <small>
                  {live.category}
                  {live.ended_at === null && (
                    <em className="ac-running"> · {t('studio.centre.running')}</em>
                  )}
                </small>
              </th>
              <td>{when(live.started_at)}</td>
              <td>{duration(t, live.duration)}</td>
              <td>{count(live.peak_viewers)}</td>
              <td>{count(live.viewers)}</td>
              <td>{count(live.messages)}</td>
              <td>{count(live.gifts)}</td>
              <td className="ac-money">{gems(live.income)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
