/** The list pane: one row per conversation with its avatar, name, last message, time and unread badge. */
import { useStore } from '@nanostores/react';
import { CHAT_TYPE, SYSTEM_KIND, type ChatListEntry } from '../../lib/messaging/types.ts';
import { $unread, chatKey } from '../../lib/stores/inbox.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { useT } from '../use-t.ts';
import { DEFAULT_AVATAR } from '../../lib/user-info.ts';

type T = ReturnType<typeof useT>;

/** The name a conversation goes by. */
export function chatName(entry: ChatListEntry, me: number, t: T): string {
  switch (entry.type) {
    case CHAT_TYPE.group:
      return t('messaging.groupName', { name: entry.name });
    case CHAT_TYPE.staff:
      return entry.mgr_chat_user_id === me
        ? t('messaging.staffName')
        : t('messaging.staffOf', { name: entry.name });
    case CHAT_TYPE.system:
      return t('messaging.systemName');
    default:
      return entry.name;
  }
}

/** The last message as the list shows it: text, [Image], a notice or a go-live alert. */
function previewOf(entry: ChatListEntry, t: T): string {
  if (entry.last_msg === '[image]') return t('messaging.imagePreview');
  if (entry.type === CHAT_TYPE.system && entry.last_type === SYSTEM_KIND.live) {
    return t('messaging.system.live', { name: entry.last_name, title: entry.last_msg });
  }
  if (entry.type === CHAT_TYPE.group && entry.last_type >= 1 && entry.last_type <= 5) {
    return t(`messaging.preview.${entry.last_type}`, { name: entry.last_name });
  }
  return entry.last_msg;
}

function Glyph({ type }: { type: number }) {
  const path =
    type === CHAT_TYPE.staff
      ? 'M12 2a8 8 0 0 1 8 8v5a3 3 0 0 1-3 3h-2v-7h3v-1a6 6 0 0 0-12 0v1h3v7H7a3 3 0 0 1-3-3v-5a8 8 0 0 1 8-8z'
      : 'M12 3a6 6 0 0 1 6 6v4l2 3H4l2-3V9a6 6 0 0 1 6-6zm-2 15h4a2 2 0 0 1-4 0z';
  return (
    <span className={`mc-glyph t${type}`} aria-hidden="true">
      <svg width="22" height="22" viewBox="0 0 24 24">
        <path d={path} fill="currentColor" />
      </svg>
    </span>
  );
}

function when(ms: number, locale: string): string {
  if (!ms) return '';
  const date = new Date(ms);
  const today = new Date().toDateString() === date.toDateString();
  return today
    ? date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(locale, { month: 'numeric', day: 'numeric' });
}

/** The list. */
export function ChatList({
  entries,
  me,
  open,
  onOpen,
}: {
  entries: ChatListEntry[];
  me: number;
  open: string | null;
  onOpen: (entry: ChatListEntry) => void;
}) {
  const t = useT();
  const locale = useStore($locale);
  const unread = useStore($unread);
  return (
    <nav className="mc-list" aria-label={t('messaging.listLabel')}>
      <ul>
        {entries.map((entry) => {
          const key = chatKey(entry.type, entry.chat_id);
          const count = unread[key] ?? 0;
          const name = chatName(entry, me, t);
          const preview = previewOf(entry, t);
          return (
            <li key={`${key}:${entry.anchor_id}`}>
              <button
                type="button"
                className={`mc-entry${open === key ? ' is-open' : ''}`}
                aria-current={open === key ? 'true' : undefined}
                onClick={() => onOpen(entry)}
                data-chat={key}
              >
                {entry.type === CHAT_TYPE.staff || entry.type === CHAT_TYPE.system ? (
                  <Glyph type={entry.type} />
                ) : (
                  <img
                    className="mc-avatar"
                    src={entry.avatar || DEFAULT_AVATAR}
                    alt=""
                    width="44"
                    height="44"
                  />
                )}
                <span className="mc-entry-main">
                  <span className="mc-entry-top">
                    <strong>{name}</strong>
                    <time>{when(entry.last_time, locale)}</time>
                  </span>
                  <span className="mc-entry-bottom">
                    <span className="mc-preview-text">{preview}</span>
                    {count > 0 ? (
                      <span
                        className="unread-badge"
                        data-unread={count}
                        title={t('messaging.unread', { count })}
                      >
                        {count > 99 ? '99+' : count}
                      </span>
                    ) : null}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
