/**
 * The messaging calls as the browser makes them (docs/messaging.md lists them all): the spec's
 * groupChat, privateChat and mgrChat calls, and our send, moderate, system and dynamic calls.
 */
import { call } from '../api/client.ts';
import { deviceId } from '../device.ts';
import type {
  ChatListEntry,
  GroupHistoryEntry,
  GroupMessage,
  PrivateMessage,
  StaffMessage,
  SystemMessageView,
} from './types.ts';
import { HISTORY_PAGE } from './types.ts';

/** getAnchorProfile's answer. */
export interface AnchorProfile {
  groups: { group_id: number; name: string; avatar: string; members: number; joined: number }[];
  anchor_profile: {
    anchor_id: number;
    nick_name: string;
    avatar: string;
    is_live: number;
    title: string;
    fans: number;
  };
  is_attend: number;
}

/** getGroupInfo's answer. */
export interface GroupInfo {
  group_id: number;
  name: string;
  anchor_id: number;
  anchor_nickname: string;
  avatar: string;
  members: number;
  is_manager: number;
  /** End of the caller's mute (ms), 0 when not muted. */
  muted_until: number;
  unread_num: number;
}

/** A private conversation's page with both sides. */
export interface PrivateRecords {
  anchor: { uid: number; nick_name: string; avatar: string };
  user: { uid: number; nick_name: string; avatar: string };
  groupId: number;
  msg_group: PrivateMessage[];
}

/** A dynamic on an anchor's page. */
export interface Dynamic {
  id: number;
  content: string;
  images: string[];
  send_time: number;
}

/** Moderation requests. */
export type ModerateRequest =
  | { action: 'recall' | 'delete'; seq: number }
  | { action: 'kick'; uid: number }
  | { action: 'mute'; uid: number; minutes: number };

export const messagingApi = {
  anchorProfile: (anchorId: number) =>
    call<AnchorProfile>('get', '/api/groupChat/getAnchorProfile', { anchorId }),
  join: (groupId: number) =>
    call<{ msg: string }>('post', '/api/groupChat/addToGroupChat', { group_id: groupId }),
  groupInfo: (groupId: number) =>
    call<GroupInfo>('get', '/api/groupChat/getGroupInfo', { group_id: groupId }),
  groupHistory: (groupId: number, page: number) =>
    call<{ FansGroupHistory: GroupHistoryEntry[] }>('get', '/api/groupChat/getHistory', {
      group_id: groupId,
      limit: HISTORY_PAGE,
      page,
    }),
  chatList: () => call<{ chat_list: ChatListEntry[] }>('get', '/api/groupChat/getChatList'),
  readGroup: (groupId: number) =>
    call<null>('post', '/api/groupChat/read', { fans_group_id: groupId }),
  sendGroup: (groupId: number, content: string, imgUrl = '') =>
    call<GroupMessage>('post', '/api/groupChat/send', {
      group_id: groupId,
      content,
      img_url: imgUrl,
    }),
  moderate: (groupId: number, request: ModerateRequest) =>
    call<GroupMessage>('post', '/api/groupChat/moderate', { group_id: groupId, ...request }),
  /** A private conversation; `userId` when the anchor reads their inbox. */
  privateRecords: (anchorId: number, page: number, userId?: number) =>
    call<PrivateRecords>('get', '/api/privateChat/getRecordDetail', {
      device_id: deviceId(),
      anchor_id: anchorId,
      ...(userId ? { user_id: userId } : {}),
      duration: 0,
      page,
      size: HISTORY_PAGE,
    }),
  readPrivate: (anchorId: number, latest: number, userId?: number) =>
    call<null>('post', '/api/privateChat/read', {
      device_id: deviceId(),
      anchor_id: anchorId,
      ...(userId ? { user_id: userId } : {}),
      latest_msg_stamp: latest,
    }),
  sendPrivate: (anchorId: number, content: string, imgUrl = '', userId?: number) =>
    call<PrivateMessage>('post', '/api/privateChat/send', {
      device_id: deviceId(),
      anchor_id: anchorId,
      ...(userId ? { user_id: userId } : {}),
      content,
      img_url: imgUrl,
    }),
  staffHistory: (userId: number, page: number) =>
    call<{ mgr_chat_history: StaffMessage[] }>('get', '/api/mgrChat/getHistory', {
      user_id: userId,
      limit: HISTORY_PAGE,
      page,
    }),
  readStaff: (userId: number) => call<null>('post', '/api/mgrChat/read', { user_id: userId }),
  sendStaff: (userId: number, content: string) =>
    call<StaffMessage>('post', '/api/mgrChat/send', { user_id: userId, content }),
  systemHistory: (page: number) =>
    call<{ list: SystemMessageView[] }>('get', '/api/systemMessage/getHistory', {
      page,
      limit: HISTORY_PAGE,
    }),
  readSystem: () => call<null>('post', '/api/systemMessage/read', {}),
  /** Administrators: a platform notice to one user, or everyone without `userId`. */
  notice: (content: string, userId?: number) =>
    call<SystemMessageView>('post', '/api/admin/notice', {
      content,
      ...(userId ? { user_id: userId } : {}),
    }),
  postDynamic: (content: string, images: string[]) =>
    call<Dynamic>('post', '/api/anchor/dynamic', { content, images }),
  dynamics: (anchorId: number, page = 1) =>
    call<{ list: Dynamic[] }>('get', '/api/anchor/dynamics', { anchorId, page }),
};
