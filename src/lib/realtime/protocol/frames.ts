/**
 * The frames as types. ServerFrameData maps each frame the server sends to its data, and
 * ClientFrameData each frame a client sends; ServerFrame and ClientFrame are the unions of
 * `{ type, data }` over those maps, so a `switch (frame.type)` narrows `frame.data` and a frame
 * built with the wrong data does not compile. The server's send paths (bus, rooms, sockets) take
 * ServerFrame; the browser's socket sends by ClientFrameData and hands ServerFrames to the stores.
 *
 * A frame arriving at the hub is still a wire Frame with unknown data: a client may send
 * anything, so every handler checks it with its schema first.
 */
import type {
  AnchorStartLive,
  GroupMessage,
  PrivateMessage,
  StaffMessage,
  SystemMessageView,
  UnreadChange,
} from '../../messaging/types.ts';
import type { BetRepData, BetRequest, GuessSettledData, QuizFrameData } from '../../quiz/types.ts';
import type { MatchLiveKind } from '../../sports/match-centre.ts';
import type { ChatModes } from '../../live/chat-modes.ts';
import type { GiftData, GiftFeedRepData, GiftSendData } from './gifts.ts';
import type {
  AckData,
  AnnounceRequest,
  AnnouncementData,
  ChatModesData,
  AttentAnchorData,
  BannedData,
  BanRequest,
  ClearChatData,
  ClearRepData,
  EmptyData,
  EnterData,
  ErrorData,
  HeatRepData,
  JoinData,
  LoginRepData,
  MessageIdData,
  PingData,
  PongData,
  QuizPromptRepData,
  QuizPromptRequest,
  SayData,
  SayRequest,
  UnbanData,
} from './room.ts';

/** Data of the client's `watchMatch` and `unwatchMatch`. */
export interface MatchWatchData {
  matchId: number;
}

/** Data of `matchLive`: one update of a followed match; `payload` is its value as JSON. */
export interface MatchLiveData {
  matchId: number;
  kind: MatchLiveKind;
  payload: string;
}

/** Data of the client's `inbox`: the chat id and hub signature from getUserSig. */
export interface InboxRequest {
  id: string;
  sig: string;
}

/** Data of `inboxRep`: the inbox is open. */
export interface InboxRepData {
  /** Conversations with unread messages. */
  counts: UnreadChange[];
  /** Fan groups the socket now hears. */
  groups: number[];
}

/** What each frame the server sends carries, by frame name. */
export interface ServerFrameData {
  /** The answer to `login` / `first`: history, quizzes, the joiner's rights, heat, live state. */
  loginRep: LoginRepData;
  /** To the room: a logged-in user joined. */
  enter: EnterData;
  /** To the room: a manager deleted a message. */
  deleteMsg: MessageIdData;
  /** To a manager: their action succeeded. */
  ack: AckData;
  /** The answer to `ping`. */
  pong: PongData;
  /** To the room: a chat message. */
  say: SayData;
  /** To the room: a gift with its running combo. */
  gift: GiftData;
  /** To the giver: the gift went through, with the balance (and backpack counts). */
  giftFeedRep: GiftFeedRepData;
  /** To the room: a user was banned from speaking. */
  bannedUser: BannedData;
  /** To the room: a ban was lifted. */
  unbannedUser: UnbanData;
  /** To the room: a manager cleared the chat. */
  clearChat: ClearChatData;
  /** To the clearing manager. */
  clearRep: ClearRepData;
  /** To the room: the announcement changed. */
  announcement: AnnouncementData;
  /** To the room: the anchor or a manager changed the chat modes. */
  chatModes: ChatModesData;
  /** To the room, and to each bettor with their own result: a quiz was drawn or cancelled. */
  guessSettled: GuessSettledData;
  /** To the room: a quiz opened, changed, was prompted or closed. */
  quiz: QuizFrameData;
  /** The answer to the client's `quizPrompt`. */
  quizPrompt: QuizPromptRepData;
  /** To the bettor: a bet was placed. */
  betRep: BetRepData;
  /** To the room, every 30 s and when it goes live or offline. */
  heatRep: HeatRepData;
  /** To the room: someone followed the anchor. */
  attentAnchor: AttentAnchorData;
  /** To a match's watchers: a live update. */
  matchLive: MatchLiveData;
  /** Several frames coalesced in one message. */
  batch: ServerFrame[];
  /** A refusal. */
  error: ErrorData;
  /** The session was revoked; the socket closes with 4001 and the client asks to log in. */
  kicked: EmptyData;
  /** The answer to `inbox`. */
  inboxRep: InboxRepData;
  /** To a fan group's members: a message or notice. */
  groupMsg: GroupMessage;
  /** To both sides: a private message. */
  privateMsg: PrivateMessage;
  /** To the user and the staff: a staff-channel message. */
  mgrMsg: StaffMessage;
  /** A system message. */
  SystemMessage: SystemMessageView;
  /** To the followers: a followed anchor went live. */
  AnchorStartLiveMessage: AnchorStartLive;
  /** A conversation's unread count changed for this user (e.g. read elsewhere). */
  unread: UnreadChange;
}

/** What each frame a client sends carries, by frame name. */
export interface ClientFrameData {
  /** Join a room as a logged-in user. */
  login: JoinData;
  /** Join a room as a guest. */
  first: JoinData;
  /** Keep-alive, every 60 s. */
  ping: PingData;
  /** Chat message; props uses a backpack prop (type 100 | 101, props_id). */
  say: SayRequest;
  /** Gift; source 'backpack' sends held gift items. */
  gift: GiftSendData;
  /** Follow a match's live data (text live, score, stats, line-ups). No login needed. */
  watchMatch: MatchWatchData;
  /** Stop following a match. */
  unwatchMatch: MatchWatchData;
  /** Manager: ban a user from speaking. */
  ban: BanRequest;
  /** Manager: lift a ban. */
  unban: UnbanData;
  /** Manager: delete one message. */
  deleteMsg: MessageIdData;
  /** Manager: clear the chat. */
  clearChat: EmptyData;
  /** Manager: set the announcement. */
  announce: AnnounceRequest;
  /** Manager: set the room's chat modes (all of them at once). */
  chatModes: ChatModes;
  /** Bet on a quiz of the room. */
  bet: BetRequest;
  /** Anchor or manager: show an open quiz to the room again. */
  quizPrompt: QuizPromptRequest;
  /** Leave the current room. */
  logout: EmptyData;
  /**
   * Open the user's inbox on this socket (any page, logged in). The socket then hears the
   * user's messages, fan groups, unread changes and alerts.
   */
  inbox: InboxRequest;
}

/** Name of a server frame. */
export type ServerFrameType = keyof ServerFrameData;
/** Name of a client frame. */
export type ClientFrameType = keyof ClientFrameData;

/** The server frames named `K` (one name, or a union of names). */
export type ServerFrameOf<K extends ServerFrameType> = {
  [P in K]: { type: P; data: ServerFrameData[P] };
}[K];

/** The client frames named `K` (one name, or a union of names). */
export type ClientFrameOf<K extends ClientFrameType> = {
  [P in K]: { type: P; data: ClientFrameData[P] };
}[K];

/** Any frame the server sends: `switch (frame.type)` narrows `frame.data`. */
export type ServerFrame = ServerFrameOf<ServerFrameType>;

/** Any frame a client sends. */
export type ClientFrame = ClientFrameOf<ClientFrameType>;

/**
 * A frame as the wire carries it, before anything is known of its data: what parseFrame reads
 * and what the hub receives from clients.
 */
export interface Frame<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

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

/**
 * Parses a message from the hub. The hub sends only what ServerFrameData describes (its send
 * paths take nothing else), so the browser takes a frame that parses as typed.
 */
export function parseServerFrame(text: string): ServerFrame | null {
  return parseFrame(text) as ServerFrame | null;
}
