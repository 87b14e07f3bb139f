/** The maintenance panel: plan a window in both languages, and the records with their state. */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { MaintenanceView } from '../../lib/admin/views.ts';
import {
  $maintenance,
  addMaintenance,
  loadMaintenance,
  removeMaintenance,
} from '../../lib/stores/admin.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { useT } from '../use-t.ts';
import { formatTime, useAction, usePanel } from './use-panel.ts';

const EMPTY = {
  title_zh: '',
  title_en: '',
  content_zh: '',
  content_en: '',
  start: '',
  end: '',
  remind: '',
};
type Draft = typeof EMPTY;

/** A datetime-local value (the browser's zone) as unix seconds; 0 when empty. */
function unix(value: string): number {
  if (!value) return 0;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

function stateOf(m: MaintenanceView, now: number): 'upcoming' | 'ongoing' | 'past' {
  if (m.end_time <= now) return 'past';
  return m.start_time <= now ? 'ongoing' : 'upcoming';
}

function PlanForm() {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { busy, run } = useAction();
  const field = (name: keyof Draft, label: string, kind: 'text' | 'area' | 'time') => {
    const id = `ad-m-${name}`;
    const value = draft[name];
    const change = (v: string) => setDraft({ ...draft, [name]: v });
    return (
      <div className={kind === 'area' ? 'ad-field is-wide' : 'ad-field'}>
        <label htmlFor={id}>{label}</label>
        {kind === 'area' ? (
          <textarea id={id} rows={3} value={value} onChange={(e) => change(e.target.value)} />
        ) : (
          <input
            id={id}
            type={kind === 'time' ? 'datetime-local' : 'text'}
            value={value}
            onChange={(e) => change(e.target.value)}
          />
        )}
      </div>
    );
  };
  return (
    <form
      className="ad-card ad-form"
      onSubmit={(e) => {
        e.preventDefault();
        void run(
          () =>
            addMaintenance({
              title_zh: draft.title_zh,
              title_en: draft.title_en,
              content_zh: draft.content_zh,
              content_en: draft.content_en,
              start_time: unix(draft.start),
              end_time: unix(draft.end),
              remind_time: unix(draft.remind),
            }),
          t('admin.maintenance.added'),
        ).then((done) => done && setDraft(EMPTY));
      }}
    >
      <h2>{t('admin.maintenance.add')}</h2>
      <div className="ad-grid">
        {field('title_zh', t('admin.maintenance.titleZh'), 'text')}
        {field('title_en', t('admin.maintenance.titleEn'), 'text')}
        {field('content_zh', t('admin.maintenance.contentZh'), 'area')}
        {field('content_en', t('admin.maintenance.contentEn'), 'area')}
        {field('start', t('admin.maintenance.start'), 'time')}
        {field('end', t('admin.maintenance.end'), 'time')}
        {field('remind', t('admin.maintenance.remind'), 'time')}
      </div>
      <p className="ad-muted">{t('admin.maintenance.zone')}</p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('admin.maintenance.add')}
      </button>
    </form>
  );
}

/** The maintenance tab. */
export function MaintenancePanel() {
  const t = useT();
  const locale = useStore($locale);
  const list = useStore($maintenance);
  const error = usePanel(loadMaintenance);
  const { busy, run } = useAction();
  const now = Math.floor(Date.now() / 1000);
  const zh = locale === 'zh-CN';
  return (
    <div className="ad-columns">
      <PlanForm />
      <div className="ad-card">
        <h2>{t('admin.maintenance.list')}</h2>
        {error && <p className="ad-error">{error}</p>}
        {list?.length === 0 && <p className="ad-muted">{t('admin.common.empty')}</p>}
        <ul className="ad-records">
          {list?.map((m) => {
            const state = stateOf(m, now);
            return (
              <li key={m.id} className={`ad-record is-${state}`} data-maintenance={m.id}>
                <header>
                  <strong>{zh ? m.title_zh : m.title_en}</strong>
                  <span className={`ad-pill is-${state}`}>{t(`admin.maintenance.${state}`)}</span>
                </header>
                <p>{zh ? m.content_zh : m.content_en}</p>
                <p className="ad-muted">
                  {t('admin.maintenance.window', {
                    start: formatTime(m.start_time, locale),
                    end: formatTime(m.end_time, locale),
                  })}
                  {m.remind_time > 0 &&
                    ` · ${t('admin.maintenance.remindAt', { time: formatTime(m.remind_time, locale) })}`}
                </p>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={busy}
                  onClick={() =>
                    void run(() => removeMaintenance(m.id), t('admin.maintenance.removed'))
                  }
                >
                  {t('admin.maintenance.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
