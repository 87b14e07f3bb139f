/** Pieces shared by the wallet sections: icons, the wallet tabs, the guest panel, the pager. */
import type { ReactNode } from 'react';
import { openLogin } from '../../../lib/stores/dialogs.ts';
import { siteDay, siteTime } from '../../../lib/time.ts';
import { useT } from '../../use-t.ts';

/** A gem (gold) icon. */
export function GemIcon({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden className="wl-gem">
      <path fill="#ffcf4a" d="M6 3h12l4 6-10 12L2 9z" />
      <path fill="#ffb800" d="M2 9h20L12 21z" />
      <path fill="#fff3c4" d="M8.5 3 12 9l3.5-6z" opacity=".85" />
      <path fill="#e08e00" d="M12 9l-3.5 0L12 21z" opacity=".5" />
    </svg>
  );
}

/** A diamond icon. */
export function DiamondIcon({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden>
      <path fill="#7fe7ff" d="M12 2 21 12 12 22 3 12z" />
      <path fill="#00d1ff" d="M12 2v20L3 12z" />
      <path fill="#d8f8ff" d="M12 2 16.5 12H7.5z" opacity=".7" />
    </svg>
  );
}

/** An income (coin stack) icon. */
export function IncomeIcon({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden>
      <ellipse cx="12" cy="17" rx="8" ry="3.5" fill="#159a5a" />
      <ellipse cx="12" cy="13" rx="8" ry="3.5" fill="#1cbf70" />
      <ellipse cx="12" cy="9" rx="8" ry="3.5" fill="#22d37e" />
      <path
        d="M12 6.8v4.4M10.2 8h3a1 1 0 0 1 0 2h-2.4"
        stroke="#0b3d24"
        strokeWidth="1.3"
        fill="none"
      />
    </svg>
  );
}

/** A ticket icon. */
export function TicketIcon({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden>
      <path
        fill="currentColor"
        d="M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a3 3 0 0 0 0 6v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a3 3 0 0 0 0-6zm10 0v2h2V6zm0 5v2h2v-2zm0 5v2h2v-2z"
      />
    </svg>
  );
}

const TABS = [
  ['myWallet', 'pages.uc.myWallet'],
  ['recharge', 'pages.uc.recharge'],
  ['rechargeHistory', 'pages.uc.rechargeHistory'],
  ['voucher', 'pages.uc.voucher'],
] as const;

/** Links between the four wallet sections. */
export function WalletTabs({ current }: { current: (typeof TABS)[number][0] }) {
  const t = useT();
  return (
    <nav className="pill-tabs wl-tabs" aria-label={t('pages.uc.myWallet')}>
      {TABS.map(([section, key]) => (
        <a
          key={section}
          href={`/user-center/${section}`}
          aria-current={section === current ? 'page' : undefined}
        >
          {t(key)}
        </a>
      ))}
    </nav>
  );
}

/** Asks a guest to log in. */
export function GuestPanel() {
  const t = useT();
  return (
    <div className="wl-panel" data-guest>
      <div className="wl-panel-icon">
        <GemIcon size={34} />
      </div>
      <h2>{t('wallet.ui.guestTitle')}</h2>
      <p>{t('wallet.ui.guestBody')}</p>
      <button type="button" className="btn btn-primary" onClick={openLogin}>
        {t('wallet.ui.login')}
      </button>
    </div>
  );
}

/** An empty or failed list. */
export function Notice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="wl-empty">
      <p>{children}</p>
      {action}
    </div>
  );
}

/** Previous / next paging. */
export function Pager({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="wl-pager" aria-label={t('wallet.ui.pageOf', { page, pages })}>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('wallet.ui.prev')}
      </button>
      <span>{t('wallet.ui.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('wallet.ui.next')}
      </button>
    </nav>
  );
}

/** Unix seconds as a Beijing date and time, e.g. 2026-11-23 20:15. */
export function dateTime(unix: number): string {
  const date = new Date(unix * 1000);
  return `${siteDay(date)} ${siteTime(date)}`;
}

/** Unix seconds as a Beijing date. */
export function dateOnly(unix: number): string {
  return siteDay(new Date(unix * 1000));
}
