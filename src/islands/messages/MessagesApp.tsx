/**
 * /user-center/privateChat: the Messages tab. A two-pane chat app (list and conversation; one
 * pane at a time on phones) over fan groups, private chats, the staff channel and the system
 * conversation. `?anchor=ID` opens a private chat with an anchor; `?fans=ID` opens an anchor's
 * fan group, offering to follow and join first. Guests are asked to log in.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AnchorProfile } from '../../lib/messaging/api.ts';
import { joinFanGroup, loadAnchorProfile, loadChatList } from '../../lib/stores/messages.ts';
import {
  CHAT_TYPE,
  GROUP_MSG,
  SYSTEM_KIND,
  type ChatListEntry,
} from '../../lib/messaging/types.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { chatKey, onInboxFrame } from '../../lib/stores/inbox.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $isAdmin, $loggedIn, $userId } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import { ChatList, chatName } from './ChatList.tsx';
import { Conversation } from './Conversation.tsx';
import { GroupChat } from './GroupChat.tsx';
import type { ChatItem } from '../../lib/messaging/items.ts';
import { sourceOf } from '../../lib/stores/conversations.ts';
import { DEFAULT_AVATAR } from '../../lib/user-info.ts';
import './messages.css';

const keyOf = (e: ChatListEntry) => chatKey(e.type, e.chat_id);

/** A private conversation not written yet, opened from an anchor's page. */
function draftPrivate(profile: AnchorProfile, me: number): ChatListEntry {
  return {
    anchor_id: profile.anchor_profile.anchor_id,
    unread_num: 0,
    mgr_id: 0,
    mgr_chat_user_id: 0,
    fans_group_id: 0,
    type: CHAT_TYPE.private,
    chat_id: 0,
    user_id: me,
    name: profile.anchor_profile.nick_name,
    avatar: profile.anchor_profile.avatar,
    last_msg: '',
    last_type: 0,
    last_name: '',
    last_time: 0,
  };
}

function JoinPanel({ profile, onJoined }: { profile: AnchorProfile; onJoined: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const group = profile.groups[0]!;
  const join = async () => {
    setBusy(true);
    try {
      showToast(await joinFanGroup(profile), 'success');
      onJoined();
    } catch (e) {
      showToast((e as Error).message, 'error');
      setBusy(false);
    }
  };
  return (
    <section className="mc-join" data-join-panel>
      <img src={group.avatar || DEFAULT_AVATAR} alt="" width="72" height="72" />
      <h2>{t('messaging.groupName', { name: group.name })}</h2>
      <p>{t('messaging.members', { count: group.members })}</p>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void join()}>
        {profile.is_attend ? t('messaging.join') : t('messaging.followToJoin')}
      </button>
    </section>
  );
}

/** The island. */
export function MessagesApp() {
  const t = useT();
  const locale = useStore($locale);
  const loggedIn = useStore($loggedIn);
  const me = Number(useStore($userId) ?? 0);
  const [entries, setEntries] = useState<ChatListEntry[] | null>(null);
  const [open, setOpen] = useState<ChatListEntry | null>(null);
  const [joining, setJoining] = useState<AnchorProfile | null>(null);

  const reload = useCallback(async () => {
    const list = await loadChatList();
    setEntries(list);
    return list;
  }, []);

  // The list, then what the address asks to open.
  useEffect(() => {
    if (!loggedIn) return;
    const params = new URLSearchParams(location.search);
    const anchor = Number(params.get('anchor') ?? 0);
    const fans = Number(params.get('fans') ?? 0);
    void (async () => {
      try {
        const list = await reload();
        if (anchor > 0 && anchor !== me) {
          const found = list.find((e) => e.type === CHAT_TYPE.private && e.anchor_id === anchor);
          setOpen(found ?? draftPrivate(await loadAnchorProfile(anchor), me));
        } else if (fans > 0) {
          const profile = await loadAnchorProfile(fans);
          const found = list.find((e) => e.type === CHAT_TYPE.group && e.anchor_id === fans);
          if (found) setOpen(found);
          else setJoining(profile);
        }
      } catch (e) {
        showToast((e as Error).message, 'error');
      }
    })();
  }, [loggedIn, me, reload]);

  // The list follows the hub: last messages move their conversation up; new ones appear.
  useEffect(
    () =>
      onInboxFrame((frame) => {
        const touch = (
          match: (e: ChatListEntry) => boolean,
          text: string,
          time: number,
          last: { last_type?: number; last_name?: string } = {},
        ) =>
          setEntries((now) => {
            if (!now) return now;
            const hit = now.find(match);
            if (!hit) {
              void reload();
              return now;
            }
            const moved = { ...hit, last_msg: text, last_time: time, last_type: 0, ...last };
            return [moved, ...now.filter((e) => e !== hit)];
          });
        if (frame.type === SERVER_FRAME.groupMsg) {
          const m = frame.data;
          touch(
            (e) => e.type === CHAT_TYPE.group && e.chat_id === m.group_id,
            m.type === GROUP_MSG.image ? '[image]' : m.content,
            m.send_time * 1000,
            { last_type: m.type, last_name: m.nick_name },
          );
        } else if (frame.type === SERVER_FRAME.privateMsg) {
          const m = frame.data;
          touch(
            (e) => e.type === CHAT_TYPE.private && e.chat_id === m.groupId,
            m.content || '[image]',
            m.send_time,
          );
        } else if (frame.type === SERVER_FRAME.mgrMsg) {
          const m = frame.data;
          touch(
            (e) => e.type === CHAT_TYPE.staff && e.chat_id === m.user_id,
            m.content,
            m.send_time * 1000,
          );
        } else if (frame.type === SERVER_FRAME.SystemMessage) {
          const m = frame.data;
          touch((e) => e.type === CHAT_TYPE.system, m.content, m.send_time * 1000, {
            last_type: m.kind,
            last_name: typeof m.data.nick_name === 'string' ? m.data.nick_name : '',
          });
        } else if (frame.type === SERVER_FRAME.AnchorStartLiveMessage) {
          const a = frame.data;
          touch((e) => e.type === CHAT_TYPE.system, a.title, Date.now(), {
            last_type: SYSTEM_KIND.live,
            last_name: a.nick_name,
          });
        }
      }),
    [reload],
  );

  const admin = useStore($isAdmin);
  const source = useMemo(
    () => (open ? sourceOf(open, me, t, locale, admin) : null),
    [open, me, t, locale, admin],
  );

  const sent = (item: ChatItem) => {
    // A first private message creates the conversation: the list learns its id.
    if (open?.type === CHAT_TYPE.private && open.chat_id === 0) {
      void reload().then((list) => {
        const made = list.find(
          (e) => e.type === CHAT_TYPE.private && e.anchor_id === open.anchor_id,
        );
        if (made) setOpen(made);
      });
    } else {
      setEntries((now) =>
        now && open
          ? [
              { ...open, last_msg: item.text || '[image]', last_time: item.time },
              ...now.filter((e) => keyOf(e) !== keyOf(open)),
            ]
          : now,
      );
    }
  };

  if (!loggedIn) {
    return (
      <div className="mc-guest" data-guest>
        <p>{t('messaging.guest')}</p>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          {t('messaging.login')}
        </button>
      </div>
    );
  }
  const back = () => {
    setOpen(null);
    setJoining(null);
  };
  return (
    <div className={`mc${open || joining ? ' has-open' : ''}`} data-messages>
      <div className="mc-list-pane">
        {entries === null ? (
          <p className="mc-empty">{t('messaging.loading')}</p>
        ) : (
          <ChatList
            entries={entries}
            me={me}
            open={open ? keyOf(open) : null}
            onOpen={(e) => {
              setJoining(null);
              setOpen(e);
            }}
          />
        )}
      </div>
      <div className="mc-conv-pane">
        {joining ? (
          <JoinPanel
            profile={joining}
            onJoined={() => {
              setJoining(null);
              void reload().then((list) => {
                const found = list.find(
                  (e) =>
                    e.type === CHAT_TYPE.group && e.anchor_id === joining.anchor_profile.anchor_id,
                );
                if (found) setOpen(found);
              });
            }}
          />
        ) : open && source ? (
          open.type === CHAT_TYPE.group ? (
            <GroupChat
              key={source.key}
              entry={open}
              source={source}
              me={me}
              onBack={back}
              onSent={sent}
            />
          ) : (
            <Conversation
              key={`${source.key}:${open.anchor_id}`}
              source={source}
              title={chatName(open, me, t)}
              avatar={open.type === CHAT_TYPE.private ? open.avatar : undefined}
              onBack={back}
              onSent={sent}
            />
          )
        ) : (
          <p className="mc-pick">{t('messaging.pick')}</p>
        )}
      </div>
    </div>
  );
}
