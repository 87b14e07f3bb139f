/**
 * The users panel: search by id or phone digits; each user with balances, sessions and any ban,
 * and the actions: ban with a reason and a length, lift a ban, the administrator role, and
 * logging out everywhere.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { AdminUserView } from '../../lib/admin/views.ts';
import {
  $userSearch,
  banUser,
  logoutUser,
  searchUsers,
  setUserRole,
  unbanUser,
} from '../../lib/stores/admin.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { BAN_MINUTES } from '../../lib/validation/admin.ts';
import { useT } from '../use-t.ts';
import { formatTime, formatUnits, useAction } from './use-panel.ts';

function BanForm({ user, onDone }: { user: AdminUserView; onDone: () => void }) {
  const t = useT();
  const [minutes, setMinutes] = useState<number>(BAN_MINUTES[1]);
  const [reason, setReason] = useState('');
  const { busy, run } = useAction();
  const id = `ad-ban-${user.id}`;
  return (
    <form
      className="ad-ban"
      aria-label={t('admin.users.banTitle', { name: user.nick_name })}
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => banUser(user.id, minutes, reason), t('admin.users.banned')).then(
          (done) => done && onDone(),
        );
      }}
    >
      <div className="ad-field">
        <label htmlFor={`${id}-len`}>{t('admin.users.duration')}</label>
        <select
          id={`${id}-len`}
          value={minutes}
          onChange={(e) => setMinutes(Number(e.target.value))}
        >
          {BAN_MINUTES.map((m) => (
            <option key={m} value={m}>
              {t(`admin.users.minutes.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="ad-field is-grow">
        <label htmlFor={`${id}-why`}>{t('admin.users.reason')}</label>
        <input id={`${id}-why`} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-danger" disabled={busy}>
        {t('admin.users.confirmBan')}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onDone}>
        {t('admin.common.cancel')}
      </button>
    </form>
  );
}

/** The role of the system ledger accounts (quiz escrow, platform): shown, never changed. */
const SYSTEM_ROLE = 0;

function UserCard({ user }: { user: AdminUserView }) {
  const t = useT();
  const locale = useStore($locale);
  const [banning, setBanning] = useState(false);
  const { busy, run } = useAction();
  return (
    <li className="ad-card ad-user" data-user={user.id}>
      <header>
        <strong>{user.nick_name}</strong>
        <span className="ad-mono ad-muted">
          #{user.id} · {user.mobile}
        </span>
        <span className={`ad-pill is-role-${user.role}`}>
          {t(`admin.users.role.${user.role}` as 'admin.users.role.1')}
        </span>
      </header>
      <p className="ad-muted">
        {t('admin.users.joined', { time: formatTime(user.created_at, locale) })} ·{' '}
        {t('admin.users.sessions', { count: user.sessions })}
      </p>
      <dl className="ad-balances">
        {(['gold', 'diamond', 'income'] as const).map((c) => (
          <div key={c}>
            <dt>{t(`admin.overview.${c}`)}</dt>
            <dd>{formatUnits(user[c], locale)}</dd>
          </div>
        ))}
      </dl>
      {user.ban && (
        <p className="ad-error" data-banned>
          {user.ban.until
            ? t('admin.users.bannedUntil', {
                time: formatTime(user.ban.until, locale),
                reason: user.ban.reason,
              })
            : t('admin.users.bannedForever', { reason: user.ban.reason })}
        </p>
      )}
      {user.role === SYSTEM_ROLE ? (
        <p className="ad-muted" data-system>
          {t('admin.errors.systemAccount')}
        </p>
      ) : banning ? (
        <BanForm user={user} onDone={() => setBanning(false)} />
      ) : (
        <div className="ad-actions">
          {user.ban ? (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void run(() => unbanUser(user.id), t('admin.users.unbanned'))}
            >
              {t('admin.users.unban')}
            </button>
          ) : (
            <button type="button" className="btn btn-danger" onClick={() => setBanning(true)}>
              {t('admin.users.ban')}
            </button>
          )}
          {user.role !== 2 && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                void run(
                  () => setUserRole(user.id, user.role === 3 ? 1 : 3),
                  t('admin.users.roleChanged'),
                )
              }
            >
              {user.role === 3 ? t('admin.users.makeMember') : t('admin.users.makeAdmin')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy || user.sessions === 0}
            onClick={() => void run(() => logoutUser(user.id), t('admin.users.loggedOut'))}
          >
            {t('admin.users.logout')}
          </button>
        </div>
      )}
    </li>
  );
}

/** The users tab. */
export function UsersPanel() {
  const t = useT();
  const search = useStore($userSearch);
  const [q, setQ] = useState(search.q);
  const [error, setError] = useState('');
  return (
    <div className="ad-stack">
      <form
        className="ad-card ad-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          searchUsers(q.trim()).catch((err: unknown) => setError((err as Error).message));
        }}
      >
        <label htmlFor="ad-user-q">{t('admin.users.search')}</label>
        <div className="ad-inline">
          <input
            id="ad-user-q"
            inputMode="numeric"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {t('admin.users.searchButton')}
          </button>
        </div>
        {error && <p className="ad-error">{error}</p>}
      </form>
      {search.list?.length === 0 && <p className="ad-muted">{t('admin.users.none')}</p>}
      <ul className="ad-users">
        {search.list?.map((u) => (
          <UserCard key={u.id} user={u} />
        ))}
      </ul>
    </div>
  );
}
