/**
 * The chat-replay panel beside a replay: the live's chat and viewers' barrage up to the playhead,
 * in the live chat list's look, and an input that posts barrage at the current moment. It reads
 * the replay-chat stores and calls their actions; the page reports the playhead.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatDuration } from '../../lib/duration.ts';
import type { TrackLine } from '../../lib/replays/api.ts';
import { key } from '../../lib/replays/track.ts';
import { CHAT_MAX_LENGTH } from '../../lib/rules/chat.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import {
  $replayChat,
  $replayDraft,
  deleteReplayBarrage,
  openReplayChat,
  sendReplayBarrage,
  setReplayDraft,
} from '../../lib/stores/replay-chat.ts';
import { $loggedIn, $userId } from '../../lib/stores/session.ts';
import { ChatRow } from '../live-room/ChatRow.tsx';
import { useT } from '../use-t.ts';
import '../live-room/styles/chat.css';
import '../live-room/styles/props-speaker.css';
import './replay-chat.css';

/** Props of ReplayChat. */
export interface ReplayChatProps {
  replayId: number;
  anchorId: number;
  durationSec: number;
}

/** Distance from the bottom (px) within which new lines keep the list scrolled down. */
const STICK_PX = 80;

export default function ReplayChat({ replayId, anchorId, durationSec }: ReplayChatProps) {
  const t = useT();
  const chat = useStore($replayChat);
  const draft = useStore($replayDraft);
  const loggedIn = useStore($loggedIn);
  const me = useStore($userId);
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const [target, setTarget] = useState<TrackLine | null>(null);

  useEffect(() => {
    if ($replayChat.get().replayId !== replayId) openReplayChat(replayId, durationSec * 1000);
  }, [replayId, durationSec]);

  useLayoutEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [chat.lines]);

  const time = formatDuration(chat.positionMs / 1000);
  return (
    <div className="chat replay-chat" data-replay-chat data-status={chat.status}>
      <div className="chat-head">
        <h2 id="replay-chat-title">{t('replayChat.panel.title')}</h2>
        <span className="replay-chat-time" data-replay-chat-time>
          {time}
        </span>
      </div>
      <ol
        ref={list}
        className="chat-list"
        aria-labelledby="replay-chat-title"
        data-replay-chat-list
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
        }}
      >
        {chat.lines.length === 0 ? (
          <li className="chat-empty">
            {chat.status === 'loading'
              ? t('replayChat.panel.loading')
              : chat.status === 'failed'
                ? t('replayChat.panel.failed')
                : t('replayChat.panel.empty')}
          </li>
        ) : (
          chat.lines.map((line) => (
            <ChatRow
              key={key(line)}
              item={{ kind: 'msg', key: key(line), time: line.time, msg: line }}
              anchorId={anchorId}
              manage={chat.moderator && line.source === 1}
              ownId={line.source === 1 ? me : undefined}
              onManage={() => setTarget(line)}
            />
          ))
        )}
      </ol>
      {target ? (
        <form
          className="mod-pop replay-chat-delete"
          aria-label={t('replayChat.panel.remove')}
          data-replay-delete
          onSubmit={(e) => {
            e.preventDefault();
            void deleteReplayBarrage(target);
            setTarget(null);
          }}
        >
          <p className="mod-target">
            {target.from_client_name}: {target.content}
          </p>
          <div className="mod-actions">
            <button type="button" className="btn btn-ghost small" onClick={() => setTarget(null)}>
              {t('liveRoom.mod.cancel')}
            </button>
            <button type="submit" className="btn btn-primary small">
              {t('replayChat.panel.remove')}
            </button>
          </div>
        </form>
      ) : null}
      {loggedIn ? (
        <form
          className="chat-input"
          onSubmit={(e) => {
            e.preventDefault();
            void sendReplayBarrage();
          }}
        >
          <input
            type="text"
            value={draft.text}
            maxLength={CHAT_MAX_LENGTH}
            aria-label={t('replayChat.input.label')}
            placeholder={t('replayChat.input.placeholder', { time })}
            onChange={(e) => setReplayDraft(e.currentTarget.value)}
            data-replay-barrage-input
          />
          <button
            type="submit"
            className="btn btn-primary"
            disabled={draft.sending || draft.text.trim() === ''}
          >
            {t('replayChat.input.send')}
          </button>
        </form>
      ) : (
        <div className="chat-input">
          <button type="button" className="btn btn-primary chat-login" onClick={openLogin}>
            {t('replayChat.input.login')}
          </button>
        </div>
      )}
    </div>
  );
}
