/**
 * The realtime hub on `/im`: accepts WebSocket connections, answers pings, closes silent or
 * slow connections and shuts down cleanly. Rooms and chat build on this (live room feature).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  CLIENT_FRAME,
  PING_INTERVAL_MS,
  REALTIME_ERROR,
  SERVER_FRAME,
  parseFrame,
  type Frame,
} from '../../lib/realtime/protocol.ts';

/** Options of createHub. */
export interface HubOptions {
  /** Close a connection that sent nothing for this long. */
  idleMs?: number;
  /** Close a connection whose unsent data exceeds this many bytes. */
  maxBufferedBytes?: number;
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

interface Conn {
  ws: WebSocket;
  lastSeen: number;
}

function rawText(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}

function send(conn: Conn, frame: Frame, maxBuffered: number): void {
  if (conn.ws.readyState !== WebSocket.OPEN) return;
  if (conn.ws.bufferedAmount > maxBuffered) {
    conn.ws.terminate();
    return;
  }
  conn.ws.send(JSON.stringify(frame));
}

/** Creates the hub. */
export function createHub(options: HubOptions = {}): Hub {
  const idleMs = options.idleMs ?? PING_INTERVAL_MS * 2.5;
  const maxBuffered = options.maxBufferedBytes ?? 1 << 20;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const conns = new Set<Conn>();

  wss.on('connection', (ws) => {
    const conn: Conn = { ws, lastSeen: Date.now() };
    conns.add(conn);
    ws.on('message', (raw, isBinary) => {
      conn.lastSeen = Date.now();
      const frame = isBinary ? null : parseFrame(rawText(raw));
      if (!frame) {
        send(
          conn,
          { type: SERVER_FRAME.error, data: { code: REALTIME_ERROR.badFrame, msg: 'bad frame' } },
          maxBuffered,
        );
        return;
      }
      if (frame.type === CLIENT_FRAME.ping) {
        send(conn, { type: SERVER_FRAME.pong, data: { time: Date.now() } }, maxBuffered);
        return;
      }
      send(
        conn,
        {
          type: SERVER_FRAME.error,
          data: {
            code: REALTIME_ERROR.unsupported,
            msg: `unsupported: ${frame.type.slice(0, 32)}`,
          },
        },
        maxBuffered,
      );
    });
    ws.on('close', () => conns.delete(conn));
    ws.on('error', () => ws.terminate());
  });

  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - idleMs;
      for (const conn of conns) if (conn.lastSeen < cutoff) conn.ws.terminate();
    },
    Math.min(idleMs, 30_000),
  );
  sweep.unref();

  return {
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    size: () => conns.size,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        for (const conn of conns) conn.ws.close(1001, 'server shutting down');
        const deadline = setTimeout(() => {
          for (const conn of conns) conn.ws.terminate();
        }, 2000);
        wss.close(() => {
          clearTimeout(deadline);
          resolve();
        });
      }),
  };
}
