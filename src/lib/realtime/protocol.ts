/**
 * The realtime protocol of `/im`, shared by the hub and the browser: frame names as constants
 * and typed frames. Neither side spells a message name as a bare string. See docs/realtime.md.
 */

import type { QuizView } from '../quiz/types.ts';

/** Frames a client sends. */
export const CLIENT_FRAME = {
  /** Join a room as a logged-in user: { groupId, channel, id, sig }. */
  login: 'login',
  /** Join a room as a guest: { groupId, channel, id, sig }. */
  first: 'first',
  /** Keep-alive, every 60 s: { groupId, device_id }. */
  ping: 'ping',
  /** Chat message: { content, props? }; props { type: 100 | 101, props_id } uses a backpack prop. */
  say: 'say',
  /** Gift: { giftid, count, client_msg_id, source? }; source 'backpack' sends held gift items. */
  gift: 'gift',
  /** Follow a match's live data (text live, score, stats, line-ups): { matchId }. No login needed. */
  watchMatch: 'watchMatch',
  /** Stop following a match: { matchId }. */
  unwatchMatch: 'unwatchMatch',
  /** Manager: ban a user from speaking: { uid, unit, amount, reason }. */
  ban: 'ban',
  /** Manager: lift a ban: { uid }. */
  unban: 'unban',
  /** Manager: delete one message: { id }. */
  deleteMsg: 'deleteMsg',
  /** Manager: clear the chat: {}. */
  clearChat: 'clearChat',
  /** Manager: set the announcement: { content, contact }. */
  announce: 'announce',
  /** Bet on a quiz of the room: { guess_id, option: 1 | 2, amount, client_msg_id }. */
  bet: 'bet',
  /** Anchor or manager: show an open quiz to the room again: { guess_id, groupId }. */
  quizPrompt: 'quizPrompt',
  /** Leave the current room: {}. */
  logout: 'logout',
  /**
   * Open the user's inbox on this socket (any page, logged in): { id, sig } from getUserSig.
   * The socket then hears the user's messages, fan groups, unread changes and alerts.
   */
  inbox: 'inbox',
} as const;

/** Frames the server sends. */
export const SERVER_FRAME = {
  loginRep: 'loginRep',
  /** A logged-in user joined the room: { user_id, from_client_name, level, vip_level, role, avatar }. */
  enter: 'enter',
  /** A manager deleted a message: { id }. */
  deleteMsg: 'deleteMsg',
  /** A manager's action succeeded: { action, msg }. */
  ack: 'ack',
  pong: 'pong',
  say: 'say',
  props: 'props',
  gift: 'gift',
  giftFeedRep: 'giftFeedRep',
  bannedUser: 'bannedUser',
  unbannedUser: 'unbannedUser',
  clearChat: 'clearChat',
  clearRep: 'clearRep',
  announcement: 'announcement',
  guessSettled: 'guessSettled',
  quiz: 'quiz',
  quizPrompt: 'quizPrompt',
  /** A bet was placed: { client_msg_id, guess_id, stake, bal }, to the bettor only. */
  betRep: 'betRep',
  heatRep: 'heatRep',
  attentAnchor: 'attentAnchor',
  /** A match update: { matchId, kind: 'text' | 'score' | 'stats' | 'lineup', payload }. */
  matchLive: 'matchLive',
  /** Several frames coalesced in one message: data is the frame list. */
  batch: 'batch',
  /** A refusal: { code, msg }. */
  error: 'error',
  /** The session was revoked; the client tears down and opens login. */
  kicked: 'kicked',
  /** The inbox is open: { counts: UnreadChange[] (conversations with unread messages), groups }. */
  inboxRep: 'inboxRep',
  /** A fan-group message or notice (GroupMessage), to the group's members. */
  groupMsg: 'groupMsg',
  /** A private message (PrivateMessage), to both sides. */
  privateMsg: 'privateMsg',
  /** A staff-channel message (StaffMessage), to the user and the staff. */
  mgrMsg: 'mgrMsg',
  /** A system message (SystemMessageView). */
  SystemMessage: 'SystemMessage',
  /** A followed anchor went live (AnchorStartLive). */
  AnchorStartLiveMessage: 'AnchorStartLiveMessage',
  /** A conversation's unread count changed for this user (UnreadChange), e.g. read elsewhere. */
  unread: 'unread',
} as const;

/** Name of a client frame. */
export type ClientFrameType = (typeof CLIENT_FRAME)[keyof typeof CLIENT_FRAME];
/** Name of a server frame. */
export type ServerFrameType = (typeof SERVER_FRAME)[keyof typeof SERVER_FRAME];

/** Every frame on the wire: `{ type, data }`. */
export interface Frame<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** Error codes carried by error frames (spec §8). */
export const REALTIME_ERROR = {
  /** Login to the channel failed: the client opens the login popup. */
  loginFailed: 70001,
  /** Not enough balance for a gift. */
  insufficientBalance: 10152,
  /** Not enough of a gift in the backpack for a backpack send; nothing was used. */
  notEnoughItems: 10153,
  /** The frame could not be understood. */
  badFrame: 40000,
  /** The frame type is not handled by this server. */
  unsupported: 40001,
  /** The action needs a room joined first. */
  notInRoom: 40002,
  /** The room does not exist. */
  noRoom: 40004,
  /** The room is ticket-paid and live: pay for entry first (guests log in first). */
  ticketRequired: 40005,
  /** Not allowed (guest speaking, non-manager moderating). */
  forbidden: 40003,
  /** A chat message refused by the chat rules; data.reason tells which. */
  refused: 42000,
  /** The speaker is banned; data.until tells until when (null: permanent). */
  banned: 42001,
  /** The chat prop asked for is not in the speaker's backpack; nothing was sent or used. */
  noProp: 42002,
  /** A bet refused by the quiz rules (closed, below the minimum, the other option ...); data.reason. */
  refusedBet: 43000,
  /** Too many frames in a short time. */
  flood: 42900,
} as const;

/** The client pings this often; the hub closes connections silent for 2.5 intervals. */
export const PING_INTERVAL_MS = 60_000;

/** Endpoint path of the hub. */
export const REALTIME_PATH = '/im';

/** Parses one text frame; null when it is not `{ type: string, data?: unknown }`. */
export function parseFrame(text: string): Frame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, data } = value as { type?: unknown; data?: unknown };
  return typeof type === 'string' ? { type, data: data ?? null } : null;
}

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
  heat: number;
  /** 1 when the anchor is broadcasting as the joiner arrives, else 0 (as heatRep's status). */
  status: 0 | 1;
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

/** Data of `error`. */
export interface ErrorData {
  code: number;
  msg: string;
  /** Refusal code for `refused`. */
  reason?: string;
  /** Ban end for `banned` (ms; null permanent). */
  until?: number | null;
}

/** Where a sent gift comes from: paid from the wallet, or gift items held in the backpack. */
export const GIFT_SOURCE = { wallet: 'wallet', backpack: 'backpack' } as const;

/** One of GIFT_SOURCE. */
export type GiftSource = (typeof GIFT_SOURCE)[keyof typeof GIFT_SOURCE];

/** Data of the client's `gift`: send `count` of gift `giftid`; a repeated client_msg_id is charged once. */
export interface GiftSendData {
  giftid: number;
  count: number;
  /** Unique per press of the send button (for example a UUID); at most 64 characters. */
  client_msg_id: string;
  /** 'backpack' uses `count` gift items from the backpack instead of paying; default 'wallet'. */
  source?: GiftSource;
}

/** How a gift animates (`animat_type`): 0 icon only, 1 a canvas animation on the gift stage. */
export type GiftAnimationType = 0 | 1;

/** Data of the room's `gift` frame: who sent which gift, and its running combo count. */
export interface GiftData {
  /** Gift message id (unique per send). */
  id: string;
  giftid: number;
  gift_name: string;
  /** How many of the gift this send carried. */
  count: number;
  /**
   * Combo count: how many of this gift the sender has sent in a row (hit > 1 updates the newest
   * chat line of the same sender and gift instead of adding one).
   */
  hit: number;
  /** Sender: user id, name, avatar, level and noble level. */
  uid: number;
  sender: string;
  avatar: string;
  level: number;
  vip_level: number;
  /** Icon URL of the gift. */
  icon: string;
  /** Animation key of the gift stage; empty when animat_type is 0. */
  animation: string;
  animat_type: GiftAnimationType;
  /** Server time, ms. */
  time: number;
}

/** A backpack count as `/api/live/user_backpack` lists it (type 106: props_id is the gift id). */
export interface BackpackCount {
  type: number;
  props_id: number;
  quantity: number;
}

/** Data of `giftFeedRep` for a paid gift, sent to the giver only: the new balance in minor units. */
export interface WalletGiftFeedRep {
  client_msg_id: string;
  bal: { diamond: number; gold: number };
}

/** Data of `giftFeedRep` for a backpack gift: the (unchanged) balance and the new item counts. */
export interface BackpackGiftFeedRep extends WalletGiftFeedRep {
  source: typeof GIFT_SOURCE.backpack;
  /** The backpack rows the send changed, with their quantities now. */
  backpack: BackpackCount[];
}

/** Data of `giftFeedRep`: a paid gift's answer, or a backpack gift's (with `source`). */
export type GiftFeedRepData = WalletGiftFeedRep | BackpackGiftFeedRep;
