/**
 * One open conversation: its history (a page of 20, earlier pages on request, the
 * no-more-messages note at the end), time separators, new messages from the hub, the composer
 * with text and images, and the menus of each message (recall, delete, mute, remove) where the
 * caller may use them. Marks the conversation read on open and as messages arrive.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { onInboxFrame, setOpenChat } from '../../lib/stores/inbox.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import { Composer } from './Composer.tsx';
import { withSeparators, type ChatItem } from '../../lib/messaging/items.ts';
import { MessageRow, type ItemActions } from './MessageRow.tsx';
import type { ChatSource } from '../../lib/stores/conversations.ts';
import { DEFAULT_AVATAR } from '../../lib/user-info.ts';

/** Props of Conversation. */
export interface ConversationProps {
  source: ChatSource;
  title: string;
  subtitle?: string;
  avatar?: string;
  /** Header tools (the anchor's dynamic button). */
  tools?: ReactNode;
  /** Why the composer is closed (muted), or null. */
  closedReason?: string | null;
  actions?: ItemActions;
  onBack: () => void;
  /** Called after the user sent a message (the list moves the conversation up). */
  onSent?: (item: ChatItem) => void;
}

type Removal = { seq?: number; uid?: number };

/** Shortest time between two read calls of an open conversation. */
const READ_EVERY_MS = 2_000;

function applyRemoval(items: ChatItem[], removal: Removal): ChatItem[] {
  return items.filter(
    (i) =>
      !(
        (removal.seq !== undefined && i.seq === removal.seq && i.kind !== 'note') ||
        (removal.uid !== undefined && i.uid === removal.uid && i.kind === 'message')
      ),
  );
}

/** The view. */
export function Conversation(props: ConversationProps) {
  const { source } = props;
  const t = useT();
  const locale = useStore($locale);
  const [items, setItems] = useState<ChatItem[]>([]);
  const [page, setPage] = useState(0);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);

  // Reads are sent at most every READ_EVERY_MS while messages keep coming (a busy group would
  // otherwise cost one call per message per open reader); the last one always goes.
  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRead = useRef(0);
  const markRead = useCallback(
    (latest: number) => {
      const send = () => {
        lastRead.current = Date.now();
        readTimer.current = undefined;
        void source.read(latest).catch(() => {});
      };
      clearTimeout(readTimer.current);
      const wait = lastRead.current + READ_EVERY_MS - Date.now();
      if (wait <= 0) send();
      else readTimer.current = setTimeout(send, wait);
    },
    [source],
  );
  // Leaving with a read still waiting sends it at once.
  useEffect(
    () => () => {
      if (readTimer.current === undefined) return;
      clearTimeout(readTimer.current);
      readTimer.current = undefined;
      void source.read(Date.now()).catch(() => {});
    },
    [source],
  );

  const loadPage = useCallback(
    async (next: number) => {
      setLoading(true);
      try {
        const older = await source.load(next);
        if (older.length === 0) setDone(true);
        else {
          setItems((now) => {
            const known = new Set(now.map((i) => i.key));
            return [...older.filter((i) => !known.has(i.key)).reverse(), ...now];
          });
          setPage(next);
          if (next === 1) markRead(older[0]?.time ?? Date.now());
        }
      } catch (e) {
        showToast((e as Error).message, 'error');
      } finally {
        setLoading(false);
      }
    },
    [source, markRead],
  );

  useEffect(() => {
    setItems([]);
    setPage(0);
    setDone(false);
    stick.current = true;
    setOpenChat(source.key);
    void loadPage(1);
    const stop = onInboxFrame((frame) => {
      const effect = source.onFrame(frame);
      if (!effect) return;
      setItems((now) => {
        const kept = applyRemoval(now, {
          ...('removeSeq' in effect ? { seq: effect.removeSeq } : {}),
          ...('removeUid' in effect ? { uid: effect.removeUid } : {}),
        });
        return kept.some((i) => i.key === effect.add.key) ? kept : [...kept, effect.add];
      });
      if (!effect.add.mine) markRead(effect.add.time);
    });
    return () => {
      stop();
      setOpenChat(null);
    };
  }, [source, loadPage, markRead]);

  // New messages keep the view at the bottom unless the reader scrolled up.
  useEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [items]);

  const send = async (text: string, img: string) => {
    if (!source.send) return;
    const item = await source.send(text, img);
    stick.current = true;
    setItems((now) => (now.some((i) => i.key === item.key) ? now : [...now, item]));
    props.onSent?.(item);
  };

  return (
    <section className="mc-conv" aria-label={props.title} data-conversation={source.key}>
      <header className="mc-conv-head">
        <button
          type="button"
          className="mc-back"
          onClick={props.onBack}
          aria-label={t('messaging.back')}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5 8 12l7 7" fill="none" stroke="currentColor" strokeWidth="2.4" />
          </svg>
        </button>
        {props.avatar !== undefined ? (
          <img
            className="mc-avatar"
            src={props.avatar || DEFAULT_AVATAR}
            alt=""
            width="36"
            height="36"
          />
        ) : null}
        <div className="mc-conv-title">
          <h2>{props.title}</h2>
          {props.subtitle ? <small>{props.subtitle}</small> : null}
        </div>
        {props.tools}
      </header>
      <ol
        className="mc-messages"
        ref={list}
        aria-live="polite"
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        <li className="mc-more">
          {done ? (
            <span className="mc-note" data-no-more>
              {t('messaging.noMore')}
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={loading || page === 0}
              onClick={() => {
                stick.current = false;
                void loadPage(page + 1);
              }}
              data-load-earlier
            >
              {loading ? t('messaging.loading') : t('messaging.loadEarlier')}
            </button>
          )}
        </li>
        {withSeparators(items).map((row) =>
          'separator' in row ? (
            <li key={row.key} className="mc-sep">
              {new Date(row.separator).toLocaleString(locale, {
                month: 'numeric',
                day: 'numeric',
                hour: '2-digit',
                minute: '2-digit',
              })}
            </li>
          ) : (
            <MessageRow key={row.key} item={row} actions={props.actions} />
          ),
        )}
      </ol>
      {source.send ? (
        <Composer onSend={send} images={source.images} closedReason={props.closedReason ?? null} />
      ) : null}
    </section>
  );
}
