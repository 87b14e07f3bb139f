/**
 * The data analysis tab: viewers, chat messages, gifts and income of a date range, by day or by
 * live, and one live's viewers minute by minute.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import {
  $centreAnalysis,
  $centreLive,
  loadAnalysis,
  loadLive,
} from '../../../lib/stores/anchor-centre.ts';
import type { AnalysisReport, LiveTotals } from '../../../lib/studio/centre.ts';
import { siteTime } from '../../../lib/time.ts';
import { useT } from '../../use-t.ts';
import { ChartBox } from './ChartBox.tsx';
import type { ChartSpec } from './charts.ts';
import { gemsShort, shortWhen } from './format.ts';
import { LivesTable } from './LivesTable.tsx';
import { Failed } from './parts.tsx';
import { RangeBar } from './RangeBar.tsx';

type View = 'day' | 'live';
type TFn = ReturnType<typeof useT>;

/** The three charts of a view: one row of figures per day or per live (oldest first). */
function specs(t: TFn, labels: string[], rows: LiveTotals[]): Record<string, ChartSpec> {
  const series = (key: keyof LiveTotals) => rows.map((r) => r[key]);
  return {
    viewers: {
      labels,
      series: [
        {
          label: t('studio.centre.peakViewers'),
          data: series('peak_viewers'),
          color: '#00d1ff',
          kind: 'line',
        },
        {
          label: t('studio.centre.viewers'),
          data: series('viewers'),
          color: '#7c5cff',
          kind: 'line',
        },
      ],
    },
    chat: {
      labels,
      series: [
        {
          label: t('studio.centre.messages'),
          data: series('messages'),
          color: '#22d37e',
          kind: 'bar',
        },
      ],
    },
    gifts: {
      labels,
      series: [
        { label: t('studio.centre.gifts'), data: series('gifts'), color: '#ff3b5c', kind: 'bar' },
        {
          label: t('studio.centre.incomeLabel'),
          data: series('income'),
          color: '#ffb800',
          kind: 'line',
          right: true,
        },
      ],
      formatRight: gemsShort,
    },
  };
}

function viewSpecs(t: TFn, data: AnalysisReport, view: View) {
  if (view === 'day')
    return specs(
      t,
      data.days.map((d) => d.day.slice(5)),
      data.days,
    );
  const lives = [...data.lives].reverse();
  return specs(
    t,
    lives.map((l) => shortWhen(l.started_at)),
    lives,
  );
}

/** The analysis tab. */
export function AnalysisTab() {
  const t = useT();
  const { data, status } = useStore($centreAnalysis);
  const live = useStore($centreLive);
  const [view, setView] = useState<View>('day');
  useEffect(() => void loadAnalysis(), []);
  const charts = useMemo(() => data && viewSpecs(t, data, view), [data, view, t]);
  const minutes = useMemo<ChartSpec | null>(
    () =>
      live.data && {
        labels: live.data.viewers.map(([s]) => siteTime(new Date(s * 1000))),
        series: [
          {
            label: t('studio.centre.viewers'),
            data: live.data.viewers.map(([, n]) => n),
            color: '#00d1ff',
            kind: 'line',
          },
        ],
      },
    [live.data, t],
  );

  const chart = (key: string, titleKey: 'viewersChart' | 'chatChart' | 'giftsChart') => {
    const title = t(`studio.centre.analysis.${titleKey}`);
    return (
      <ChartBox
        name={key}
        title={title}
        label={t('studio.centre.analysis.chartLabel', { name: title })}
        spec={charts![key]!}
      />
    );
  };

  return (
    <div className="ac-tab">
      <RangeBar onChange={() => void loadAnalysis()} />
      {status.state === 'error' && <Failed message={status.message} retry={loadAnalysis} />}
      {!data || !charts ? (
        status.state !== 'error' && <p className="ac-wait">{t('common.loading')}</p>
      ) : (
        <div className={status.state === 'loading' ? 'ac-body is-loading' : 'ac-body'}>
          <div className="ac-switch" role="group" aria-label={t('studio.centre.tabs.analysis')}>
            {(['day', 'live'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                className={view === v ? 'is-on' : undefined}
                onClick={() => setView(v)}
              >
                {t(v === 'day' ? 'studio.centre.analysis.byDay' : 'studio.centre.analysis.byLive')}
              </button>
            ))}
          </div>
          <div className="ac-charts">
            {chart('viewers', 'viewersChart')}
            {chart('chat', 'chatChart')}
            {chart('gifts', 'giftsChart')}
          </div>
          <section className="ac-card" aria-labelledby="ac-lives">
            <h2 id="ac-lives">{t('studio.centre.analysis.livesTable')}</h2>
            {data.lives.length === 0 ? (
              <p className="ac-empty">{t('studio.centre.analysis.empty')}</p>
            ) : (
              <LivesTable
                lives={data.lives}
                when={shortWhen}
                picked={live.data?.live.id}
                onPick={(l) => void loadLive(l.id)}
              />
            )}
          </section>
          <section className="ac-card" aria-labelledby="ac-minutes">
            <h2 id="ac-minutes">
              {t('studio.centre.analysis.details')}
              {live.data && <small> · {live.data.live.title}</small>}
            </h2>
            {live.status.state === 'error' && (
              <p className="ac-error" role="alert">
                {live.status.message}
              </p>
            )}
            {!live.data ? (
              <p className="ac-empty">{t('studio.centre.analysis.pick')}</p>
            ) : live.data.viewers.length === 0 ? (
              <p className="ac-empty">{t('studio.centre.analysis.noSamples')}</p>
            ) : (
              minutes && (
                <ChartBox
                  name="minutes"
                  title={t('studio.centre.analysis.details')}
                  label={t('studio.centre.analysis.chartLabel', {
                    name: t('studio.centre.analysis.details'),
                  })}
                  spec={minutes}
                />
              )
            )}
          </section>
        </div>
      )}
    </div>
  );
}
