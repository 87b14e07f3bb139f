/**
 * Typing the text live: minute, event and the line in either language; Enter posts, Esc clears.
 * One-key shortcuts when not typing (Alt with the key while typing): H and A score a goal for
 * home or away, Y and R start a yellow or red card line.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { DeskFixture } from '../../lib/sports/desk-api.ts';
import {
  MATCH_EVENT_KINDS,
  type MatchEventKind,
  type TextLine,
} from '../../lib/sports/match-centre.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { postLine, scoreGoal } from '../../lib/stores/match-desk.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';

/** Whether a key press happens while typing into a field. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** The line composer; `editing` loads a line for correction. */
export function LineComposer({
  fixture,
  minute,
  onMinute,
  editing,
  onEdited,
}: {
  fixture: DeskFixture;
  /** The minute of the next line, as typed. */
  minute: string;
  onMinute: (minute: string) => void;
  editing: TextLine | null;
  onEdited: () => void;
}) {
  const t = useT();
  const locale = useStore($locale);
  const [kind, setKind] = useState<MatchEventKind>('info');
  const [zh, setZh] = useState('');
  const [en, setEn] = useState('');
  const first = useRef<HTMLInputElement>(null);
  const { busy, run } = useAction();

  const clear = () => {
    setKind('info');
    setZh('');
    setEn('');
    onEdited();
  };

  useEffect(() => {
    if (!editing) return;
    onMinute(String(editing.minute));
    setKind(editing.kind);
    setZh(editing.zh);
    setEn(editing.en);
    first.current?.focus();
  }, [editing, onMinute]);

  // The shortcuts, for the whole page while the desk is open.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || (typing(e.target) && !e.altKey)) return;
      const key = e.code.replace(/^Key/, '').toLowerCase();
      const at = Number(minute) || 0;
      if (key === 'h' || key === 'a') {
        e.preventDefault();
        void run(() => scoreGoal(key === 'h' ? 'home' : 'away', at), '');
      } else if (key === 'y' || key === 'r') {
        e.preventDefault();
        setKind(key === 'y' ? 'card' : 'red');
        first.current?.focus();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [minute, run]);

  const post = () => {
    if (!zh.trim() && !en.trim()) return;
    const line = {
      ...(editing ? { lineId: editing.id } : {}),
      minute: Number(minute) || 0,
      kind,
      zh,
      en,
    };
    void run(() => postLine(line), '').then((done) => {
      if (done) clear();
      first.current?.focus();
    });
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      post();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      clear();
    }
  };
  const zhField = (
    <label key="zh" className="md-text">
      <span>{t('matchDesk.live.lineZh')}</span>
      <input
        ref={locale === 'zh-CN' ? first : undefined}
        name="line_zh"
        value={zh}
        maxLength={500}
        placeholder={locale === 'zh-CN' ? t('matchDesk.live.placeholder') : ''}
        onChange={(e) => setZh(e.target.value)}
        onKeyDown={onKeyDown}
      />
    </label>
  );
  const enField = (
    <label key="en" className="md-text">
      <span>{t('matchDesk.live.lineEn')}</span>
      <input
        ref={locale === 'zh-CN' ? undefined : first}
        name="line_en"
        value={en}
        maxLength={500}
        placeholder={locale === 'zh-CN' ? '' : t('matchDesk.live.placeholder')}
        onChange={(e) => setEn(e.target.value)}
        onKeyDown={onKeyDown}
      />
    </label>
  );

  return (
    <section
      className={editing ? 'ad-card md-composer is-editing' : 'ad-card md-composer'}
      aria-labelledby="md-composer-title"
      data-fixture={fixture.id}
    >
      <h2 id="md-composer-title">
        {editing ? t('matchDesk.live.correct') : t('matchDesk.live.compose')}
      </h2>
      <div className="md-compose-row">
        <label className="md-minute">
          <span>{t('matchDesk.live.minute')}</span>
          <input
            type="number"
            name="minute"
            min={0}
            max={200}
            value={minute}
            onChange={(e) => onMinute(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </label>
        <label className="md-kind">
          <span>{t('matchDesk.live.kind')}</span>
          <select
            name="kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as MatchEventKind)}
          >
            {MATCH_EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`matchDesk.live.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {locale === 'zh-CN' ? [zhField, enField] : [enField, zhField]}
        <div className="md-form-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || (!zh.trim() && !en.trim())}
            onClick={post}
          >
            {editing ? t('matchDesk.live.correct') : t('matchDesk.live.post')}
          </button>
          {editing && (
            <button type="button" className="btn btn-ghost" onClick={clear}>
              {t('matchDesk.live.cancelEdit')}
            </button>
          )}
        </div>
      </div>
      <p className="ad-muted md-keys">
        <strong>{t('matchDesk.live.shortcuts')}</strong> {t('matchDesk.live.shortcutHelp')}
      </p>
    </section>
  );
}
