/**
 * The live desk of one match: the scoreboard (score, state, phase, a goal button per side), the
 * line composer with its shortcuts, the text live as viewers see it, statistics and line-ups.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { MATCH_PHASES, type MatchPhase, type TextLine } from '../../lib/sports/match-centre.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $deskConnected, $deskMatch, scoreGoal, sendScore } from '../../lib/stores/match-desk.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';
import { minutesSince, nameIn } from './desk-format.ts';
import { LineComposer } from './LineComposer.tsx';
import { LineList } from './LineList.tsx';
import { LineupsEditor } from './LineupsEditor.tsx';
import { StatsEditor } from './StatsEditor.tsx';

/** The live desk of the open match. */
export function LiveDesk() {
  const t = useT();
  const locale = useStore($locale);
  const open = useStore($deskMatch);
  const connected = useStore($deskConnected);
  const { busy, run } = useAction();
  const [editing, setEditing] = useState<TextLine | null>(null);
  // The minute of the next line: the last line's, or the time since kick-off (a new match).
  const [minute, setMinute] = useState<string | null>(null);
  if (!open) return <p className="ad-muted">…</p>;
  const { fixture, live } = open;
  const home = live.homeScore ?? 0;
  const away = live.awayScore ?? 0;
  const status = live.status <= 2 ? (live.status as 0 | 1 | 2) : 0;
  const phase = live.phase ?? null;
  const score = (h: number, a: number, s: 0 | 1 | 2, p: MatchPhase | null) =>
    void run(() => sendScore(h, a, s, s === 1 ? p : null), t('matchDesk.live.scoreSaved'));
  const football = fixture.sport_id === 1;
  const nextMinute =
    minute ??
    String(
      live.lines[0]?.minute ??
        (live.status === 1 ? Math.min(90, minutesSince(fixture.start_time)) : 0),
    );
  const at = () => Number(nextMinute) || 0;
  const crest = (side: 'home' | 'away') => {
    const team = fixture[side];
    return team.crest ? (
      <img className="md-crest" src={team.crest} alt="" width={32} height={32} />
    ) : (
      <span className="md-crest" style={{ background: team.color }} aria-hidden="true" />
    );
  };

  return (
    <div className="md-live" data-live-desk={fixture.id}>
      <p className="md-back">
        <a href="#fixtures">← {t('matchDesk.live.back')}</a>
        <span className={connected ? 'md-dot is-on' : 'md-dot'}>
          {connected ? t('matchDesk.live.live') : '…'}
        </span>
      </p>
      <section className="ad-card md-board" aria-label={t('matchDesk.live.state')}>
        <div className="md-side">
          <span className="md-side-name">
            {crest('home')}
            <strong>{nameIn(locale, fixture.home)}</strong>
          </span>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void run(() => scoreGoal('home', at()), '')}
          >
            {t('matchDesk.live.goalFor', { team: nameIn(locale, fixture.home) })}
          </button>
        </div>
        <div className="md-score-edit">
          <ScoreInput
            label={nameIn(locale, fixture.home)}
            name="home_score"
            value={home}
            onCommit={(v) =>
              score(v, away, status === 0 ? 1 : status, phase ?? (football ? '1h' : null))
            }
          />
          <span aria-hidden="true">:</span>
          <ScoreInput
            label={nameIn(locale, fixture.away)}
            name="away_score"
            value={away}
            onCommit={(v) =>
              score(home, v, status === 0 ? 1 : status, phase ?? (football ? '1h' : null))
            }
          />
        </div>
        <div className="md-side is-away">
          <span className="md-side-name">
            {crest('away')}
            <strong>{nameIn(locale, fixture.away)}</strong>
          </span>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void run(() => scoreGoal('away', at()), '')}
          >
            {t('matchDesk.live.goalFor', { team: nameIn(locale, fixture.away) })}
          </button>
        </div>
        <div className="md-states" role="group" aria-label={t('matchDesk.live.state')}>
          {([0, 1, 2] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={s === status ? 'btn btn-primary' : 'btn'}
              aria-pressed={s === status}
              disabled={busy}
              onClick={() =>
                score(home, away, s, s === 1 ? (phase ?? (football ? '1h' : null)) : null)
              }
            >
              {t(`matchDesk.live.states.${s}`)}
            </button>
          ))}
        </div>
        {football && status === 1 && (
          <div className="md-states" role="group" aria-label={t('matchDesk.live.phase')}>
            {MATCH_PHASES.map((p) => (
              <button
                key={p}
                type="button"
                className={p === phase ? 'btn btn-primary' : 'btn'}
                aria-pressed={p === phase}
                disabled={busy}
                onClick={() => score(home, away, 1, p)}
              >
                {t(`schedule.phase.${p}`)}
              </button>
            ))}
          </div>
        )}
      </section>
      <LineComposer
        fixture={fixture}
        minute={nextMinute}
        onMinute={setMinute}
        editing={editing}
        onEdited={() => setEditing(null)}
      />
      <LineList lines={live.lines} onEdit={setEditing} />
      <div className="ad-columns md-details">
        <StatsEditor key={`s${fixture.id}`} sportId={fixture.sport_id} stats={live.stats} />
        {fixture.sport_id !== 3 && <LineupsEditor key={`l${fixture.id}`} lineups={live.lineups} />}
      </div>
    </div>
  );
}

/** A score typed in and sent on Enter or when the field is left (not on every keystroke). */
function ScoreInput({
  label,
  name,
  value,
  onCommit,
}: {
  label: string;
  name: string;
  value: number;
  onCommit: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const next = Number(text);
    if (Number.isInteger(next) && next >= 0 && next <= 999 && next !== value) onCommit(next);
    else setText(String(value));
  };
  return (
    <label>
      <span className="md-sr">{label}</span>
      <input
        type="number"
        name={name}
        min={0}
        max={999}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </label>
  );
}
