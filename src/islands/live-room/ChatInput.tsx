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
import { useT } from '../use-t.ts';
import { PropIcon } from './PropIcon.tsx';
import { PropPicker } from './PropPicker.tsx';

/** Props of ChatInput. */
export interface ChatInputProps {
  me: ChatMe | null;
}

/** The bottom of the chat panel. */
export function ChatInput({ me }: ChatInputProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [picker, setPicker] = useState(false);
  const [tab, setTab] = useState<EmojiTab>('common');
  const [props, setProps] = useState(false);
  const chosen = useStore($chatProp);
  const member = me !== null && !me.guest;

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
      <button type="submit" className="btn btn-primary" disabled={!text.trim() || !me}>
        {t('liveRoom.chat.send')}
      </button>
    </form>
  );
}
