/** Teams or leagues: the list of one sport at a time, and the form that creates or edits one. */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { DeskLeague, DeskTeam } from '../../lib/sports/desk-api.ts';
import { SPORT_ID } from '../../lib/sports/match-centre.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $deskCatalog } from '../../lib/stores/match-desk.ts';
import { useT } from '../use-t.ts';
import { nameIn } from './desk-format.ts';
import { LeagueForm, TeamForm } from './CatalogForms.tsx';

const SPORTS = Object.values(SPORT_ID);

/** The teams or leagues panel. */
export function CatalogPanel({ kind }: { kind: 'teams' | 'leagues' }) {
  const t = useT();
  const locale = useStore($locale);
  const catalog = useStore($deskCatalog);
  const [sport, setSport] = useState<number>(SPORT_ID.football);
  const [editing, setEditing] = useState<DeskTeam | DeskLeague | 'new' | null>(null);
  const [find, setFind] = useState('');
  const needle = find.trim().toLowerCase();
  const rows = (kind === 'teams' ? catalog?.teams : catalog?.leagues)?.filter(
    (r) =>
      r.sport_id === sport &&
      (!needle ||
        r.name_en.toLowerCase().includes(needle) ||
        r.name_zh.toLowerCase().includes(needle)),
  );
  const close = () => setEditing(null);

  return (
    <section className="ad-card" aria-labelledby="md-catalog-title">
      <div className="md-head">
        <h2 id="md-catalog-title">{t(`matchDesk.tabs.${kind}`)}</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {kind === 'teams' ? t('matchDesk.catalog.addTeam') : t('matchDesk.catalog.addLeague')}
        </button>
      </div>
      <div className="md-query" role="group" aria-label={t('matchDesk.catalog.sport')}>
        {SPORTS.map((s) => (
          <button
            key={s}
            type="button"
            className={s === sport ? 'btn btn-primary' : 'btn'}
            aria-pressed={s === sport}
            onClick={() => setSport(s)}
          >
            {t(`matchDesk.sports.${s}`)}
          </button>
        ))}
        <label className="md-find">
          <span className="md-sr">{t('matchDesk.catalog.find')}</span>
          <input
            type="search"
            value={find}
            placeholder={t('matchDesk.catalog.find')}
            onChange={(e) => setFind(e.target.value)}
          />
        </label>
      </div>
      {editing &&
        (kind === 'teams' ? (
          <TeamForm
            key={editing === 'new' ? 'new' : editing.id}
            team={editing === 'new' ? null : (editing as DeskTeam)}
            sport={sport}
            onDone={close}
          />
        ) : (
          <LeagueForm
            key={editing === 'new' ? 'new' : editing.id}
            league={editing === 'new' ? null : (editing as DeskLeague)}
            sport={sport}
            onDone={close}
          />
        ))}
      {rows?.length === 0 && (
        <p className="ad-muted">
          {kind === 'teams' ? t('matchDesk.catalog.noTeams') : t('matchDesk.catalog.noLeagues')}
        </p>
      )}
      <ul className="md-catalog">
        {rows?.map((row) => (
          <li key={row.id} data-catalog-row={row.id}>
            {'color' in row &&
              (row.crest ? (
                <img className="md-crest" src={row.crest} alt="" width={32} height={32} />
              ) : (
                <span className="md-crest" style={{ background: row.color }} aria-hidden="true" />
              ))}
            <span className="md-names">
              <strong>{nameIn(locale, row)}</strong>
              <span className="ad-muted">
                {locale === 'zh-CN' ? row.name_en : row.name_zh}
                {'short_name' in row ? ` · ${row.short_name}` : ''}
                {row.external_ref ? ` · ${t('matchDesk.fixtures.feed')}` : ''}
              </span>
            </span>
            <button type="button" className="btn" onClick={() => setEditing(row)}>
              {t('matchDesk.catalog.edit')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
