/** One socket on the hub: who it is, where it is, its limits, and how frames reach it. */
import type { Duplex } from 'node:stream';
import type { TFunction } from 'i18next';
import { WebSocket } from 'ws';
import type { Locale } from '../../lib/i18n/index.ts';
import {
  SERVER_FRAME,
  type ErrorData,
  type ServerFrame,
} from '../../lib/realtime/protocol/index.ts';
import type { ChatProfile } from '../live/chat.ts';
import { countFrameOut, countRefusal } from './metrics.ts';
import type { Member } from './rooms.ts';

/** Frames a socket may send in a burst, and how many it earns back per second. */
const FLOOD_BURST = 20;
const FLOOD_REFILL_PER_S = 5;

/** The last payload framed, and its frame: a room flush sends one payload to many sockets. */
let framedPayload: Buffer | undefined;
let framed: Buffer = Buffer.alloc(0);

/**
 * The server's (unmasked, uncompressed) text frame of `payload` (RFC 6455 §5.2), built once
 * for all the members a room flush sends it to.
 */
export function textFrame(payload: Buffer): Buffer {
  if (payload === framedPayload) return framed;
  const n = payload.length;
  const headerLength = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, headerLength);
  framedPayload = payload;
  framed = frame;
  return frame;
}

/** A socket and what the hub knows of it. */
export class Connection implements Member {
  /** When the socket opened (ms). */
  readonly connectedAt = Date.now();
  /** Last time anything arrived (ms). */
  lastSeen = this.connectedAt;
  /** The client's address, as the connection limits count it. */
  address = '';
  /** Chat id from getUserSig once joined: user id or guest id. */
  chatId: string | undefined;
  /** The logged-in user; undefined for guests and before joining. */
  user: ChatProfile | undefined;
  /** Session the user joined with (token SHA-256), to kick it when revoked. */
  tokenHash = '';
  /** The room joined: the anchor's user id. */
  room: number | undefined;
  /** True when the user may moderate the joined room. */
  isManager = false;
  /** End of the user's ban in the room (ms); null permanent; undefined when not banned. */
  bannedUntil: number | null | undefined;
  /** Matches followed. */
  readonly matches = new Set<number>();
  /** The user whose inbox this socket hears; undefined without one. */
  inboxUser: number | undefined;
  /**
   * Inbox keys joined (user, groups, everyone, staff); made by the first inbox frame, so the
   * room's viewers, who have none, do not each carry an empty set.
   */
  inboxKeys: Set<string> | undefined;
  private tokens = FLOOD_BURST;
  private tokensAt = Date.now();

  /** The socket. */
  readonly ws: WebSocket;
  /** The upgraded TCP socket under it, which room messages are written to ready-framed. */
  private readonly socket: Duplex;
  /** Language of refusals and replies. */
  readonly locale: Locale;
  /** Translator for `locale`. */
  readonly t: TFunction;
  private readonly maxBuffered: number;

  constructor(ws: WebSocket, socket: Duplex, locale: Locale, t: TFunction, maxBuffered: number) {
    this.ws = ws;
    this.socket = socket;
    this.locale = locale;
    this.t = t;
    this.maxBuffered = maxBuffered;
  }

  /**
   * Sends ready-made bytes; a reader this far behind is disconnected instead. The frame is
   * written straight to the TCP socket as one buffer: `ws` would build a header for every
   * socket and write it and the payload separately, which costs a room of ten thousand more
   * than the bytes. Safe because `ws` writes each of its own frames whole and synchronously
   * (no compression), so frames never interleave, and `bufferedAmount` counts these bytes too.
   */
  sendRaw(payload: Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.maxBuffered) {
      this.ws.terminate();
      return;
    }
    this.socket.write(textFrame(payload));
    countFrameOut();
  }

  /** Sends one frame to this socket only. */
  send(frame: ServerFrame): void {
    if (frame.type === SERVER_FRAME.error) countRefusal(frame.data.code);
    this.sendRaw(Buffer.from(JSON.stringify(frame)));
  }

  /** Sends an error frame whose message is `key` in the socket's language. */
  fail(code: number, key: string, extra: Partial<ErrorData> = {}): void {
    this.send({ type: SERVER_FRAME.error, data: { code, msg: this.t(key), ...extra } });
  }

  /** Takes one frame from the flood budget; false when the socket is over it. */
  takeToken(now = Date.now()): boolean {
    this.tokens = Math.min(
      FLOOD_BURST,
      this.tokens + ((now - this.tokensAt) / 1000) * FLOOD_REFILL_PER_S,
    );
    this.tokensAt = now;
    this.tokens -= 1;
    return this.tokens >= 0;
  }

  /** True when the socket has gone far past its budget (a client ignoring refusals). */
  abusive(): boolean {
    return this.tokens < -FLOOD_BURST;
  }

  /** True while the user's ban runs. */
  isBanned(now = Date.now()): boolean {
    return this.bannedUntil === null || (this.bannedUntil !== undefined && this.bannedUntil > now);
  }
}
