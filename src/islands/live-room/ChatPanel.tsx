/**
 * The live room's chat panel: announcement, welcome ticker, the bounded message list with time
 * separators and arrivals, manager tools, and the input. It renders the live-room stores and
 * calls their actions; the socket lives in the room's connection (stores/live-room.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AnnouncementData } from '../../lib/realtime/protocol/index.ts';
import { $roomConnection, enterRoom, leaveRoom } from '../../lib/stores/live-room.ts';
import { $announcement, $chat, $chatMe } from '../../lib/stores/live-room-state.ts';
import { $roomEntry } from '../../lib/stores/ticket-room.ts';
import { useT } from '../use-t.ts';
import { ChatInput } from './ChatInput.tsx';
import { ChatRow } from './ChatRow.tsx';
import { BanForm, ModBar } from './ModBar.tsx';
import { PropIcon } from './PropIcon.tsx';

/** Props of ChatPanel. */
export interface ChatPanelProps {
  anchorId: number;
  /** The announcement as the page rendered it, until the room's own arrives. */
  announcement: AnnouncementData;
  /** A ticket-paid room: the chat joins only once the viewer has entry. */
  ticketed?: boolean;
}

/** Distance from the bottom (px) within which new messages keep the list scrolled down. */
const STICK_PX = 80;

/** Chat history, messages, input. */
export default function ChatPanel({
  anchorId,
  announcement: initial,
  ticketed = false,
}: ChatPanelProps) {
  const t = useT();
  const entry = useStore($roomEntry);
  const locked = ticketed && entry.status !== 'open';
  const chat = useStore($chat);
  const me = useStore($chatMe);
  const connection = useStore($roomConnection);
  const announcement = useStore($announcement) ?? initial;
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const [target, setTarget] = useState<{ uid: number; name: string; msgId: number } | null>(null);

  useEffect(() => {
    if (locked) return;
    enterRoom(anchorId);
    return () => leaveRoom();
  }, [anchorId, locked]);

  useLayoutEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [chat.items]);

  const welcome = chat.welcome[chat.welcome.length - 1];
  if (locked) {
    return (
      <div className="chat chat-locked" data-chat-locked>
        <div className="chat-head">
          <h2>{t('liveRoom.chat.title')}</h2>
        </div>
        <div className="chat-lock">
          <span className="chat-lock-icon">
            <PropIcon name="ticket" size={30} />
          </span>
          <strong>{t('liveRoom.ticket.locked')}</strong>
          <p>{t('liveRoom.ticket.required')}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="chat" data-connection={connection}>
      <div className="chat-head">
        <h2>{t('liveRoom.chat.title')}</h2>
        {connection === 'offline' ? (
          <span className="chat-state">{t('liveRoom.chat.offline')}</span>
        ) : null}
        {me?.isManager ? <ModBar announcement={announcement} /> : null}
      </div>
      {announcement.content ? (
        <div className="chat-announcement" data-announcement>
          <strong>{t('liveRoom.chat.announcement')}</strong>
          <p>{announcement.content}</p>
          {announcement.contact.length ? (
            <ul>
              {announcement.contact.map((c) => (
                <li key={`${c.title}:${c.value}`}>
                  <span>{c.title}</span> {c.value}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <p className="chat-welcome" aria-live="polite">
        {welcome ? (
          <>
            {t('liveRoom.chat.welcome')} <b>{welcome.from_client_name}</b>{' '}
            {t('liveRoom.chat.entered')}
          </>
        ) : null}
      </p>
      <ol
        className="chat-list"
        ref={list}
        data-chat-list
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
        }}
      >
        {connection === 'connecting' ? (
          <li className="chat-empty">{t('liveRoom.chat.connecting')}</li>
        ) : null}
        {connection === 'joined' && chat.items.length === 0 ? (
          <li className="chat-empty">{t('liveRoom.chat.empty')}</li>
        ) : null}
        {chat.items.map((item) => (
          <ChatRow
            key={item.key}
            item={item}
            anchorId={anchorId}
            manage={me?.isManager ?? false}
            ownId={me?.id}
            onManage={setTarget}
          />
        ))}
      </ol>
      {target ? <BanForm target={target} onClose={() => setTarget(null)} /> : null}
      <ChatInput me={me} />
    </div>
  );
}
