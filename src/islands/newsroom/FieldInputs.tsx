/** The fields of each collection besides title and body, as form inputs. */
import { useState } from 'react';
import { HELP_CATEGORIES, NEWS_SPORTS } from '../../lib/content/kinds.ts';
import { uploadEntryPicture } from '../../lib/stores/newsroom.ts';
import { showToast } from '../../lib/stores/toast.ts';
import type { EditableCollection } from '../../lib/validation/newsroom.ts';
import { useT } from '../use-t.ts';

type Fields = Record<string, unknown>;

/** An ISO time as a datetime-local input shows it (the editor's own clock). */
function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as ISO, or the raw text when it is not a time (the server says why). */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** A picture field: its path and an upload button. */
function PictureInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (path: string) => void;
}) {
  const t = useT();
  const [progress, setProgress] = useState<number | null>(null);
  return (
    <div className="nr-field">
      <label htmlFor={id}>{label}</label>
      <div className="nr-inline">
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
        <label className="btn nr-upload">
          {progress === null ? t('newsroom.fields.upload') : `${Math.round(progress * 100)}%`}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              setProgress(0);
              uploadEntryPicture(file, setProgress)
                .then(onChange)
                .catch((err: unknown) => showToast((err as Error).message, 'error'))
                .finally(() => setProgress(null));
            }}
          />
        </label>
      </div>
    </div>
  );
}

/** Tags as comma-separated text, kept as typed while the list follows it. */
function TagsInput({ tags, onChange }: { tags: unknown; onChange: (tags: string[]) => void }) {
  const t = useT();
  const [raw, setRaw] = useState(Array.isArray(tags) ? (tags as string[]).join(', ') : '');
  return (
    <div className="nr-field">
      <label htmlFor="nr-tags">{t('newsroom.fields.tags')}</label>
      <input
        id="nr-tags"
        value={raw}
        onChange={(e) => {
          setRaw(e.target.value);
          onChange(
            e.target.value
              .split(/[,，]/)
              .map((s) => s.trim())
              .filter(Boolean),
          );
        }}
      />
    </div>
  );
}

/** The inputs of `collection`'s fields. */
export function FieldInputs({
  collection,
  fields,
  onChange,
}: {
  collection: EditableCollection;
  fields: Fields;
  onChange: (fields: Fields) => void;
}) {
  const t = useT();
  const set = (name: string, value: unknown) => onChange({ ...fields, [name]: value });
  const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
  const time = (name: string) => (
    <div className="nr-field" key={name}>
      <label htmlFor={`nr-${name}`}>{t(`newsroom.fields.${name}` as 'newsroom.fields.date')}</label>
      <input
        id={`nr-${name}`}
        type="datetime-local"
        value={toLocalInput(fields[name])}
        onChange={(e) => set(name, fromLocalInput(e.target.value))}
      />
    </div>
  );
  const summary = (
    <div className="nr-field nr-wide" key="summary">
      <label htmlFor="nr-summary">{t('newsroom.fields.summary')}</label>
      <textarea
        id="nr-summary"
        rows={2}
        value={text('summary')}
        onChange={(e) => set('summary', e.target.value)}
      />
    </div>
  );
  const cover = (
    <PictureInput
      key="cover"
      id="nr-cover"
      label={t('newsroom.fields.cover')}
      value={text('cover')}
      onChange={(path) => set('cover', path)}
    />
  );
  switch (collection) {
    case 'notices':
      return (
        <div className="nr-fields">
          {time('date')}
          <label className="nr-check">
            <input
              type="checkbox"
              checked={fields.pinned === true}
              onChange={(e) => set('pinned', e.target.checked)}
            />
            {t('newsroom.fields.pinned')}
          </label>
        </div>
      );
    case 'urgent':
      return <div className="nr-fields">{time('date')}</div>;
    case 'help':
      return (
        <div className="nr-fields">
          <div className="nr-field">
            <label htmlFor="nr-category">{t('newsroom.fields.category')}</label>
            <select
              id="nr-category"
              value={text('category')}
              onChange={(e) => set('category', e.target.value)}
            >
              {HELP_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`content.help.categories.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="nr-field">
            <label htmlFor="nr-order">{t('newsroom.fields.order')}</label>
            <input
              id="nr-order"
              type="number"
              min={0}
              value={typeof fields.order === 'number' ? fields.order : ''}
              onChange={(e) => set('order', e.target.value === '' ? '' : Number(e.target.value))}
            />
          </div>
        </div>
      );
    case 'news':
      return (
        <div className="nr-fields">
          {time('date')}
          <div className="nr-field">
            <label htmlFor="nr-sport">{t('newsroom.fields.sport')}</label>
            <select
              id="nr-sport"
              value={text('sport')}
              onChange={(e) => set('sport', e.target.value)}
            >
              {NEWS_SPORTS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          {cover}
          <TagsInput tags={fields.tags} onChange={(tags) => set('tags', tags)} />
          {summary}
        </div>
      );
    case 'activities':
      return (
        <div className="nr-fields">
          {time('start')}
          {time('end')}
          {cover}
          {summary}
        </div>
      );
  }
}
