/**
 * The editor of one entry: address id (new entries), title, the collection's fields, the
 * Markdown with a live preview rendered by the server as readers will get it, and the actions:
 * save (Ctrl+S), publish now, schedule, take off the site, view; then the entry's history.
 */
import { useEffect, useRef, useState } from 'react';
import type { EntryDetail } from '../../lib/content/api.ts';
import {
  previewMarkdown,
  publishEntry,
  saveEntry,
  unpublishEntry,
  uploadEntryPicture,
  type EntryDraft,
} from '../../lib/stores/newsroom.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useAction } from '../admin/use-panel.ts';
import { useT } from '../use-t.ts';
import { StatusChip } from './EntryList.tsx';
import { FieldInputs, fromLocalInput } from './FieldInputs.tsx';
import { History } from './History.tsx';

/** Waits this long after the last keystroke before asking for a preview. */
const PREVIEW_DELAY_MS = 300;

function usePreview(body: string): string {
  const [html, setHtml] = useState('');
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      previewMarkdown(body)
        .then((h) => current && setHtml(h))
        .catch((e: unknown) => current && setHtml(`<p>${(e as Error).message}</p>`));
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [body]);
  return html;
}

/** The editor of `entry`. */
export function EntryEditor({ entry }: { entry: EntryDetail }) {
  const t = useT();
  const [draft, setDraft] = useState<EntryDraft>({
    slug: entry.slug,
    title: entry.title,
    body: entry.body,
    fields: entry.fields,
  });
  const [when, setWhen] = useState('');
  const { busy, run } = useAction();
  const html = usePreview(draft.body);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const saved = entry.id !== null;
  const live = entry.status === 'published';
  const waiting = live && entry.publish_at !== null && Date.parse(entry.publish_at) > Date.now();
  const changed =
    !saved ||
    draft.title !== entry.title ||
    draft.body !== entry.body ||
    JSON.stringify(draft.fields) !== JSON.stringify(entry.fields);

  const save = () => run(() => saveEntry(draft), t('newsroom.saved'));

  const insertPicture = (file: File) => {
    uploadEntryPicture(file, () => undefined)
      .then((path) => {
        const area = bodyRef.current;
        const at = area?.selectionStart ?? draft.body.length;
        const snippet = `![](${path})`;
        setDraft((d) => ({ ...d, body: d.body.slice(0, at) + snippet + d.body.slice(at) }));
      })
      .catch((e: unknown) => showToast((e as Error).message, 'error'));
  };

  return (
    <section
      className="ad-card nr-editor"
      aria-label={entry.title || t('newsroom.actions.new')}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          if (!busy && changed) void save();
        }
      }}
    >
      <header className="nr-editor-head">
        <div className="nr-inline">
          <span className="nr-lang">{t(`newsroom.locales.${entry.locale}`)}</span>
          <StatusChip entry={entry} />
          {entry.publish_at && live && (
            <span className="ad-muted">{new Date(entry.publish_at).toLocaleString()}</span>
          )}
        </div>
        {entry.url && entry.status === 'published' && (
          <a className="btn" href={entry.url} target="_blank" rel="noopener">
            {t('newsroom.actions.view')}
          </a>
        )}
      </header>

      <form
        className="nr-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="nr-fields">
          <div className="nr-field">
            <label htmlFor="nr-slug">{t('newsroom.fields.slug')}</label>
            <input
              id="nr-slug"
              value={draft.slug}
              disabled={entry.version > 0 || entry.shipped}
              onChange={(e) => setDraft({ ...draft, slug: e.target.value })}
            />
          </div>
          <div className="nr-field nr-grow">
            <label htmlFor="nr-title">{t('newsroom.fields.title')}</label>
            <input
              id="nr-title"
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            />
          </div>
        </div>
        <FieldInputs
          collection={entry.collection}
          fields={draft.fields}
          onChange={(fields) => setDraft({ ...draft, fields })}
        />
        <div className="nr-write">
          <div className="nr-field">
            <div className="nr-inline nr-between">
              <label htmlFor="nr-body">{t('newsroom.fields.body')}</label>
              <label className="btn btn-ghost nr-upload">
                {t('newsroom.fields.upload')}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  hidden
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) insertPicture(file);
                  }}
                />
              </label>
            </div>
            <textarea
              id="nr-body"
              ref={bodyRef}
              rows={16}
              spellCheck
              value={draft.body}
              onChange={(e) => setDraft({ ...draft, body: e.target.value })}
            />
          </div>
          <div className="nr-field">
            <span className="nr-label">{t('newsroom.fields.preview')}</span>
            <div
              className="nr-preview"
              data-preview
              // The server's rendering: raw HTML escaped, links and pictures checked.
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </div>
        </div>
        <div className="nr-actions">
          <button type="submit" className="btn" disabled={busy || !changed}>
            {live ? t('newsroom.actions.saveLive') : t('newsroom.actions.save')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !saved || changed || (live && !waiting)}
            onClick={() => void run(() => publishEntry(), t('newsroom.published'))}
          >
            {t('newsroom.actions.publish')}
          </button>
          <span className="nr-inline">
            <label className="nr-sr" htmlFor="nr-when">
              {t('newsroom.fields.publishAt')}
            </label>
            <input
              id="nr-when"
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.target.value)}
            />
            <button
              type="button"
              className="btn"
              disabled={busy || !saved || changed || !when}
              onClick={() =>
                void run(
                  () => publishEntry(fromLocalInput(when)),
                  t('newsroom.scheduled', { at: new Date(when).toLocaleString() }),
                )
              }
            >
              {t('newsroom.actions.schedule')}
            </button>
          </span>
          {saved && entry.status !== 'unpublished' && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void run(unpublishEntry, t('newsroom.unpublished'))}
            >
              {t('newsroom.actions.unpublish')}
            </button>
          )}
        </div>
      </form>
      {saved && <History />}
    </section>
  );
}
