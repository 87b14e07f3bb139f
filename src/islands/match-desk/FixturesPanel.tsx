/** The fixtures of some days: the query, a fixture's form, and each fixture's actions. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { DeskFixture } from '../../lib/sports/desk-api.ts';
import { $locale } from '../../lib/stores/locale.ts';
import {
  $deskCatalog,
  $fixtures,
  changeFixture,
  loadFixtures,
  type FixtureQuery,
} from '../../lib/stores/match-desk.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';
import { nameIn, siteToday, toSiteInput } from './desk-format.ts';
import { FixtureForm } from './FixtureForm.tsx';

/** The fixtures panel. */
export function FixturesPanel() {
  const t = useT();
  const locale = useStore($locale);
  const catalog = useStore($deskCatalog);
  const fixtures = useStore($fixtures);
  const [query, setQuery] = useState<FixtureQuery>(() => ({ from: siteToday(), days: 7 }));
  const [editing, setEditing] = useState<DeskFixture | 'new' | null>(null);
  const [error, setError] = useState('');
  const { busy, run } = useAction();

  useEffect(() => {
    setError('');
    loadFixtures(query).catch((e: unknown) => setError((e as Error).message));
  }, [query]);

  const title = (f: DeskFixture) => `${nameIn(locale, f.home)} – ${nameIn(locale, f.away)}`;
  const change = (f: DeskFixture, action: 'postpone' | 'cancel' | 'restore') => {
    if (
      action === 'cancel' &&
      !confirm(t('matchDesk.fixtures.confirmCancel', { match: title(f) }))
    ) {
      return;
    }
    void run(() => changeFixture(f.id, action), t(`matchDesk.fixtures.${action}`));
  };

  return (
    <section className="ad-card md-fixtures" aria-labelledby="md-fixtures-title">
      <div className="md-head">
        <h2 id="md-fixtures-title">{t('matchDesk.tabs.fixtures')}</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('matchDesk.fixtures.add')}
        </button>
      </div>
      <div className="md-query">
        <label>
          <span>{t('matchDesk.fixtures.day')}</span>
          <input
            type="date"
            value={query.from}
            onChange={(e) => e.target.value && setQuery({ ...query, from: e.target.value })}
          />
        </label>
        <label>
          <span>{t('matchDesk.fixtures.days')}</span>
          <select
            value={query.days}
            onChange={(e) => setQuery({ ...query, days: Number(e.target.value) })}
          >
            {[1, 3, 7, 14, 31].map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('matchDesk.fixtures.league')}</span>
          <select
            value={query.league_id ?? ''}
            onChange={(e) =>
              setQuery({
                from: query.from,
                days: query.days,
                ...(e.target.value ? { league_id: Number(e.target.value) } : {}),
              })
            }
          >
            <option value="">{t('matchDesk.fixtures.allLeagues')}</option>
            {catalog?.leagues.map((l) => (
              <option key={l.id} value={l.id}>
                {nameIn(locale, l)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {editing && (
        <FixtureForm fixture={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      {error && <p className="ad-error">{error}</p>}
      {fixtures?.length === 0 && <p className="ad-muted">{t('matchDesk.fixtures.none')}</p>}
      {fixtures === null && !error && <p className="ad-muted">…</p>}
      <ul className="md-fixture-list">
        {fixtures?.map((f) => (
          <li key={f.id} className={`md-fixture s${f.status}`} data-fixture={f.id}>
            <span className="md-when ad-mono">{toSiteInput(f.start_time).replace('T', ' ')}</span>
            <span className="md-league">{locale === 'zh-CN' ? f.league_zh : f.league_en}</span>
            <span className="md-teams">
              <strong>{title(f)}</strong>
              {f.status === 1 || f.status === 2 ? (
                <span className="md-score">
                  {f.home_score ?? 0}:{f.away_score ?? 0}
                </span>
              ) : null}
            </span>
            <span className={`md-chip s${f.status}`}>
              {f.status === 1 && f.phase === 'ht'
                ? t('schedule.phase.ht')
                : t(`schedule.status.${f.status}`)}
            </span>
            <span className="md-actions">
              {f.status <= 1 && (
                <a className="btn btn-primary" href={`#live/${f.id}`}>
                  {t('matchDesk.fixtures.run')}
                </a>
              )}
              {f.status !== 2 && (
                <button type="button" className="btn" onClick={() => setEditing(f)}>
                  {t('matchDesk.fixtures.edit')}
                </button>
              )}
              {(f.status === 0 || f.status === 1) && (
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  onClick={() => change(f, 'postpone')}
                >
                  {t('matchDesk.fixtures.postpone')}
                </button>
              )}
              {(f.status === 0 || f.status === 1 || f.status === 3) && (
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={busy}
                  onClick={() => change(f, 'cancel')}
                >
                  {t('matchDesk.fixtures.cancel')}
                </button>
              )}
              {f.status >= 3 && (
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  onClick={() => change(f, 'restore')}
                >
                  {t('matchDesk.fixtures.restore')}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
