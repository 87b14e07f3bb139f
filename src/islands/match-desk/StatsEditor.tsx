/** The statistics of the open match: score by period and the sport's team figures. */
import { useState } from 'react';
import { STAT_KEYS, type MatchStats, type PeriodScore } from '../../lib/sports/match-centre.ts';
import { sendStats } from '../../lib/stores/match-desk.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';

const count = (v: string) => Math.min(100_000, Math.max(0, Math.floor(Number(v) || 0)));

function Pair({
  label,
  value,
  onChange,
}: {
  label: string;
  value: PeriodScore;
  onChange: (v: PeriodScore) => void;
}) {
  return (
    <div className="md-pair">
      <input
        type="number"
        min={0}
        aria-label={`${label} 1`}
        value={value.home}
        onChange={(e) => onChange({ ...value, home: count(e.target.value) })}
      />
      <span>{label}</span>
      <input
        type="number"
        min={0}
        aria-label={`${label} 2`}
        value={value.away}
        onChange={(e) => onChange({ ...value, away: count(e.target.value) })}
      />
    </div>
  );
}

/** The statistics editor; starts from what viewers see. */
export function StatsEditor({ sportId, stats }: { sportId: number; stats: MatchStats | null }) {
  const t = useT();
  const keys = STAT_KEYS[sportId] ?? [];
  const [periods, setPeriods] = useState<PeriodScore[]>(stats?.periods ?? []);
  const [items, setItems] = useState(() =>
    keys.map((key) => stats?.items.find((i) => i.key === key) ?? { key, home: 0, away: 0 }),
  );
  const { busy, run } = useAction();
  const periodName = (n: number) =>
    t(`sports.centre.periods.${sportId}.${n}`, { defaultValue: String(n) });
  return (
    <section className="ad-card md-stats" aria-labelledby="md-stats-title">
      <h2 id="md-stats-title">{t('matchDesk.live.stats')}</h2>
      <h3>{t('matchDesk.live.periods')}</h3>
      {periods.map((p, i) => (
        <Pair
          key={i}
          label={periodName(i + 1)}
          value={p}
          onChange={(v) => setPeriods(periods.map((old, j) => (j === i ? v : old)))}
        />
      ))}
      {periods.length < 10 && (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => setPeriods([...periods, { home: 0, away: 0 }])}
        >
          {t('matchDesk.live.addPeriod')}
        </button>
      )}
      <h3>{t('sports.centre.teamStats')}</h3>
      {items.map((item, i) => (
        <Pair
          key={item.key}
          label={t(`sports.stat.${item.key}`, { defaultValue: item.key })}
          value={item}
          onChange={(v) => setItems(items.map((old, j) => (j === i ? { ...old, ...v } : old)))}
        />
      ))}
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() =>
          void run(() => sendStats({ periods, items }), t('matchDesk.live.statsSaved'))
        }
      >
        {t('matchDesk.live.saveStats')}
      </button>
    </section>
  );
}
