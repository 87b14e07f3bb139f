/** Creating or editing a fixture: league, home and away of its sport, kick-off in Beijing time. */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { DeskFixture } from '../../lib/sports/desk-api.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $deskCatalog, saveFixture } from '../../lib/stores/match-desk.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';
import { fromSiteInput, nameIn, siteToday, toSiteInput } from './desk-format.ts';

/** The fixture form; `fixture` null makes a new one. */
export function FixtureForm({
  fixture,
  onDone,
}: {
  fixture: DeskFixture | null;
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const locale = useStore($locale);
  const catalog = useStore($deskCatalog);
  const [leagueId, setLeagueId] = useState(fixture?.league_id ?? catalog?.leagues[0]?.id ?? 0);
  const [homeId, setHomeId] = useState(fixture?.home.id ?? 0);
  const [awayId, setAwayId] = useState(fixture?.away.id ?? 0);
  const [kickOff, setKickOff] = useState(
    fixture ? toSiteInput(fixture.start_time) : `${siteToday()}T20:00`,
  );
  const { busy, run } = useAction();
  const sport = catalog?.leagues.find((l) => l.id === leagueId)?.sport_id;
  const teams = (catalog?.teams ?? []).filter((team) => team.sport_id === sport);

  const pick = (label: string, value: number, set: (v: number) => void, name: string) => (
    <label>
      <span>{label}</span>
      <select name={name} value={value} onChange={(e) => set(Number(e.target.value))} required>
        <option value={0} disabled>
          —
        </option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {nameIn(locale, team)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form
      className="md-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(
          () =>
            saveFixture({
              ...(fixture ? { id: fixture.id } : {}),
              league_id: leagueId,
              home_team_id: homeId,
              away_team_id: awayId,
              start_time: fromSiteInput(kickOff),
            }),
          t('matchDesk.fixtures.saved'),
        ).then((done) => done && onDone());
      }}
    >
      <h3 id={`${id}-title`}>
        {fixture ? t('matchDesk.fixtures.edit') : t('matchDesk.fixtures.add')}
      </h3>
      <label>
        <span>{t('matchDesk.fixtures.league')}</span>
        <select
          name="league"
          value={leagueId}
          onChange={(e) => setLeagueId(Number(e.target.value))}
        >
          {catalog?.leagues.map((l) => (
            <option key={l.id} value={l.id}>
              {nameIn(locale, l)} · {t(`matchDesk.sports.${l.sport_id as 1 | 2 | 3}`)}
            </option>
          ))}
        </select>
      </label>
      {pick(t('matchDesk.fixtures.home'), homeId, setHomeId, 'home')}
      {pick(t('matchDesk.fixtures.away'), awayId, setAwayId, 'away')}
      <label>
        <span>{t('matchDesk.fixtures.kickOff')}</span>
        <input
          type="datetime-local"
          name="kickoff"
          value={kickOff}
          onChange={(e) => setKickOff(e.target.value)}
          required
        />
      </label>
      <div className="md-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('matchDesk.fixtures.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('matchDesk.fixtures.close')}
        </button>
      </div>
    </form>
  );
}
