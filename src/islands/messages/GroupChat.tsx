/**
 * A fan group's conversation: its info (members, the caller's mute), the menus of those who run
 * it (recall, delete, mute for a chosen time, unmute, remove) and of members for their own recent
 * messages, and the anchor's dynamic-release button.
 */
import { useEffect, useMemo, useState } from 'react';
import type { GroupInfo, ModerateRequest } from '../../lib/messaging/api.ts';
import { loadGroupInfo, moderateGroup } from '../../lib/stores/messages.ts';
import {
  GROUP_MSG,
  MUTE_MINUTES,
  RECALL_WINDOW_MS,
  type ChatListEntry,
} from '../../lib/messaging/types.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { onInboxFrame } from '../../lib/stores/inbox.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import { chatName } from './ChatList.tsx';
import { Conversation } from './Conversation.tsx';
import { DynamicDialog } from './DynamicDialog.tsx';
import type { ChatItem } from '../../lib/messaging/items.ts';
import type { MenuEntry } from './MessageRow.tsx';
import type { ChatSource } from '../../lib/stores/conversations.ts';

/** Props of GroupChat. */
export interface GroupChatProps {
  entry: ChatListEntry;
  source: ChatSource;
  me: number;
  onBack: () => void;
  onSent: (item: ChatItem) => void;
}

/** The view. */
export function GroupChat({ entry, source, me, onBack, onSent }: GroupChatProps) {
  const t = useT();
  const [info, setInfo] = useState<GroupInfo | null>(null);
  const [muteFor, setMuteFor] = useState<number>(MUTE_MINUTES[0]);
  const [posting, setPosting] = useState(false);
  const groupId = entry.fans_group_id;

  useEffect(() => {
    loadGroupInfo(groupId).then(setInfo, (e: Error) => showToast(e.message, 'error'));
    return onInboxFrame((frame) => {
      if (frame.type !== SERVER_FRAME.groupMsg) return;
      const m = frame.data;
      if (m.group_id !== groupId || m.uid !== me || m.type !== GROUP_MSG.mute) return;
      setInfo((now) => (now ? { ...now, muted_until: m.target ?? 0 } : now));
    });
  }, [groupId, me]);

  const act = async (request: ModerateRequest) => {
    try {
      await moderateGroup(groupId, request);
      showToast(
        t(request.action === 'delete' ? 'messaging.actions.deleted' : 'messaging.actions.done'),
        'success',
      );
    } catch (e) {
      showToast((e as Error).message, 'error');
    }
  };

  const actions = useMemo(
    () => ({
      menu(item: ChatItem): MenuEntry[] {
        const entries: MenuEntry[] = [];
        const runs = info?.is_manager === 1;
        const seq = item.seq ?? 0;
        if (item.mine && Date.now() - item.time < RECALL_WINDOW_MS) {
          entries.push({
            label: t('messaging.actions.recall'),
            run: () => act({ action: 'recall', seq }),
          });
        }
        if (!runs || item.mine || item.uid === entry.anchor_id) return entries;
        entries.push(
          {
            label: t('messaging.actions.delete'),
            run: () => act({ action: 'delete', seq }),
            danger: true,
          },
          {
            label: t('messaging.actions.mute', { name: item.name }),
            run: () => act({ action: 'mute', uid: item.uid, minutes: muteFor }),
          },
          {
            label: t('messaging.actions.unmute', { name: item.name }),
            run: () => act({ action: 'mute', uid: item.uid, minutes: 0 }),
          },
          {
            label: t('messaging.actions.kick', { name: item.name }),
            danger: true,
            run: async () => {
              if (confirm(t('messaging.actions.kickConfirm', { name: item.name })))
                await act({ action: 'kick', uid: item.uid });
            },
          },
        );
        return entries;
      },
    }),
    [info, muteFor, t, entry.anchor_id],
  );

  const muted = info && info.muted_until > Date.now();
  const tools = (
    <div className="mc-tools">
      {info?.is_manager ? (
        <label className="mc-mute-len">
          <span>{t('messaging.actions.muteFor')}</span>
          <select value={muteFor} onChange={(e) => setMuteFor(Number(e.target.value))}>
            {MUTE_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t(`messaging.actions.minutes.${m}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {entry.anchor_id === me ? (
        <button
          type="button"
          className="btn btn-primary mc-dyn-open"
          onClick={() => setPosting(true)}
        >
          {t('messaging.dynamic.open')}
        </button>
      ) : null}
      {posting ? <DynamicDialog onClose={() => setPosting(false)} /> : null}
    </div>
  );
  return (
    <Conversation
      source={source}
      title={chatName(entry, me, t)}
      subtitle={info ? t('messaging.members', { count: info.members }) : undefined}
      avatar={entry.avatar}
      tools={tools}
      closedReason={muted ? t('messaging.errors.muted') : null}
      actions={actions}
      onBack={onBack}
      onSent={onSent}
    />
  );
}
