/**
 * The four kinds of conversation behind one interface: how a conversation loads a page of
 * history (newest first), sends, marks itself read, and which hub frames belong to it. The
 * Conversation view knows nothing else of the kinds.
 */
import type { TFunction } from 'i18next';
import { send } from '../api/client.ts';
import { deviceId } from '../device.ts';
import { messagingApi } from '../messaging/api.ts';
import { CHAT_TYPE, GROUP_MSG, HISTORY_PAGE, type ChatListEntry } from '../messaging/types.ts';
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
          (
            await send(messagingApi.groupHistory, { group_id: id, limit: HISTORY_PAGE, page })
          ).FansGroupHistory.map((m) => groupItem(m, me, t, locale)),
        send: async (text, img) =>
          groupItem(
            await send(messagingApi.sendGroup, { group_id: id, content: text, img_url: img }),
            me,
            t,
            locale,
          ),
        read: () => send(messagingApi.readGroup, { fans_group_id: id }),
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
      // Who the conversation is with, as every private call names it.
      const chat = () => ({
        device_id: deviceId(),
        anchor_id: entry.anchor_id,
        ...(userId ? { user_id: userId } : {}),
      });
      return {
        key,
        type: entry.type,
        images: true,
        load: async (page) =>
          (
            await send(messagingApi.privateRecords, {
              ...chat(),
              duration: 0,
              page,
              size: HISTORY_PAGE,
            })
          ).msg_group.map((m) => privateItem(m, me)),
        send: async (text, img) =>
          privateItem(
            await send(messagingApi.sendPrivate, { ...chat(), content: text, img_url: img }),
            me,
          ),
        read: (latest) => send(messagingApi.readPrivate, { ...chat(), latest_msg_stamp: latest }),
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
          (
            await send(messagingApi.staffHistory, { user_id: userId, limit: HISTORY_PAGE, page })
          ).mgr_chat_history.map((m) => staffItem(m, me, t)),
        send: async (text) =>
          staffItem(await send(messagingApi.sendStaff, { user_id: userId, content: text }), me, t),
        read: () => send(messagingApi.readStaff, { user_id: userId }),
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
          (await send(messagingApi.systemHistory, { page, limit: HISTORY_PAGE })).list.map((m) =>
            systemItem(m, t),
          ),
        read: () => send(messagingApi.readSystem),
        // Administrators post platform notices to everyone from here, after a confirmation.
        ...(admin
          ? {
              send: async (text: string) => {
                if (!confirm(t('messaging.noticeConfirm')))
                  throw new Error(t('messaging.noticeKept'));
                return systemItem(await send(messagingApi.notice, { content: text }), t);
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
