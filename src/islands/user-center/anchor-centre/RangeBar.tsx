/** The date range of the income and analysis tabs: presets and two date fields. */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import {
  $centreRange,
  presetRange,
  setCentreRange,
  type RangePreset,
} from '../../../lib/stores/anchor-centre.ts';
import { rangeSchema } from '../../../lib/studio/centre.ts';
import { useT } from '../../use-t.ts';

const PRESETS: RangePreset[] = ['days7', 'days30', 'month'];

/** Range bar; `onChange` runs after the range changed. */
export function RangeBar({ onChange }: { onChange: () => void }) {
  const t = useT();
  const range = useStore($centreRange);
  const [draft, setDraft] = useState(range);
  const [error, setError] = useState('');

  const apply = (next: typeof range) => {
    const parsed = rangeSchema.safeParse(next);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]!.message));
      return;
    }
    setError('');
    setDraft(next);
    setCentreRange(next);
    onChange();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const active = PRESETS.find((p) => {
    const r = presetRange(p);
    return r.from === range.from && r.to === range.to;
  });

  return (
    <form className="ac-range" onSubmit={submit} aria-label={t('studio.centre.range.label')}>
      <div className="ac-presets" role="group">
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={`ac-preset${active === p ? ' is-on' : ''}`}
            aria-pressed={active === p}
            onClick={() => apply(presetRange(p))}
          >
            {t(`studio.centre.range.${p}`)}
          </button>
        ))}
      </div>
      <label>
        <span>{t('studio.centre.range.from')}</span>
        <input
          type="date"
          name="from"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
      </label>
      <label>
        <span>{t('studio.centre.range.to')}</span>
        <input
          type="date"
          name="to"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
      </label>
      <button type="submit" className="btn btn-ghost">
        {t('studio.centre.range.apply')}
      </button>
      {error && (
        <p className="ac-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
