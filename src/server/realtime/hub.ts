/**
 * The realtime hub on `/im`: accepts WebSocket connections, routes frames to the room handlers,
 * delivers what the bus carries (room frames, kicks, match updates, inbox frames) to this
 * process's sockets, closes silent or slow connections and shuts down cleanly. Protocol:
 * docs/realtime.md.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TFunction } from 'i18next';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { createI18n, fromApiLang, LOCALES, type Locale } from '../../lib/i18n/index.ts';
import { findBlankText } from '../../lib/rules/text.ts';
import { findControlText } from '../../lib/validation/text.ts';
import { clientMsgIdEcho } from '../../lib/realtime/client-msg-id.ts';
import {
  CLIENT_FRAME,
  PING_INTERVAL_MS,
  REALTIME_ERROR,
  SERVER_FRAME,
  parseFrame,
} from '../../lib/realtime/protocol/index.ts';
import { readFileLimit, socketCaps } from '../file-limit.ts';
import {
  AddressSlots,
  addressOf,
  clientAddress,
  refusalLogger,
} from '../http/connection-limits.ts';
import { log } from '../log.ts';
import { counter, gauge } from '../metrics.ts';
import { onMatchLive } from '../sports/match-live.ts';
import type { Runtime } from '../runtime.ts';
import { busDelivery, matchKey } from './bus-delivery.ts';
import { Connection } from './connection.ts';
import { linkedRooms, serialByKey } from './match-rooms.ts';
import { routeFrame } from './frame-router.ts';
import { createRoomContext } from './room-handlers.ts';
import { closeInbox } from './inbox-handler.ts';
import { handleLeave } from './join-handler.ts';
import { countFrameIn } from './metrics.ts';
import { createRooms } from './rooms.ts';
import { startRoomTimers, type RoomTimerOptions } from './room-timers.ts';
import { startQuizClock } from '../quiz/clock.ts';

/** Options of createHub. */
export interface HubOptions extends RoomTimerOptions {
  /** Close a connection that sent nothing for this long. */
  idleMs?: number;
  /** Close a connection whose unsent data exceeds this many bytes. */
  maxBufferedBytes?: number;
  /** Longest wait of a room frame before it is sent (frames of one tick go together). */
  tickMs?: number;
  /** Sockets one address may hold (default: the env's IM_MAX_PER_IP). */
  maxPerAddress?: number;
  /** Sockets in total (default: IM_MAX_CONNECTIONS, or derived from the open-file limit). */
  maxConnections?: number;
  /** Time a socket has to join a room or follow a match before it is closed. */
  joinMs?: number;
  /** How long one lookup of the live rooms linked to a match is used (LINKED_ROOMS_TTL_MS). */
  matchRoomsTtlMs?: number;
  /** False: this hub does not run the quiz clock (another process does). */
  quizClock?: boolean;
}

/** The hub as the HTTP server uses it. */
export interface Hub {
  /** Takes over an HTTP upgrade request for the hub's path. */
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Number of open connections. */
  size: () => number;
  /** Closes every connection (1001 going away) and stops the timers. */
  close: () => Promise<void>;
}

/** Close code of a socket that joined nothing in time. */
const JOIN_TIMEOUT_CLOSE = 4008;

const refusedConnections = counter(
  'im_connections_refused_total',
  'Hub sockets refused or closed by a connection limit, by reason',
  ['reason'],
);

/** Answers an upgrade request with an HTTP error and drops the socket. */
function refuseUpgrade(socket: Duplex, status: 429 | 503): void {
  const text = status === 429 ? 'Too Many Requests' : 'Service Unavailable';
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${text}\r\nRetry-After: 30\r\nConnection: close\r\n\r\n`);
}

function rawText(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}

/** The language of a socket: `?lang=zh_cn|en` on the URL, else the default. */
function localeOf(req: IncomingMessage): Locale {
  const lang = new URL(req.url ?? '/', 'http://hub').searchParams.get('lang');
  return fromApiLang(lang ?? undefined);
}

/** Creates the hub over the runtime's database and bus. */
export function createHub(rt: Runtime, options: HubOptions = {}): Hub {
  const idleMs = options.idleMs ?? PING_INTERVAL_MS * 2.5;
  const maxBuffered = options.maxBufferedBytes ?? 1 << 20;
  // No compression: room messages are written to the sockets ready-framed (connection.ts).
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024,
    perMessageDeflate: false,
  });
  const conns = new Set<Connection>();
  // Connection limits: per address, in total, and a deadline to join something.
  const slots = new AddressSlots(
    options.maxPerAddress ?? rt.env.imMaxPerIp,
    options.maxConnections ?? (rt.env.imMaxConnections || socketCaps(readFileLimit().soft).hub),
  );
  const joinMs = options.joinMs ?? rt.env.imJoinMs;
  const logRefusal = refusalLogger('im_refused');
  /** Sockets that have not joined a room or followed a match yet. */
  const unjoined = new Set<Connection>();
  gauge('im_connections_open', 'Hub sockets open', () => slots.size());
  const rooms = createRooms<Connection>({ tickMs: options.tickMs ?? 100 });
  gauge('im_rooms_open', 'Live rooms with a socket of this process in them', () =>
    rooms.keys().reduce((n, key) => (key.startsWith('r:') ? n + 1 : n), 0),
  );
  const ctx = createRoomContext(rt, rooms);
  const translators = new Map<Locale, TFunction>(LOCALES.map((l) => [l, createI18n(l)]));

  const unsubscribe = rt.bus.subscribe(busDelivery(ctx, conns));
  // Quizzes stop taking bets at their close time; half-done settlements finish.
  const stopQuizClock = options.quizClock === false ? () => {} : startQuizClock(rt);
  // Match updates published in this process go to every process's watchers and to the live
  // rooms linked to the match, in the order they were published.
  const roomsOf = linkedRooms(rt.db, options.matchRoomsTtlMs);
  const inOrder = serialByKey();
  const stopMatchLive = onMatchLive((message) =>
    inOrder(message.matchId, async () => {
      const rooms = await roomsOf(message.matchId).catch((error: unknown) => {
        log('warn', 'match_rooms_lookup_failed', { error: String(error) });
        return [];
      });
      rt.bus.publish({
        kind: 'match',
        matchId: message.matchId,
        frame: { type: SERVER_FRAME.matchLive, data: message },
        ...(rooms.length > 0 ? { rooms } : {}),
      });
    }),
  );

  function onConnection(
    ws: WebSocket,
    req: IncomingMessage,
    socket: Duplex,
    address: string,
  ): void {
    const locale = localeOf(req);
    const conn = new Connection(ws, socket, locale, translators.get(locale)!, maxBuffered);
    conn.address = address;
    conns.add(conn);
    unjoined.add(conn);
    ws.on('message', (raw, isBinary) => {
      conn.lastSeen = Date.now();
      if (!conn.takeToken(conn.lastSeen)) {
        if (conn.abusive()) ws.close(1008, 'flood');
        else conn.fail(REALTIME_ERROR.flood, 'liveChat.errors.flood');
        return;
      }
      const frame = isBinary ? null : parseFrame(rawText(raw));
      countFrameIn(frame?.type);
      if (!frame) {
        conn.send({
          type: SERVER_FRAME.error,
          data: { code: REALTIME_ERROR.badFrame, msg: 'bad frame' },
        });
        return;
      }
      // Each refusal below names a gift or bet by its client_msg_id, as the handlers' do.
      // Chat content has its own refusal (with a reason); no other frame takes control text.
      if (frame.type !== CLIENT_FRAME.say && findControlText(frame.data) !== null) {
        conn.fail(REALTIME_ERROR.badFrame, 'validation.controlChars', clientMsgIdEcho(frame.data));
        return;
      }
      // Text that shows nothing: chat and announcements refuse it with their own message.
      if (
        frame.type !== CLIENT_FRAME.say &&
        frame.type !== CLIENT_FRAME.announce &&
        findBlankText(frame.data) !== null
      ) {
        conn.fail(REALTIME_ERROR.badFrame, 'validation.blank', clientMsgIdEcho(frame.data));
        return;
      }
      routeFrame(ctx, conn, frame).catch((error: unknown) => {
        log('error', 'hub_frame_failed', { type: frame.type, error: String(error) });
        conn.send({
          type: SERVER_FRAME.error,
          data: {
            code: REALTIME_ERROR.badFrame,
            msg: 'server error',
            ...clientMsgIdEcho(frame.data),
          },
        });
      });
    });
    ws.on('close', () => {
      conns.delete(conn);
      unjoined.delete(conn);
      handleLeave(ctx, conn);
      closeInbox(ctx, conn);
      for (const id of conn.matches) rooms.leave(matchKey(id), conn);
    });
    ws.on('error', () => ws.terminate());
  }

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const conn of conns) if (conn.lastSeen < now - idleMs) conn.ws.terminate();
    },
    Math.min(idleMs, 30_000),
  );
  sweep.unref();

  // Sockets that joined nothing in time are closed: an idle socket holds a file handle.
  const joinSweep = setInterval(
    () => {
      const due = Date.now() - joinMs;
      for (const conn of unjoined) {
        if (conn.room !== undefined || conn.matches.size > 0 || conn.inboxUser !== undefined)
          unjoined.delete(conn);
        else if (conn.connectedAt <= due) {
          unjoined.delete(conn);
          refusedConnections.inc({ reason: 'join_timeout' });
          logRefusal('join_timeout', conn.address, { open: slots.size() });
          conn.ws.close(JOIN_TIMEOUT_CLOSE, 'join timeout');
        }
      }
    },
    Math.min(1000, joinMs / 2),
  );
  joinSweep.unref();

  const stopRoomTimers = startRoomTimers(rt, rooms, options);

  return {
    handleUpgrade(req, socket, head) {
      const address = clientAddress(
        addressOf(req.socket),
        req.headers['x-real-ip'],
        rt.env.trustProxy,
      );
      const refusal = slots.take(address);
      if (refusal) {
        refusedConnections.inc({ reason: refusal });
        logRefusal(refusal, address, { open: slots.size() });
        refuseUpgrade(socket, refusal === 'per_address' ? 429 : 503);
        return;
      }
      socket.once('close', () => slots.release(address));
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req, socket, address));
    },
    size: () => conns.size,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        clearInterval(joinSweep);
        stopRoomTimers();
        unsubscribe();
        stopQuizClock();
        ctx.quiz.stop();
        stopMatchLive();
        rooms.close();
        for (const conn of conns) conn.ws.close(1001, 'server shutting down');
        const deadline = setTimeout(() => {
          for (const conn of conns) conn.ws.terminate();
        }, 2000);
        wss.close(() => {
          clearTimeout(deadline);
          // Statistics still queued are written before the database closes.
          void ctx.stats.flush().then(resolve);
        });
      }),
  };
}
