/**
 * Data of the live room's frames: joining, chat, entries, heat, follows, the managers' tools and
 * their answers, and refusals. Each type is named by ServerFrameData or ClientFrameData
 * (frames.ts), which say which frame carries it.
 */
import type { ChatModes } from '../../live/chat-modes.ts';
import type { QuizView } from '../../quiz/types.ts';
import type { BanReason, BanUnit } from '../../rules/chat.ts';

/** Data of frames that carry nothing: `{}`. */
export type EmptyData = Record<string, never>;

/** Data of `login` and `first`. */
export interface JoinData {
  /** The room: the anchor's user id as a string. */
  groupId: string;
  /** Registration channel code of the host (default OFFICIAL). */
  channel: string;
  /** Chat id from getUserSig. */
  id: string;
  /** Signature from getUserSig. */
  sig: string;
}

/** Data of the client's `ping`: the room's groupId and the device, or `{}` off a room. */
export interface PingData {
  groupId?: string;
  device_id?: string;
}

/** Data of `pong`. */
export interface PongData {
  /** Server clock, ms. */
  time: number;
}

/** A chat message as rooms receive it (`say`) and history holds it. */
export interface SayData {
  /** Message id, for deleting it. */
  id: number;
  content: string;
  user_id: number;
  from_client_name: string;
  avatar: string;
  level: number;
  vip_level: number;
  role: number;
  /** True for the anchor and room managers. */
  is_manager: boolean;
  /** Chat prop: 0 none, 100 speaker, 101 colourful (with props_id 2, 3 or 4). */
  props: number;
  props_id: number;
  /** Text colour of a colourful message (#113BD0, #E41EB1, #FF6B00); '' otherwise. */
  font_color: string;
  /** True for a colourful message (props 101). */
  isColorful: boolean;
  /** True for a speaker message (props 100): shown as a banner across the room. */
  isSpeaker: boolean;
  /** Send time, ms. */
  time: number;
}

/** Data of a client `say`: the text and, optionally, the prop to use (spec §3 props). */
export interface SayRequest {
  content: string;
  props?: { type: number; props_id: number };
}

/** A user entering (`enter`). */
export interface EnterData {
  user_id: number;
  from_client_name: string;
  avatar: string;
  level: number;
  vip_level: number;
  role: number;
}

/** Data of `loginRep`. */
export interface LoginRepData {
  /** The room's last 50 messages, oldest first. */
  history: SayData[];
  /** The room's quizzes: open or awaiting the draw, then the latest settled (with the joiner's stake). */
  guess: QuizView[];
  /** Who joined: a user id or guest id, and what they may do. */
  login: {
    id: string;
    guest: boolean;
    is_manager: boolean;
    /** End of the joiner's ban in ms, null for permanent; absent when not banned. */
    banned_until?: number | null;
  };
  announcement: AnnouncementData;
  /** The room's chat modes as the joiner arrives. */
  chat_modes: ChatModes;
  heat: number;
  /** 1 when the anchor is broadcasting as the joiner arrives, else 0 (as heatRep's status). */
  status: 0 | 1;
}

/** Data of `heatRep`: the room's heat, and whether the anchor is broadcasting. */
export interface HeatRepData {
  val: number;
  /** 1 live, 0 offline. */
  status: 0 | 1;
}

/** Data of `attentAnchor`: a user followed the anchor (sent for follows only, not unfollows). */
export interface AttentAnchorData {
  user_id: number;
  /** 1: followed. */
  type: 1;
  nick_name: string;
}

/** Data of `announcement`. */
export interface AnnouncementData {
  room_id: number;
  content: string;
  contact: { title: string; value: string }[];
}

/** Data of `bannedUser`. */
export interface BannedData {
  uid: number;
  nick_name: string;
  reason: string;
  unit: string;
  amount: number;
  /** End in ms; null for permanent. */
  until: number | null;
}

/** Data of the client's `ban`: a manager bans `uid` for `amount` `unit`s. */
export interface BanRequest {
  uid: number;
  unit: BanUnit;
  amount: number;
  reason: Exclude<BanReason, 'auto'>;
}

/** Data of the client's `unban` and the room's `unbannedUser`. */
export interface UnbanData {
  uid: number;
}

/** Data of the client's `deleteMsg` and the room's `deleteMsg`: the message's id. */
export interface MessageIdData {
  id: number;
}

/** Data of the room's `clearChat`: the room (the anchor's id) and the manager who cleared it. */
export interface ClearChatData {
  chat_id: number;
  user_id: number;
}

/** Data of `clearRep`, the clearing manager's answer. */
export interface ClearRepData {
  chat_id: number;
}

/** Data of the client's `announce`: the announcement and its contacts. */
export interface AnnounceRequest {
  content: string;
  contact: AnnouncementData['contact'];
}

/** The managers' frames an `ack` answers. */
export type ManagerAction = 'ban' | 'unban' | 'deleteMsg' | 'clearChat' | 'announce' | 'chatModes';

/** Data of the server's `chatModes`: the room's chat modes changed (also in `loginRep`). */
export interface ChatModesData extends ChatModes {
  room_id: number;
}

/** Data of `ack`: a manager's action succeeded; `msg` says so in the socket's language. */
export interface AckData {
  action: ManagerAction;
  msg: string;
}

/** Data of the client's `quizPrompt`: show an open quiz to the room again. */
export interface QuizPromptRequest {
  guess_id: number;
  groupId: string;
}

/** Data of the server's `quizPrompt`: the answer to the client's. */
export interface QuizPromptRepData {
  guess_id: number;
}

/** Data of `error`. */
export interface ErrorData {
  code: number;
  msg: string;
  /** Refusal code for `refused` and refused bets. */
  reason?: string;
  /** Ban end for `banned` (ms; null permanent). */
  until?: number | null;
  /** Slow mode's refusal: whole seconds before the next message may be sent. */
  retry_after?: number;
  /**
   * The refused request's client_msg_id, when it was a `gift` or a `bet` that carried a valid
   * one: the client tells which of its pending actions failed.
   */
  client_msg_id?: string;
}
