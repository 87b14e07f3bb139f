/**
 * The names of the realtime frames of `/im` and the protocol's constants: error codes, the ping
 * interval and the endpoint. What each frame carries is in frames.ts (ServerFrameData and
 * ClientFrameData); both sides spell a frame's name with these constants, never a bare string.
 */
import type { ClientFrameType, ServerFrameType } from './frames.ts';

/** Frames a client sends; their data are ClientFrameData's. */
export const CLIENT_FRAME = {
  login: 'login',
  first: 'first',
  ping: 'ping',
  say: 'say',
  gift: 'gift',
  watchMatch: 'watchMatch',
  unwatchMatch: 'unwatchMatch',
  ban: 'ban',
  unban: 'unban',
  deleteMsg: 'deleteMsg',
  clearChat: 'clearChat',
  announce: 'announce',
  chatModes: 'chatModes',
  bet: 'bet',
  quizPrompt: 'quizPrompt',
  logout: 'logout',
  inbox: 'inbox',
} as const satisfies { readonly [K in ClientFrameType]: K };

/** Frames the server sends; their data are ServerFrameData's. */
export const SERVER_FRAME = {
  loginRep: 'loginRep',
  enter: 'enter',
  deleteMsg: 'deleteMsg',
  ack: 'ack',
  pong: 'pong',
  say: 'say',
  gift: 'gift',
  giftFeedRep: 'giftFeedRep',
  bannedUser: 'bannedUser',
  unbannedUser: 'unbannedUser',
  clearChat: 'clearChat',
  clearRep: 'clearRep',
  announcement: 'announcement',
  chatModes: 'chatModes',
  guessSettled: 'guessSettled',
  quiz: 'quiz',
  quizPrompt: 'quizPrompt',
  betRep: 'betRep',
  heatRep: 'heatRep',
  attentAnchor: 'attentAnchor',
  matchLive: 'matchLive',
  batch: 'batch',
  error: 'error',
  kicked: 'kicked',
  inboxRep: 'inboxRep',
  groupMsg: 'groupMsg',
  privateMsg: 'privateMsg',
  mgrMsg: 'mgrMsg',
  SystemMessage: 'SystemMessage',
  AnchorStartLiveMessage: 'AnchorStartLiveMessage',
  unread: 'unread',
} as const satisfies { readonly [K in ServerFrameType]: K };

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
