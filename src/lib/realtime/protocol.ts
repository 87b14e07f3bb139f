/**
 * The realtime protocol of `/im`, shared by the hub and the browser: frame names as constants
 * and typed frames. Neither side spells a message name as a bare string. See docs/realtime.md.
 */

/** Frames a client sends. */
export const CLIENT_FRAME = {
  /** Join a room as a logged-in user: { groupId, channel, id, sig }. */
  login: 'login',
  /** Join a room as a guest: { groupId, channel, id, sig }. */
  first: 'first',
  /** Keep-alive, every 60 s: { groupId, device_id }. */
  ping: 'ping',
  /** Chat message: { content }. */
  say: 'say',
  /** Gift: { giftid, count, client_msg_id }. */
  gift: 'gift',
  /** Follow a match's live data (text live, score, stats, line-ups): { matchId }. No login needed. */
  watchMatch: 'watchMatch',
  /** Stop following a match: { matchId }. */
  unwatchMatch: 'unwatchMatch',
} as const;

/** Frames the server sends. */
export const SERVER_FRAME = {
  loginRep: 'loginRep',
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
  /** The frame could not be understood. */
  badFrame: 40000,
  /** The frame type is not handled by this server. */
  unsupported: 40001,
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
