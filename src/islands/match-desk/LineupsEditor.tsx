/** The line-ups of the open match: per side formation, coach, starters and bench as text. */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { parsePlayers, playerLine } from '../../lib/sports/lineup-text.ts';
import type { MatchLineups, TeamLineup } from '../../lib/sports/match-centre.ts';
import { $deskMatch, sendLineups } from '../../lib/stores/match-desk.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';
import { nameIn } from './desk-format.ts';

interface SideText {
  formation: string;
  coachEn: string;
  coachZh: string;
  starters: string;
  bench: string;
}

const toText = (side: TeamLineup | undefined): SideText => ({
  formation: side?.formation ?? '',
  coachEn: side?.coachEn ?? '',
  coachZh: side?.coachZh ?? '',
  starters: side?.starters.map(playerLine).join('\n') ?? '',
  bench: side?.bench.map(playerLine).join('\n') ?? '',
});

/** The line-ups editor; starts from what viewers see. */
export function LineupsEditor({ lineups }: { lineups: MatchLineups | null }) {
  const t = useT();
  const [sides, setSides] = useState({ home: toText(lineups?.home), away: toText(lineups?.away) });
  const { busy, run } = useAction();
  const open = useStore($deskMatch);
  const locale = useStore($locale);

  const send = () => {
    const built: Partial<MatchLineups> = {};
    for (const side of ['home', 'away'] as const) {
      const text = sides[side];
      const name = open ? nameIn(locale, open.fixture[side]) : side;
      const starters = parsePlayers(text.starters);
      const bench = parsePlayers(text.bench);
      for (const list of [starters, bench]) {
        if ('badLine' in list) {
          showToast(t('matchDesk.live.badPlayer', { n: list.badLine, side: name }), 'error');
          return;
        }
      }
      built[side] = {
        formation: text.formation.trim(),
        coachEn: text.coachEn.trim(),
        coachZh: text.coachZh.trim() || text.coachEn.trim(),
        starters: starters as TeamLineup['starters'],
        bench: bench as TeamLineup['bench'],
      };
    }
    void run(() => sendLineups(built as MatchLineups), t('matchDesk.live.lineupsSaved'));
  };

  return (
    <section className="ad-card md-lineups" aria-labelledby="md-lineups-title">
      <h2 id="md-lineups-title">{t('matchDesk.live.lineups')}</h2>
      <p className="ad-muted">{t('matchDesk.live.playersHelp')}</p>
      {(['home', 'away'] as const).map((side) => {
        const text = sides[side];
        const set = (patch: Partial<SideText>) =>
          setSides({ ...sides, [side]: { ...text, ...patch } });
        const team = open ? nameIn(locale, open.fixture[side]) : side;
        return (
          <fieldset key={side} className="md-side-sheet">
            <legend>{team}</legend>
            <div className="md-inline">
              <label>
                <span>{t('matchDesk.live.formation')}</span>
                <input
                  value={text.formation}
                  maxLength={12}
                  onChange={(e) => set({ formation: e.target.value })}
                />
              </label>
              <label>
                <span>{t('matchDesk.live.coachEn')}</span>
                <input
                  value={text.coachEn}
                  maxLength={60}
                  onChange={(e) => set({ coachEn: e.target.value })}
                />
              </label>
              <label>
                <span>{t('matchDesk.live.coachZh')}</span>
                <input
                  value={text.coachZh}
                  maxLength={60}
                  onChange={(e) => set({ coachZh: e.target.value })}
                />
              </label>
            </div>
            <label>
              <span>{t('matchDesk.live.starters')}</span>
              <textarea
                rows={6}
                value={text.starters}
                onChange={(e) => set({ starters: e.target.value })}
              />
            </label>
            <label>
              <span>{t('matchDesk.live.bench')}</span>
              <textarea
                rows={4}
                value={text.bench}
                onChange={(e) => set({ bench: e.target.value })}
              />
            </label>
          </fieldset>
        );
      })}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={send}>
        {t('matchDesk.live.saveLineups')}
      </button>
    </section>
  );
}
