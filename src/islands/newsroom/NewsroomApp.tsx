/**
 * The newsroom (/admin/content): a tab per collection (and the editors, for administrators), the
 * collection's entries in both languages, and the editor of the open entry. Guests get the login
 * panel; the server refuses anyone but editors and administrators, and that refusal is shown.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $collection,
  $entries,
  $entry,
  $newsroomAccess,
  loadEntries,
  loadNewsroomAccess,
  newEntry,
  openEntry,
} from '../../lib/stores/newsroom.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { EDITABLE_COLLECTIONS, type EditableCollection } from '../../lib/validation/newsroom.ts';
import { LoginPanel } from '../checkin/LoginPanel.tsx';
import { useT } from '../use-t.ts';
import { EditorsPanel } from './EditorsPanel.tsx';
import { EntryEditor } from './EntryEditor.tsx';
import { EntryList } from './EntryList.tsx';
import '../admin/admin.css';
import './newsroom.css';

type Tab = EditableCollection | 'editors';

function tabFromHash(): Tab {
  const hash = location.hash.slice(1);
  if (hash === 'editors') return hash;
  return (EDITABLE_COLLECTIONS as readonly string[]).includes(hash)
    ? (hash as EditableCollection)
    : 'notices';
}

/** The newsroom island. */
export function NewsroomApp() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const access = useStore($newsroomAccess);
  const entry = useStore($entry);
  const entries = useStore($entries);
  const [tab, setTab] = useState<Tab>('notices');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!loggedIn) return;
    loadNewsroomAccess().catch((e: unknown) => setError((e as Error).message));
  }, [loggedIn]);

  useEffect(() => {
    const sync = () => setTab(tabFromHash());
    sync();
    addEventListener('hashchange', sync);
    return () => removeEventListener('hashchange', sync);
  }, []);

  useEffect(() => {
    if (!access?.editor || tab === 'editors') return;
    $entry.set(null);
    loadEntries(tab).catch((e: unknown) => setError((e as Error).message));
  }, [access, tab]);

  if (!loggedIn) return <LoginPanel title={t('newsroom.errors.editorsOnly')} />;
  if (error) return <p className="ad-error">{error}</p>;
  if (!access) return <p className="ad-muted">…</p>;
  if (!access.editor) return <p className="ad-error">{t('newsroom.errors.editorsOnly')}</p>;

  const tabs: Tab[] = [...EDITABLE_COLLECTIONS, ...(access.admin ? ['editors' as const] : [])];
  return (
    <div className="ad-console nr-app">
      <nav className="ad-tabs" aria-label={t('newsroom.title')}>
        {tabs.map((name) => (
          <a
            key={name}
            href={`#${name}`}
            className={name === tab ? 'ad-tab is-active' : 'ad-tab'}
            aria-current={name === tab ? 'page' : undefined}
          >
            {name === 'editors' ? t('newsroom.editors.title') : t(`newsroom.collections.${name}`)}
          </a>
        ))}
      </nav>
      {tab === 'editors' ? (
        <EditorsPanel />
      ) : (
        <div className={entry ? 'nr-desk has-entry' : 'nr-desk'}>
          <EntryList
            onOpen={(e) => void openEntry(e).catch((x: unknown) => setError((x as Error).message))}
            onNew={(locale) => newEntry($collection.get(), locale)}
            entries={entries}
          />
          {entry && (
            <EntryEditor key={`${entry.locale}/${entry.slug}/${entry.version}`} entry={entry} />
          )}
        </div>
      )}
    </div>
  );
}
