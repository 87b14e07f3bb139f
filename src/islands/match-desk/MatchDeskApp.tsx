/**
 * The match desk (/admin/matches): fixtures, teams and leagues in tabs, and the live desk of one
 * match (`#live/<id>`). Guests get the login panel; the server refuses anyone but editors and
 * administrators, and that refusal is shown.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $deskCatalog, closeDesk, loadCatalog, openDesk } from '../../lib/stores/match-desk.ts';
import { $newsroomAccess, loadNewsroomAccess } from '../../lib/stores/newsroom.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { LoginPanel } from '../checkin/LoginPanel.tsx';
import { useT } from '../use-t.ts';
import { CatalogPanel } from './CatalogPanel.tsx';
import { FixturesPanel } from './FixturesPanel.tsx';
import { LiveDesk } from './LiveDesk.tsx';
import '../admin/admin.css';
import './match-desk.css';

const TABS = ['fixtures', 'teams', 'leagues'] as const;
type Tab = (typeof TABS)[number];

/** The hash's tab, or the match of `#live/<id>`. */
function readHash(): { tab: Tab; live: number | null } {
  const hash = location.hash.slice(1);
  const live = /^live\/(\d{1,9})$/.exec(hash);
  if (live) return { tab: 'fixtures', live: Number(live[1]) };
  return {
    tab: (TABS as readonly string[]).includes(hash) ? (hash as Tab) : 'fixtures',
    live: null,
  };
}

/** The match desk island. */
export function MatchDeskApp() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const access = useStore($newsroomAccess);
  const catalog = useStore($deskCatalog);
  const [view, setView] = useState(readHash);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!loggedIn) return;
    loadNewsroomAccess().catch((e: unknown) => setError((e as Error).message));
  }, [loggedIn]);

  useEffect(() => {
    const sync = () => setView(readHash());
    addEventListener('hashchange', sync);
    return () => removeEventListener('hashchange', sync);
  }, []);

  useEffect(() => {
    if (!access?.editor) return;
    loadCatalog().catch((e: unknown) => setError((e as Error).message));
  }, [access]);

  useEffect(() => {
    if (!access?.editor || view.live === null) return;
    setError('');
    openDesk(view.live).catch((e: unknown) => setError((e as Error).message));
    return closeDesk;
  }, [access, view.live]);

  if (!loggedIn) return <LoginPanel title={t('newsroom.errors.editorsOnly')} />;
  if (error) return <p className="ad-error">{error}</p>;
  if (!access || (access.editor && !catalog)) return <p className="ad-muted">…</p>;
  if (!access.editor) return <p className="ad-error">{t('newsroom.errors.editorsOnly')}</p>;

  return (
    <div className="ad-console md-app">
      <nav className="ad-tabs" aria-label={t('matchDesk.title')}>
        {TABS.map((name) => {
          const active = name === view.tab && view.live === null;
          return (
            <a
              key={name}
              href={`#${name}`}
              className={active ? 'ad-tab is-active' : 'ad-tab'}
              aria-current={active ? 'page' : undefined}
            >
              {t(`matchDesk.tabs.${name}`)}
            </a>
          );
        })}
      </nav>
      {view.live !== null ? (
        <LiveDesk />
      ) : view.tab === 'fixtures' ? (
        <FixturesPanel />
      ) : (
        <CatalogPanel kind={view.tab} />
      )}
    </div>
  );
}
