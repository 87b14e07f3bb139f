/**
 * The realtime hub on `/im`: accepts WebSocket connections, routes frames to the room handlers,
 * delivers what the bus carries (room frames, kicks, match updates, inbox frames) to this
 * process's sockets, closes silent or slow connections and shuts down cleanly. Protocol:
 * docs/realtime.md.
 */
import { randomUUID } from 'node:crypto';
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
  type Frame,
} from '../../lib/realtime/protocol/index.ts';
import { writeEachOnFailure } from '../db/batch.ts';
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
import { handleGift } from './gift-handler.ts';
import {
  createRoomContext,
  handleAnnounce,
  handleBan,
  handleClear,
  handleDelete,
  handleSay,
  handleUnban,
  roomKey,
  type RoomContext,
} from './room-handlers.ts';
import { closeInbox, handleInbox } from './inbox-handler.ts';
import { handleJoin, handleLeave } from './join-handler.ts';
import { countFrameIn } from './metrics.ts';
import { createRooms, type Rooms } from './rooms.ts';
import { startQuizClock } from '../quiz/clock.ts';
import { roomHeats } from '../live/chat.ts';
import { addViewerSamples } from '../studio/stats.ts';

/** Options of createHub. */
export interface HubOptions {
  /** Close a connection that sent nothing for this long. */
  idleMs?: number;
  /** Close a connection whose unsent data exceeds this many bytes. */
  maxBufferedBytes?: number;
  /** Longest wait of a room frame before it is sent (frames of one tick go together). */
  tickMs?: number;
  /** How often rooms get their heat. */
  heatMs?: number;
  /** How often the viewers of live rooms are counted for the anchors' statistics. */
  sampleMs?: number;
  /** Sockets one address may hold (default: the env's IM_MAX_PER_IP). */
  maxPerAddress?: number;
  /** Sockets in total (default: IM_MAX_CONNECTIONS, or derived from the open-file limit). */
  maxConnections?: number;
  /** Time a socket has to join a room or follow a match before it is closed. */
  joinMs?: number;
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

/** Matches one socket may follow at once. */
const MAX_MATCHES = 5;
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

/** Rooms get their heat this often. */
const HEAT_INTERVAL_MS = 30_000;
/** Viewers of live rooms are counted this often (the statistics keep one count a minute). */
const SAMPLE_INTERVAL_MS = 60_000;

async function sendHeat(rt: Runtime, rooms: Rooms<Connection>, ids: number[]): Promise<void> {
  try {
    for (const row of await roomHeats(rt.db, ids)) {
      rooms.deliver(roomKey(row.anchorId), {
        type: SERVER_FRAME.heatRep,
        data: { val: row.heat, status: row.isLive ? 1 : 0 },
      });
    }
  } catch (error) {
    log('warn', 'heat_failed', { error: String(error) });
  }
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

function matchIdOf(data: unknown): number | undefined {
  const id = (data as { matchId?: unknown } | null)?.matchId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Routes one frame; room handlers are async and report their own refusals. */
async function route(ctx: RoomContext, conn: Connection, frame: Frame): Promise<void> {
  switch (frame.type) {
    case CLIENT_FRAME.ping:
      conn.send({ type: SERVER_FRAME.pong, data: { time: Date.now() } });
      return;
    case CLIENT_FRAME.login:
      return handleJoin(ctx, conn, frame.data, true);
    case CLIENT_FRAME.first:
      return handleJoin(ctx, conn, frame.data, false);
    case CLIENT_FRAME.logout:
      return handleLeave(ctx, conn);
    case CLIENT_FRAME.say:
      return handleSay(ctx, conn, frame.data);
    case CLIENT_FRAME.gift:
      return handleGift(ctx, conn, frame.data);
    case CLIENT_FRAME.ban:
      return handleBan(ctx, conn, frame.data);
    case CLIENT_FRAME.unban:
      return handleUnban(ctx, conn, frame.data);
    case CLIENT_FRAME.deleteMsg:
      return handleDelete(ctx, conn, frame.data);
    case CLIENT_FRAME.clearChat:
      return handleClear(ctx, conn);
    case CLIENT_FRAME.announce:
      return handleAnnounce(ctx, conn, frame.data);
    case CLIENT_FRAME.bet:
      return ctx.quiz.bet(conn, frame.data);
    case CLIENT_FRAME.quizPrompt:
      return ctx.quiz.prompt(conn, frame.data);
    case CLIENT_FRAME.inbox:
      return handleInbox(ctx, conn, frame.data);
    case CLIENT_FRAME.watchMatch: {
      const id = matchIdOf(frame.data);
      if (id === undefined || (conn.matches.size >= MAX_MATCHES && !conn.matches.has(id))) {
        conn.fail(REALTIME_ERROR.badFrame, 'liveChat.errors.badInput');
        return;
      }
      conn.matches.add(id);
      ctx.rooms.join(matchKey(id), conn);
      return;
    }
    case CLIENT_FRAME.unwatchMatch: {
      const id = matchIdOf(frame.data);
      if (id === undefined) return;
      conn.matches.delete(id);
      ctx.rooms.leave(matchKey(id), conn);
      return;
    }
    default:
      conn.send({
        type: SERVER_FRAME.error,
        data: { code: REALTIME_ERROR.unsupported, msg: `unsupported: ${frame.type.slice(0, 32)}` },
      });
  }
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
  // Match updates published in this process go to every process's watchers.
  const stopMatchLive = onMatchLive((message) =>
    rt.bus.publish({
      kind: 'match',
      matchId: message.matchId,
      frame: { type: SERVER_FRAME.matchLive, data: message },
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
      route(ctx, conn, frame).catch((error: unknown) => {
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

  // Heat of each room with viewers here, read from the database and sent to them (heatRep).
  const heat = setInterval(() => {
    const ids = rooms
      .keys()
      .filter((k) => k.startsWith('r:'))
      .map((k) => Number(k.slice(2)));
    if (ids.length) void sendHeat(rt, rooms, ids);
  }, options.heatMs ?? HEAT_INTERVAL_MS);
  heat.unref();

  // Viewers per live room on this process, summed over processes by minute in the database.
  const node = randomUUID().slice(0, 8);
  const sample = setInterval(() => {
    const counts = new Map<number, number>();
    for (const key of rooms.keys()) {
      if (key.startsWith('r:')) counts.set(Number(key.slice(2)), rooms.members(key).size);
    }
    // A room the database refuses loses its sample alone.
    void writeEachOnFailure([...counts], async (some) => {
      await addViewerSamples(rt.db, node, new Map(some));
      return some.map(() => undefined);
    }).then((results) => {
      for (const result of results) {
        if (result.status === 'rejected') {
          log('warn', 'viewer_samples_failed', { error: String(result.reason) });
        }
      }
    });
  }, options.sampleMs ?? SAMPLE_INTERVAL_MS);
  sample.unref();

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
        clearInterval(heat);
        clearInterval(sample);
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
