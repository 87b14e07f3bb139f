/** One row of the chat list: a message, a gift, a time separator, an arrival or a notice. */
import { levelBadgeSvg } from '../../lib/level-badge.ts';
import type { ChatItem } from '../../lib/live/chat-list.ts';
import { fontColorOf } from '../../lib/live/props.ts';
import { useT } from '../use-t.ts';
import { PropIcon } from './PropIcon.tsx';

/** HH:mm in the viewer's own clock: chat happens now, where the viewer is. */
function formatClock(time: number): string {
  return new Date(time).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

/** Props of ChatRow. */
export interface ChatRowProps {
  item: ChatItem;
  anchorId: number;
  /** True when this viewer may moderate. */
  manage: boolean;
  /** This viewer's chat id, to mark own messages. */
  ownId: string | undefined;
  /** Opens the manager tools for a message. */
  onManage: (target: { uid: number; name: string; msgId: number }) => void;
}

/** Level badge and noble mark before a name. */
function Marks({ level, vip }: { level: number; vip: number }) {
  return (
    <>
      <span className="chat-badge" dangerouslySetInnerHTML={{ __html: levelBadgeSvg(level) }} />
      {vip > 0 ? <span className={`chat-vip vip-${vip}`}>V{vip}</span> : null}
    </>
  );
}

/** A chat row. */
export function ChatRow({ item, anchorId, manage, ownId, onManage }: ChatRowProps) {
  const t = useT();
  if (item.kind === 'time') {
    return (
      <li className="chat-time">
        <span>{formatClock(item.time)}</span>
      </li>
    );
  }
  if (item.kind === 'notice') return <li className="chat-notice">{item.text}</li>;
  if (item.kind === 'enter') {
    const u = item.user;
    return (
      <li className={`chat-enter${u.vip_level ? ` noble-${u.vip_level}` : ''}`}>
        <Marks level={u.level} vip={u.vip_level} />
        <b>{u.from_client_name}</b> {t('liveRoom.chat.entered')}
      </li>
    );
  }
  if (item.kind === 'gift') {
    const g = item.gift;
    return (
      <li className="chat-gift" data-gift-line={g.giftid}>
        <Marks level={g.level} vip={g.vip_level} />
        <b className="chat-name">{g.sender}</b>{' '}
        <span>{t('gifts.chat.sent', { gift: g.gift_name })}</span>
        <img src={g.icon} alt="" width="24" height="24" />
        {g.hit > 1 ? (
          <strong className="chat-combo" data-combo={g.hit} key={g.hit}>
            {t('gifts.chat.combo', { hit: g.hit })}
          </strong>
        ) : g.count > 1 ? (
          <strong className="chat-combo">{t('gifts.chat.combo', { hit: g.count })}</strong>
        ) : null}
      </li>
    );
  }
  const m = item.msg;
  const own = ownId === String(m.user_id);
  // History from before font_color existed carries only props and props_id.
  const color = m.font_color || fontColorOf(m.props, m.props_id) || undefined;
  const speaker = m.isSpeaker || m.props === 100;
  const canManage = manage && !own && m.user_id !== anchorId;
  return (
    <li
      className={`chat-msg${own ? ' own' : ''}${speaker ? ' speaker' : ''}${color ? ' colorful' : ''}`}
      data-msg={m.id}
    >
      {speaker ? (
        <span className="chat-speaker" title={t('liveRoom.chat.speaker')}>
          <PropIcon name="megaphone" size={14} />
        </span>
      ) : null}
      <Marks level={m.level} vip={m.vip_level} />
      {m.user_id === anchorId ? (
        <span className="chat-role anchor">{t('liveRoom.chat.anchor')}</span>
      ) : m.is_manager ? (
        <span className="chat-role">{t('liveRoom.chat.manager')}</span>
      ) : null}
      <span className="chat-name">{m.from_client_name}:</span>{' '}
      <span
        className="chat-text"
        style={color ? { color } : undefined}
        data-font-color={color || undefined}
      >
        {m.content}
      </span>
      {canManage ? (
        <button
          type="button"
          className="chat-manage"
          aria-label={`${t('liveRoom.mod.menu')} ${m.from_client_name}`}
          onClick={() => onManage({ uid: m.user_id, name: m.from_client_name, msgId: m.id })}
        >
          ⋯
        </button>
      ) : null}
    </li>
  );
}
