/**
 * The messaging calls as the browser makes them (docs/messaging.md lists them all): the spec's
 * groupChat, privateChat and mgrChat calls, and our send, moderate, system and dynamic calls, as
 * endpoint descriptors.
 */
import { get, post } from '../api/endpoint.ts';
import type {
  ChatListEntry,
  GroupHistoryEntry,
  GroupMessage,
  PrivateMessage,
  StaffMessage,
  SystemMessageView,
} from './types.ts';

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

/** A fan group by id. */
export type GroupParams = { group_id: number };
/**
 * A moderation request for a fan group, as one object type: a union here would make the call's
 * parameters a union of argument lists, which a ModerateRequest value does not match.
 */
export type ModerateParams = GroupParams & {
  action: ModerateRequest['action'];
  seq?: number;
  uid?: number;
  minutes?: number;
};
/** A page of a fan group's history (HISTORY_PAGE messages to a page). */
export type GroupHistoryParams = GroupParams & { limit: number; page: number };
/** A message to a fan group: text, or an image's path. */
export type GroupSendParams = GroupParams & { content: string; img_url: string };
/**
 * Who a private conversation is with: the anchor, and the viewer's `user_id` when the anchor
 * reads their inbox; the device id names a guest's side.
 */
export type PrivateChatParams = { device_id: string; anchor_id: number; user_id?: number };
/** A page of a private conversation (duration 0: the whole history). */
export type PrivateRecordsParams = PrivateChatParams & {
  duration: number;
  page: number;
  size: number;
};
/** A page of the staff conversation with a user, or of the system messages. */
export type HistoryPageParams = { limit: number; page: number };

export const messagingApi = {
  /** An anchor's profile with their fan groups and whether the caller follows them. */
  anchorProfile: get<AnchorProfile, { anchorId: number }>('/api/groupChat/getAnchorProfile'),
  /** Joins the caller to a fan group; answers the server's note. */
  join: post<{ msg: string }, GroupParams>('/api/groupChat/addToGroupChat'),
  /** A fan group's info as its member sees it (role, mute, unread). */
  groupInfo: get<GroupInfo, GroupParams>('/api/groupChat/getGroupInfo'),
  /** A page of a fan group's messages for its member, newest first. */
  groupHistory: get<{ FansGroupHistory: GroupHistoryEntry[] }, GroupHistoryParams>(
    '/api/groupChat/getHistory',
  ),
  /** The caller's conversations. */
  chatList: get<{ chat_list: ChatListEntry[] }>('/api/groupChat/getChatList'),
  /** Marks a fan group read for the caller. */
  readGroup: post<null, { fans_group_id: number }>('/api/groupChat/read'),
  /** Sends the caller's message to a fan group. */
  sendGroup: post<GroupMessage, GroupSendParams>('/api/groupChat/send'),
  /** A fan group manager's act: recall or delete a message, kick or mute a member. */
  moderate: post<GroupMessage, ModerateParams>('/api/groupChat/moderate'),
  /** A page of a private conversation, for either side. */
  privateRecords: get<PrivateRecords, PrivateRecordsParams>('/api/privateChat/getRecordDetail'),
  /** Marks a private conversation read up to a message's time, for the caller's side. */
  readPrivate: post<null, PrivateChatParams & { latest_msg_stamp: number }>(
    '/api/privateChat/read',
  ),
  /** Sends the caller's message in a private conversation. */
  sendPrivate: post<PrivateMessage, PrivateChatParams & { content: string; img_url: string }>(
    '/api/privateChat/send',
  ),
  /** A page of the staff conversation with a user. */
  staffHistory: get<{ mgr_chat_history: StaffMessage[] }, HistoryPageParams & { user_id: number }>(
    '/api/mgrChat/getHistory',
  ),
  /** Marks the staff conversation with a user read. */
  readStaff: post<null, { user_id: number }>('/api/mgrChat/read'),
  /** Sends a message in the staff conversation with a user. */
  sendStaff: post<StaffMessage, { user_id: number; content: string }>('/api/mgrChat/send'),
  /** A page of the caller's system messages. */
  systemHistory: get<{ list: SystemMessageView[] }, HistoryPageParams>(
    '/api/systemMessage/getHistory',
  ),
  /** Marks the caller's system messages read. */
  readSystem: post<null>('/api/systemMessage/read'),
  /** Administrators: a platform notice to one user, or everyone without `user_id`. */
  notice: post<SystemMessageView, { content: string; user_id?: number }>('/api/admin/notice'),
  /** Posts a dynamic to the calling anchor's followers. */
  postDynamic: post<Dynamic, { content: string; images: string[] }>('/api/anchor/dynamic'),
  /** A page of an anchor's dynamics, for their page's visitors. */
  dynamics: get<{ list: Dynamic[] }, { anchorId: number; page: number }>('/api/anchor/dynamics'),
};
