/** The chat input: text, emoji and prop pickers, send; a login button for guests; the ban notice. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { EMOJI_TABS, type EmojiTab } from '../../lib/live/emoji.ts';
import { fontColorOf, PROP_TYPE } from '../../lib/live/props.ts';
import { CHAT_MAX_LENGTH } from '../../lib/rules/chat.ts';
import { loadBackpack } from '../../lib/stores/backpack.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { sendChat } from '../../lib/stores/live-room.ts';
import { $chatProp, isBanned, type ChatMe } from '../../lib/stores/live-room-state.ts';
import { $chatModes, $slowUntil } from '../../lib/stores/live-room-modes.ts';
import { anyChatMode } from '../../lib/live/chat-modes.ts';
import { describeModes } from '../../lib/live/chat-modes-text.ts';
import { useT } from '../use-t.ts';
import { PropIcon } from './PropIcon.tsx';
import { PropPicker } from './PropPicker.tsx';

/** Props of ChatInput. */
export interface ChatInputProps {
  me: ChatMe | null;
}

/** Whole seconds left in slow mode, counting down once a second (0: send now). */
function useSlowLeft(): number {
  const until = useStore($slowUntil);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** The bottom of the chat panel. */
export function ChatInput({ me }: ChatInputProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [picker, setPicker] = useState(false);
  const [tab, setTab] = useState<EmojiTab>('common');
  const [props, setProps] = useState(false);
  const chosen = useStore($chatProp);
  const modes = useStore($chatModes);
  const member = me !== null && !me.guest;
  const exempt = (me?.isManager ?? false) || chosen?.type === PROP_TYPE.speaker;
  const slowLeft = useSlowLeft();
  const wait = exempt ? 0 : slowLeft;

  useEffect(() => {
    if (member) void loadBackpack().catch(() => {});
  }, [member]);

  if (me?.guest) {
    return (
      <div className="chat-input">
        <button type="button" className="btn btn-primary chat-login" onClick={openLogin}>
          {t('liveRoom.chat.loginToChat')}
        </button>
      </div>
    );
  }
  if (isBanned(me)) {
    const until = me?.bannedUntil;
    return (
      <div className="chat-input">
        <p className="chat-banned" role="status">
          {until === null || until === undefined
            ? t('liveRoom.chat.bannedForever')
            : t('liveRoom.chat.bannedUntil', { time: new Date(until).toLocaleString() })}
        </p>
      </div>
    );
  }
  const submit = () => {
    if (sendChat(text)) {
      setText('');
      setPicker(false);
      setProps(false);
    }
  };
  return (
    <form
      className="chat-input"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {picker ? (
        <div className="emoji-picker" role="dialog" aria-label={t('liveRoom.chat.emoji')}>
          <div className="emoji-tabs" role="tablist">
            {(Object.keys(EMOJI_TABS) as EmojiTab[]).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => setTab(name)}
              >
                {t(`liveRoom.chat.emojiTabs.${name}`)}
              </button>
            ))}
          </div>
          <div className="emoji-grid">
            {EMOJI_TABS[tab].map((emoji) => (
              <button
                key={emoji}
                type="button"
                onClick={() => setText((v) => (v + emoji).slice(0, CHAT_MAX_LENGTH))}
              >
                {emoji}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {props ? <PropPicker onPicked={() => setProps(false)} /> : null}
      {anyChatMode(modes) ? (
        <p className="chat-modes-line" data-chat-modes>
          <span>{describeModes(t, modes)}</span>
          {wait > 0 ? (
            <span className="chat-slow-left" role="timer" aria-live="polite" data-slow-left>
              {t('liveChat.modes.waitSeconds', { seconds: wait })}
            </span>
          ) : null}
        </p>
      ) : null}
      <button
        type="button"
        className="emoji-toggle"
        aria-label={t('liveRoom.chat.emoji')}
        aria-expanded={picker}
        onClick={() => {
          setPicker((v) => !v);
          setProps(false);
        }}
      >
        😀
      </button>
      <button
        type="button"
        className={`props-toggle${chosen ? ' chosen' : ''}`}
        aria-label={t('liveChat.props.title')}
        aria-expanded={props}
        data-props-toggle
        style={
          chosen ? { color: fontColorOf(chosen.type, chosen.props_id) || undefined } : undefined
        }
        onClick={() => {
          setProps((v) => !v);
          setPicker(false);
        }}
      >
        <PropIcon name={chosen?.type === PROP_TYPE.speaker ? 'megaphone' : 'sparkle'} />
      </button>
      <input
        type="text"
        className={chosen ? 'with-prop' : undefined}
        style={
          chosen ? { color: fontColorOf(chosen.type, chosen.props_id) || undefined } : undefined
        }
        value={text}
        maxLength={CHAT_MAX_LENGTH}
        placeholder={t('liveRoom.chat.placeholder')}
        aria-label={t('liveRoom.chat.placeholder')}
        onChange={(e) => setText(e.target.value)}
        data-chat-input
      />
      <button
        type="submit"
        className="btn btn-primary"
        disabled={!text.trim() || !me || wait > 0}
        data-chat-send
      >
        {wait > 0 ? `${wait}s` : t('liveRoom.chat.send')}
      </button>
    </form>
  );
}
