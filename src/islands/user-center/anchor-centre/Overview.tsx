/** The anchor centre's overview: live state, income balance, today, this month, recent lives. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { startLiveFromHeader } from '../../../lib/stores/anchor.ts';
import { $centreOverview, loadOverview } from '../../../lib/stores/anchor-centre.ts';
import { $locale } from '../../../lib/stores/locale.ts';
import { $userId } from '../../../lib/stores/session.ts';
import type { LiveTotals } from '../../../lib/studio/centre.ts';
import { StreamHealthPanel } from '../../stream-health/StreamHealthPanel.tsx';
import { useT } from '../../use-t.ts';
import { duration, gems, shortWhen } from './format.ts';
import { LivesTable } from './LivesTable.tsx';
import { Failed } from './parts.tsx';

/** The overview tab. */
export function Overview() {
  const t = useT();
  const locale = useStore($locale);
  const { data, status } = useStore($centreOverview);
  const userId = useStore($userId);
  useEffect(() => void loadOverview(), []);

  if (status.state === 'error' && !data)
    return <Failed message={status.message} retry={loadOverview} />;
  if (!data) return <p className="ac-wait">{t('common.loading')}</p>;
  const count = (n: number) => formatCount(n, locale);
  const state = data.is_live ? 'live' : data.session_open ? 'sessionOpen' : 'offline';
  const tiles = (totals: LiveTotals) => [
    [t('studio.centre.viewers'), count(totals.viewers)],
    [t('studio.centre.peakViewers'), count(totals.peak_viewers)],
    [t('studio.centre.messages'), count(totals.messages)],
    [t('studio.centre.gifts'), count(totals.gifts)],
    [t('studio.centre.incomeLabel'), gems(totals.income)],
  ];

  return (
    <div className="ac-overview">
      <section className={`ac-state ac-state-${state}`} aria-live="polite">
        <span className="ac-state-dot" aria-hidden="true" />
        <div>
          <h2>{t(`studio.centre.${state}`)}</h2>
          <p>{t(`studio.centre.${state}Hint`)}</p>
        </div>
        {state === 'offline' ? (
          <button type="button" className="btn btn-live" onClick={() => void startLiveFromHeader()}>
            {t('studio.centre.goLive')}
          </button>
        ) : (
          <a className="btn btn-primary" href={`/liveMatchesTwo/${userId ?? ''}`}>
            {t('studio.centre.toRoom')}
          </a>
        )}
      </section>

      {state === 'offline' ? null : <StreamHealthPanel />}

      <div className="ac-headline">
        <div className="ac-big ac-big-income">
          <span>{t('studio.centre.balance')}</span>
          <strong data-testid="income-balance">{gems(data.income_balance)}</strong>
          <small>{t('studio.centre.balanceHint')}</small>
        </div>
        <div className="ac-big">
          <span>{t('studio.centre.followers')}</span>
          <strong>{count(data.followers)}</strong>
        </div>
        <div className="ac-big">
          <span>{t('studio.centre.month')}</span>
          <strong>{gems(data.month.income)}</strong>
          <small>
            {t('studio.centre.lives')} {data.month.lives} · {duration(t, data.month.duration)}
          </small>
        </div>
      </div>

      <section className="ac-card" aria-labelledby="ac-today">
        <h2 id="ac-today">{t('studio.centre.today')}</h2>
        <dl className="ac-tiles">
          {tiles(data.today).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="ac-card" aria-labelledby="ac-recent">
        <h2 id="ac-recent">{t('studio.centre.recent')}</h2>
        {data.recent.length === 0 ? (
          <p className="ac-empty">{t('studio.centre.noLives')}</p>
        ) : (
          <LivesTable lives={data.recent} when={shortWhen} />
        )}
      </section>
    </div>
  );
}
