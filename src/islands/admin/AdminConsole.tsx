/**
 * The operations console: a tab per area (money, settings, maintenance, users, anchors,
 * feedback, recharges, audit), the tab kept in the address's #hash. Guests get the login
 * panel; the server refuses anyone but administrators, and that refusal is what they see.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $adminTab, ADMIN_TABS, openAdminTab, type AdminTab } from '../../lib/stores/admin.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { AdminAnchors } from '../anchor-apply/AdminAnchors.tsx';
import { LoginPanel } from '../checkin/LoginPanel.tsx';
import { useT } from '../use-t.ts';
import { AuditPanel, FeedbackPanel, RechargesPanel } from './Lists.tsx';
import { MaintenancePanel } from './Maintenance.tsx';
import { OverviewPanel } from './Overview.tsx';
import { SettingsPanel } from './Settings.tsx';
import { UsersPanel } from './Users.tsx';
import './admin.css';
import './admin-records.css';

const PANELS: Record<AdminTab, () => React.JSX.Element> = {
  overview: OverviewPanel,
  settings: SettingsPanel,
  maintenance: MaintenancePanel,
  users: UsersPanel,
  anchors: AdminAnchors,
  feedback: FeedbackPanel,
  recharges: RechargesPanel,
  audit: AuditPanel,
};

function tabFromHash(): AdminTab {
  const hash = location.hash.slice(1);
  return (ADMIN_TABS as readonly string[]).includes(hash) ? (hash as AdminTab) : 'overview';
}

/** The console island. */
export function AdminConsole() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const tab = useStore($adminTab);
  useEffect(() => {
    const sync = () => openAdminTab(tabFromHash());
    sync();
    addEventListener('hashchange', sync);
    return () => removeEventListener('hashchange', sync);
  }, []);
  if (!loggedIn) return <LoginPanel title={t('admin.errors.adminOnly')} />;
  const Panel = PANELS[tab];
  return (
    <div className="ad-console">
      <nav className="ad-tabs" aria-label={t('admin.title')}>
        {ADMIN_TABS.map((name) => (
          <a
            key={name}
            href={`#${name}`}
            className={name === tab ? 'ad-tab is-active' : 'ad-tab'}
            aria-current={name === tab ? 'page' : undefined}
            data-tab={name}
          >
            {t(`admin.tabs.${name}`)}
          </a>
        ))}
      </nav>
      <section className="ad-panel" data-panel={tab}>
        <Panel />
      </section>
    </div>
  );
}
