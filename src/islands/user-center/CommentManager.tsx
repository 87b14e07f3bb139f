/**
 * Live room settings for anchors and room managers: pick a room, set its announcement and
 * contacts, see its latest messages (deleted ones marked) and its banned users, delete a message
 * or lift a ban.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $comments,
  $commentsState,
  $managedRooms,
  $pending,
  $roomsState,
  $selectedRoom,
  deleteComment,
  loadManagedRooms,
  reloadComments,
  selectRoom,
  unbanUser,
  type ManagedBan,
  type ManagedMessage,
} from '../../lib/stores/comment-admin.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { useT } from '../use-t.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import './comment-manager.css';

function when(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(ms));
}

function MessageRow({ message }: { message: ManagedMessage }) {
  const t = useT();
  const locale = useStore($locale);
  const busy = useStore($pending).has(`m${message.id}`);
  return (
    <li className={`cm-msg${message.deleted ? ' is-deleted' : ''}`} data-message={message.id}>
      <time className="cm-time">{when(message.time, locale)}</time>
      <span className="cm-nick">{message.nick_name}</span>
      <span className="cm-text">{message.content}</span>
      {message.deleted ? (
        <span className="cm-tag">{t('commentAdmin.deleted')}</span>
      ) : (
        <button
          type="button"
          className="btn cm-btn"
          disabled={busy}
          aria-label={`${t('commentAdmin.delete')}: ${message.content}`}
          onClick={() => void deleteComment(message.id, t('liveChat.acks.deleteMsg'))}
        >
          {t('commentAdmin.delete')}
        </button>
      )}
    </li>
  );
}

function BanRow({ ban }: { ban: ManagedBan }) {
  const t = useT();
  const locale = useStore($locale);
  const busy = useStore($pending).has(`b${ban.user_id}`);
  const reasonKey = `liveChat.reasons.${ban.reason}`;
  const reason = t(reasonKey) === reasonKey ? ban.reason : t(reasonKey);
  return (
    <li className="cm-ban" data-ban={ban.user_id}>
      <div className="cm-ban-who">
        <strong>{ban.nick_name}</strong>
        <span>{t('commentAdmin.reason', { reason })}</span>
      </div>
      <span className={`cm-until${ban.until === null ? ' is-permanent' : ''}`}>
        {ban.until === null
          ? t('commentAdmin.permanent')
          : t('commentAdmin.until', { time: when(ban.until, locale) })}
      </span>
      <button
        type="button"
        className="btn cm-btn"
        disabled={busy}
        aria-label={`${t('commentAdmin.unban')}: ${ban.nick_name}`}
        onClick={() => void unbanUser(ban.user_id, t('liveChat.acks.unban'))}
      >
        {t('commentAdmin.unban')}
      </button>
    </li>
  );
}

/** The island of /user-center/live-room-settings. */
export function CommentManager() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const rooms = useStore($managedRooms);
  const roomsState = useStore($roomsState);
  const selected = useStore($selectedRoom);
  const { messages, bans } = useStore($comments);
  const commentsState = useStore($commentsState);

  useEffect(() => {
    if (!loggedIn) return;
    const wanted = Number(new URLSearchParams(location.search).get('anchor_id')) || undefined;
    void loadManagedRooms(wanted);
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <div className="cm-empty">
        <p>{t('commentAdmin.loginFirst')}</p>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          {t('commentAdmin.login')}
        </button>
      </div>
    );
  }
  if (roomsState === 'loading' && rooms.length === 0) {
    return <p className="cm-empty">{t('common.loading')}</p>;
  }
  if (roomsState === 'error') {
    return (
      <div className="cm-empty">
        <p>{t('commentAdmin.failed')}</p>
        <button type="button" className="btn" onClick={() => void loadManagedRooms()}>
          {t('commentAdmin.refresh')}
        </button>
      </div>
    );
  }
  if (rooms.length === 0) return <p className="cm-empty">{t('commentAdmin.noRooms')}</p>;

  const room = rooms.find((r) => r.anchor_id === selected);
  return (
    <div className="cm">
      <div className="cm-bar">
        <label className="cm-picker">
          <span>{t('commentAdmin.room')}</span>
          <select
            value={selected ?? ''}
            onChange={(e) => void selectRoom(Number(e.currentTarget.value))}
          >
            {rooms.map((r) => (
              <option key={r.anchor_id} value={r.anchor_id}>
                {r.own ? `${t('commentAdmin.ownRoom')} · ` : ''}
                {r.nick_name} — {r.title}
              </option>
            ))}
          </select>
        </label>
        {room && (
          <span className={`cm-status${room.is_live ? ' is-live' : ''}`}>
            {room.is_live ? t('commentAdmin.live') : t('commentAdmin.offline')}
          </span>
        )}
        <div className="cm-actions">
          {room && (
            <a className="btn btn-ghost" href={`/liveMatchesTwo/${room.anchor_id}`}>
              {t('commentAdmin.openRoom')}
            </a>
          )}
          <button
            type="button"
            className="btn"
            disabled={commentsState === 'loading'}
            onClick={() => void reloadComments()}
          >
            {t('commentAdmin.refresh')}
          </button>
        </div>
      </div>
      {commentsState === 'error' && <p className="cm-error">{t('commentAdmin.failed')}</p>}
      {selected !== null && <AnnouncementForm room={selected} />}
      <div className="cm-grid">
        <section className="cm-panel" aria-labelledby="cm-messages">
          <h2 id="cm-messages">
            {t('commentAdmin.messages')} <span className="cm-count">{messages.length}</span>
          </h2>
          {messages.length === 0 ? (
            <p className="cm-none">{t('commentAdmin.noMessages')}</p>
          ) : (
            <ol className="cm-list">
              {messages.map((m) => (
                <MessageRow key={m.id} message={m} />
              ))}
            </ol>
          )}
        </section>
        <section className="cm-panel" aria-labelledby="cm-bans">
          <h2 id="cm-bans">
            {t('commentAdmin.bans')} <span className="cm-count">{bans.length}</span>
          </h2>
          {bans.length === 0 ? (
            <p className="cm-none">{t('commentAdmin.noBans')}</p>
          ) : (
            <ul className="cm-list">
              {bans.map((b) => (
                <BanRow key={b.id} ban={b} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
