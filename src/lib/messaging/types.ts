/**
 * Messaging shapes shared by the server and the browser: conversation kinds, fan-group message
 * types (spec §4), chat-list entries and history entries with the spec's field names (§3), and
 * the page sizes of §9.
 */

/** Kinds of conversation in the chat list (`type` of a chat list entry). */
export const CHAT_TYPE = { group: 1, private: 2, staff: 3, system: 4 } as const;
/** A conversation kind. */
export type ChatType = (typeof CHAT_TYPE)[keyof typeof CHAT_TYPE];

/** Fan-group message types (spec §4), plus 8 for an anchor's dynamic. */
export const GROUP_MSG = {
  normal: 0,
  join: 1,
  recall: 2,
  delete: 3,
  kick: 4,
  mute: 5,
  image: 7,
  dynamic: 8,
} as const;
/** A fan-group message type. */
export type GroupMsgType = (typeof GROUP_MSG)[keyof typeof GROUP_MSG];

/** Group history `chatType`: 1 own message, 2 another member's, 3 a system note. */
export const CHAT_SIDE = { own: 1, other: 2, note: 3 } as const;

/** System message kinds. */
export const SYSTEM_KIND = { live: 1, ban: 2, quiz: 3, notice: 4 } as const;
/** A system message kind. */
export type SystemKind = (typeof SYSTEM_KIND)[keyof typeof SYSTEM_KIND];

/** History page size (spec §9) and private chat page size. */
export const HISTORY_PAGE = 20;
/** Longest message, in characters. */
export const MESSAGE_MAX_LENGTH = 300;
/** Longest dynamic, in characters, and its most images. */
export const DYNAMIC_MAX_LENGTH = 500;
export const DYNAMIC_MAX_IMAGES = 9;
/** A member may recall their own message this long after sending it. */
export const RECALL_WINDOW_MS = 2 * 60_000;
/** A kicked member may not join again for this long. */
export const KICK_BAR_MS = 24 * 3_600_000;
/** Mute lengths moderators pick from, in minutes (0 lifts a mute). */
export const MUTE_MINUTES = [10, 60, 1440, 10080] as const;

/** Someone as a conversation shows them. */
export interface ChatPerson {
  uid: number;
  nick_name: string;
  avatar: string;
}

/** A fan-group message (spec §3: group_id, type, uid, nick_name, seq, content). */
export interface GroupMessage {
  group_id: number;
  type: number;
  uid: number;
  nick_name: string;
  avatar: string;
  seq: number;
  content: string;
  img_url: string;
  /** Recall/delete notices: the seq removed. Mute notices: the mute's end in ms (0 lifted). */
  target: number | null;
  /** Moderation notices: who acted. */
  by_uid: number | null;
  /** Seconds (spec: send_time in s). */
  send_time: number;
  /** Images of a dynamic. */
  images?: string[];
}

/** A group history entry (spec §3): the message with the reader's `chatType`. */
export type GroupHistoryEntry = GroupMessage & { fans_group_id: number; chatType: number };

/** A private message (spec §3 record and reply fields). */
export interface PrivateMessage {
  id: number;
  sender_uid: number;
  /** Milliseconds. */
  send_time: number;
  content: string;
  img_url: string;
  /** The conversation. */
  groupId: number;
  anchor_id: number;
  user_id: number;
  anchor_avatar: string;
  anchor_nickname: string;
  /** The viewer's side, for the anchor's inbox. */
  user_avatar: string;
  user_nickname: string;
}

/** A staff-channel message (spec §3: sender_uid, send_time). */
export interface StaffMessage {
  id: number;
  user_id: number;
  sender_uid: number;
  /** Seconds. */
  send_time: number;
  content: string;
  nick_name: string;
  avatar: string;
  /** True when a staff member wrote it. */
  from_staff: boolean;
}

/** What a system message carries besides its text: a ban's reason and length, a quiz's result. */
export type SystemMessageData = Record<string, string | number | null>;

/** A system message. */
export interface SystemMessageView {
  id: number;
  kind: number;
  content: string;
  anchor_id: number | null;
  data: SystemMessageData;
  /** Seconds. */
  send_time: number;
}

/** A go-live alert (AnchorStartLiveMessage). */
export interface AnchorStartLive {
  anchor_id: number;
  nick_name: string;
  avatar: string;
  title: string;
}

/** One chat list entry (spec §3 fields, then what the list shows). */
export interface ChatListEntry {
  anchor_id: number;
  unread_num: number;
  mgr_id: number;
  mgr_chat_user_id: number;
  fans_group_id: number;
  type: ChatType;
  /** The conversation's id in unread changes: group, private chat, channel user, or 0. */
  chat_id: number;
  /** Private chats seen by the anchor: the viewer. */
  user_id: number;
  name: string;
  avatar: string;
  last_msg: string;
  /** Groups: the last message's type; system: its kind; 0 otherwise. */
  last_type: number;
  /** Who the last group notice is about, or the anchor of the last go-live alert. */
  last_name: string;
  /** Milliseconds; 0 when empty. */
  last_time: number;
}

/** The hub's change of a conversation's unread count for one user. */
export interface UnreadChange {
  type: ChatType;
  /** Group id, private chat id, channel user id, or 0 for the system conversation. */
  id: number;
  unread_num: number;
}
