/**
 * The four kinds of conversation behind one interface: how a conversation loads a page of
 * history (newest first), sends, marks itself read, and which hub frames belong to it. The
 * Conversation view knows nothing else of the kinds.
 */
import type { TFunction } from 'i18next';
import { messagingApi } from '../messaging/api.ts';
import { CHAT_TYPE, GROUP_MSG, type ChatListEntry } from '../messaging/types.ts';
import { SERVER_FRAME, type ServerFrame } from '../realtime/protocol/index.ts';
import { chatKey } from './inbox.ts';
import {
  groupItem,
  privateItem,
  staffItem,
  systemItem,
  type ChatItem,
} from '../messaging/items.ts';

/** What a frame does to the open conversation. */
export type FrameEffect =
  | { add: ChatItem }
  /** Remove messages: by sequence number, or every message of a user (a mute). */
  | { add: ChatItem; removeSeq?: number; removeUid?: number }
  | null;

/** A conversation as the view drives it. */
export interface ChatSource {
  key: string;
  type: number;
  /** Page `page` (1-based), newest first; an empty page means no more. */
  load: (page: number) => Promise<ChatItem[]>;
  /** Absent where the user cannot write (the system conversation). */
  send?: (text: string, img: string) => Promise<ChatItem>;
  images: boolean;
  read: (latest: number) => Promise<unknown>;
  onFrame: (frame: ServerFrame) => FrameEffect;
}

/** The source of a chat list entry, for user `me`. */
export function sourceOf(
  entry: ChatListEntry,
  me: number,
  t: TFunction,
  locale: string,
  admin = false,
): ChatSource {
  const key = chatKey(entry.type, entry.chat_id);
  switch (entry.type) {
    case CHAT_TYPE.group: {
      const id = entry.fans_group_id;
      return {
        key,
        type: entry.type,
        images: true,
        load: async (page) =>
          (await messagingApi.groupHistory(id, page)).FansGroupHistory.map((m) =>
            groupItem(m, me, t, locale),
          ),
        send: async (text, img) =>
          groupItem(await messagingApi.sendGroup(id, text, img), me, t, locale),
        read: () => messagingApi.readGroup(id),
        onFrame(frame) {
          if (frame.type !== SERVER_FRAME.groupMsg) return null;
          const m = frame.data;
          if (m.group_id !== id) return null;
          const add = groupItem(m, me, t, locale);
          if (m.type === GROUP_MSG.recall || m.type === GROUP_MSG.delete)
            return { add, removeSeq: m.target ?? 0 };
          if (m.type === GROUP_MSG.mute && m.target) return { add, removeUid: m.uid };
          return { add };
        },
      };
    }
    case CHAT_TYPE.private: {
      // The anchor answers with the viewer's id; the viewer names only the anchor.
      const asAnchor = entry.anchor_id === me;
      const userId = asAnchor ? entry.user_id : undefined;
      return {
        key,
        type: entry.type,
        images: true,
        load: async (page) =>
          (await messagingApi.privateRecords(entry.anchor_id, page, userId)).msg_group.map((m) =>
            privateItem(m, me),
          ),
        send: async (text, img) =>
          privateItem(await messagingApi.sendPrivate(entry.anchor_id, text, img, userId), me),
        read: (latest) => messagingApi.readPrivate(entry.anchor_id, latest, userId),
        onFrame(frame) {
          if (frame.type !== SERVER_FRAME.privateMsg) return null;
          const m = frame.data;
          const mine =
            m.anchor_id === entry.anchor_id &&
            (asAnchor ? m.user_id === entry.user_id : m.user_id === me);
          return mine ? { add: privateItem(m, me) } : null;
        },
      };
    }
    case CHAT_TYPE.staff: {
      const userId = entry.mgr_chat_user_id;
      return {
        key,
        type: entry.type,
        images: false,
        load: async (page) =>
          (await messagingApi.staffHistory(userId, page)).mgr_chat_history.map((m) =>
            staffItem(m, me, t),
          ),
        send: async (text) => staffItem(await messagingApi.sendStaff(userId, text), me, t),
        read: () => messagingApi.readStaff(userId),
        onFrame(frame) {
          if (frame.type !== SERVER_FRAME.mgrMsg) return null;
          const m = frame.data;
          return m.user_id === userId ? { add: staffItem(m, me, t) } : null;
        },
      };
    }
    default:
      return {
        key,
        type: entry.type,
        images: false,
        load: async (page) =>
          (await messagingApi.systemHistory(page)).list.map((m) => systemItem(m, t)),
        read: () => messagingApi.readSystem(),
        // Administrators post platform notices to everyone from here, after a confirmation.
        ...(admin
          ? {
              send: async (text: string) => {
                if (!confirm(t('messaging.noticeConfirm')))
                  throw new Error(t('messaging.noticeKept'));
                return systemItem(await messagingApi.notice(text), t);
              },
            }
          : {}),
        onFrame(frame) {
          if (frame.type === SERVER_FRAME.AnchorStartLiveMessage) {
            const a = frame.data;
            return {
              add: {
                key: `live${a.anchor_id}:${Date.now()}`,
                kind: 'live',
                time: Date.now(),
                mine: false,
                uid: 0,
                name: t('messaging.systemName'),
                avatar: a.avatar,
                img: '',
                anchorId: a.anchor_id,
                text: t('messaging.system.live', { name: a.nick_name, title: a.title }),
              },
            };
          }
          if (frame.type !== SERVER_FRAME.SystemMessage) return null;
          return { add: systemItem(frame.data, t) };
        },
      };
  }
}
