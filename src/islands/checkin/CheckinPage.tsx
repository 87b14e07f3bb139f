/**
 * /user-center/checkin: the streak, the week with today's check-in, the rules and every
 * check-in so far with its rewards (RewardDesc), newest first, more on demand.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $checkinBusy,
  $checkinError,
  $checkinInfo,
  $checkinPhase,
  $checkinRewards,
  checkInToday,
  loadCheckinHistory,
  loadCheckinInfo,
} from '../../lib/stores/checkin.ts';
import { $config } from '../../lib/stores/config.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { useLoadMore } from '../use-load-more.ts';
import { useT } from '../use-t.ts';
import { CheckinWeek } from './CheckinWeek.tsx';
import { LoginPanel } from './LoginPanel.tsx';
import { WonRewards } from './RewardChip.tsx';
import './checkin.css';

const PAGE_SIZE = 10;

function History({ version }: { version: number }) {
  const t = useT();
  const { rows, total, state, hasMore, more } = useLoadMore(
    async (page) => {
      const data = await loadCheckinHistory(page, PAGE_SIZE);
      return { rows: data.CheckinHistory, total: data.total };
    },
    true,
    version,
  );
  const error = state.kind === 'error' ? state.message : null;
  return (
    <section className="ck-panel" aria-labelledby="ck-history-title">
      <h2 id="ck-history-title">
        {t('engagement.checkin.history')}
        {total > 0 && (
          <span className="ck-cycle"> · {t('engagement.checkin.total', { n: total })}</span>
        )}
      </h2>
      {error && <p role="alert">{error}</p>}
      {rows.length === 0 && !error ? (
        <p className="ck-empty">{t('engagement.checkin.historyEmpty')}</p>
      ) : (
        <ol className="ck-history" data-checkin-history>
          {rows.map((r) => (
            <li key={r.Day}>
              <span>
                <time dateTime={r.Day}>{r.Day}</time>{' '}
                <span className="ck-cycle">
                  {t('engagement.checkin.cycleDay', { n: r.CycleDay })}
                </span>
              </span>
              <span className="ck-desc">{r.RewardDesc}</span>
            </li>
          ))}
        </ol>
      )}
      {hasMore && (
        <button type="button" className="btn btn-ghost ck-more" onClick={more}>
          {t('engagement.loadMore')}
        </button>
      )}
    </section>
  );
}

/** The page island. */
export function CheckinPage() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const info = useStore($checkinInfo);
  const phase = useStore($checkinPhase);
  const busy = useStore($checkinBusy);
  const rewards = useStore($checkinRewards);
  const error = useStore($checkinError);
  const lotteryOn = useStore($config)?.lottery_switch === 1;
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (loggedIn) void loadCheckinInfo();
  }, [loggedIn]);
  if (!loggedIn) {
    return (
      <LoginPanel
        title={t('engagement.checkin.loginTitle')}
        body={t('engagement.checkin.loginBody')}
      />
    );
  }
  if (!info && error) {
    // Check-in switched off (or the server unreachable): say so instead of an empty week.
    return (
      <div className="ck-panel" data-checkin-closed>
        <p className="ck-error" role="alert">
          {error}
        </p>
      </div>
    );
  }
  const streak = info?.Continuous ?? 0;
  return (
    <div className="ck-page" data-checkin-page data-phase={phase}>
      <section className="ck-hero">
        <div className="ck-streak" data-streak={streak}>
          <strong>{streak}</strong>
          <span>
            {streak > 0
              ? t('engagement.checkin.streak', { n: streak })
              : t('engagement.checkin.streakNone')}
          </span>
        </div>
        <div className="ck-actions">
          {phase === 3 ? (
            <button type="button" className="btn btn-ghost ck-go" disabled>
              {t('engagement.checkin.done')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary ck-go"
              disabled={busy || !info}
              onClick={() => void checkInToday().then(() => setVersion((v) => v + 1))}
            >
              {busy
                ? t('engagement.checkin.checking')
                : phase === 2
                  ? t('engagement.checkin.retry')
                  : t('engagement.checkin.button')}
            </button>
          )}
        </div>
      </section>
      <section className="ck-panel" aria-label={t('engagement.checkin.title')}>
        {info ? (
          <CheckinWeek days={info.CheckinDetails} />
        ) : (
          <div className="ck-week-skeleton" aria-busy="true" />
        )}
        {phase === 3 && <WonRewards rewards={rewards} />}
      </section>
      <section className="ck-panel" aria-labelledby="ck-rules-title">
        <h2 id="ck-rules-title">{t('engagement.checkin.rules')}</h2>
        <ul className="ck-rules">
          <li>{t('engagement.checkin.rule1')}</li>
          <li>{t('engagement.checkin.rule2')}</li>
          <li>{t('engagement.checkin.rule3')}</li>
        </ul>
        {lotteryOn && (
          <p className="ck-links">
            <a href="/lottery">{t('engagement.lottery.title')}</a>
          </p>
        )}
      </section>
      <History version={version} />
    </div>
  );
}
