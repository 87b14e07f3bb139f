/** The forms of the catalogue: a league (names, short label) and a team (names, colour, crest). */
import { useId, useState, type ReactNode } from 'react';
import type { DeskLeague, DeskTeam } from '../../lib/sports/desk-api.ts';
import { saveLeague, saveTeam, uploadCrest } from '../../lib/stores/match-desk.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';

function NameFields({
  zh,
  en,
  setZh,
  setEn,
}: {
  zh: string;
  en: string;
  setZh: (v: string) => void;
  setEn: (v: string) => void;
}) {
  const t = useT();
  return (
    <>
      <label>
        <span>{t('matchDesk.catalog.nameZh')}</span>
        <input name="name_zh" value={zh} maxLength={60} onChange={(e) => setZh(e.target.value)} />
      </label>
      <label>
        <span>{t('matchDesk.catalog.nameEn')}</span>
        <input name="name_en" value={en} maxLength={60} onChange={(e) => setEn(e.target.value)} />
      </label>
    </>
  );
}

function Actions({ busy, onDone }: { busy: boolean; onDone: () => void }) {
  const t = useT();
  return (
    <div className="md-form-actions">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('matchDesk.catalog.save')}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onDone}>
        {t('matchDesk.fixtures.close')}
      </button>
    </div>
  );
}

/** A titled catalogue form: submitting runs `save` through `action`, then closes the form. */
function CatalogForm({
  title,
  action,
  save,
  busy = action.busy,
  onDone,
  children,
}: {
  title: string;
  action: ReturnType<typeof useAction>;
  save: () => Promise<unknown>;
  busy?: boolean;
  onDone: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  return (
    <form
      className="md-form"
      aria-labelledby={`${id}-t`}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(save, t('matchDesk.catalog.saved')).then((done) => done && onDone());
      }}
    >
      <h3 id={`${id}-t`}>{title}</h3>
      {children}
      <Actions busy={busy} onDone={onDone} />
    </form>
  );
}

/** A league's form; `league` null makes a new one of `sport`. */
export function LeagueForm({
  league,
  sport,
  onDone,
}: {
  league: DeskLeague | null;
  sport: number;
  onDone: () => void;
}) {
  const t = useT();
  const [zh, setZh] = useState(league?.name_zh ?? '');
  const [en, setEn] = useState(league?.name_en ?? '');
  const [short, setShort] = useState(league?.short_name ?? '');
  const action = useAction();
  return (
    <CatalogForm
      title={league ? t('matchDesk.catalog.edit') : t('matchDesk.catalog.addLeague')}
      action={action}
      save={() =>
        saveLeague({
          ...(league ? { id: league.id } : {}),
          sport_id: league?.sport_id ?? sport,
          name_zh: zh,
          name_en: en,
          short_name: short,
        })
      }
      onDone={onDone}
    >
      <NameFields zh={zh} en={en} setZh={setZh} setEn={setEn} />
      <label>
        <span>{t('matchDesk.catalog.shortName')}</span>
        <input
          name="short_name"
          value={short}
          maxLength={12}
          onChange={(e) => setShort(e.target.value)}
        />
      </label>
    </CatalogForm>
  );
}

/** A team's form; `team` null makes a new one of `sport`. */
export function TeamForm({
  team,
  sport,
  onDone,
}: {
  team: DeskTeam | null;
  sport: number;
  onDone: () => void;
}) {
  const t = useT();
  const [zh, setZh] = useState(team?.name_zh ?? '');
  const [en, setEn] = useState(team?.name_en ?? '');
  const [color, setColor] = useState(team?.color ?? '#1f6feb');
  const [crest, setCrest] = useState(team?.crest ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const action = useAction();
  const { busy, run } = action;
  return (
    <CatalogForm
      title={team ? t('matchDesk.catalog.edit') : t('matchDesk.catalog.addTeam')}
      action={action}
      save={() =>
        saveTeam({
          ...(team ? { id: team.id } : {}),
          sport_id: team?.sport_id ?? sport,
          name_zh: zh,
          name_en: en,
          color,
          crest,
        })
      }
      busy={busy || progress !== null}
      onDone={onDone}
    >
      <NameFields zh={zh} en={en} setZh={setZh} setEn={setEn} />
      <label>
        <span>{t('matchDesk.catalog.color')}</span>
        <input type="color" name="color" value={color} onChange={(e) => setColor(e.target.value)} />
      </label>
      <div className="md-crest-field">
        <span>{t('matchDesk.catalog.crest')}</span>
        {crest ? (
          <img className="md-crest" src={crest} alt="" width={40} height={40} />
        ) : (
          <span className="md-crest" style={{ background: color }} aria-hidden="true" />
        )}
        <label className="btn">
          {progress === null ? t('matchDesk.catalog.upload') : `${Math.round(progress * 100)}%`}
          <input
            type="file"
            name="crest"
            accept="image/png,image/jpeg,image/webp"
            className="md-sr"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setProgress(0);
              void run(async () => setCrest(await uploadCrest(file, setProgress)), '').finally(() =>
                setProgress(null),
              );
            }}
          />
        </label>
        {crest && (
          <button type="button" className="btn btn-ghost" onClick={() => setCrest(null)}>
            {t('matchDesk.catalog.removeCrest')}
          </button>
        )}
      </div>
    </CatalogForm>
  );
}
