/**
 * The browser's connection to `/im`: opens the socket, unpacks batches, pings every 60 s and
 * reconnects with growing, jittered back-off (1 s doubling to 30 s) until closed on purpose or
 * kicked. The store above it re-joins its room on every open.
 */
import {
  CLIENT_FRAME,
  PING_INTERVAL_MS,
  REALTIME_PATH,
  SERVER_FRAME,
  parseServerFrame,
  type ClientFrameData,
  type ClientFrameType,
  type PingData,
  type ServerFrame,
} from './protocol/index.ts';

/** Close code the hub uses when the session was revoked. */
export const KICKED_CLOSE = 4001;

/** Where the socket is. */
export type SocketState = 'connecting' | 'open' | 'retrying' | 'closed';

/** What the socket reports to its owner. */
export interface SocketHandlers {
  /** Each open (first and after every reconnect): join rooms here. */
  onOpen: () => void;
  /** Each frame, batches already unpacked. */
  onFrame: (frame: ServerFrame) => void;
  /** State changes. */
  onState?: (state: SocketState) => void;
  /** Data of the 60 s ping. */
  pingData?: () => PingData;
}

/** Sends frame `type` with its data; false when the socket is not open. */
export type SendFrame = <K extends ClientFrameType>(type: K, data: ClientFrameData[K]) => boolean;

/** A live connection. */
export interface RealtimeSocket {
  /** Sends a frame; false when the socket is not open. */
  send: SendFrame;
  /** Closes for good. */
  close: () => void;
}

/** Wait before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, ±20 % jitter. */
export function backoffMs(attempt: number, random = Math.random()): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.8 + random * 0.4));
}

/** The hub URL of this page: same host, ws or wss, with the API language. */
export function hubUrl(lang: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${REALTIME_PATH}?lang=${encodeURIComponent(lang)}`;
}

/** Opens a socket to `url` and keeps it open. */
export function openSocket(url: string, handlers: SocketHandlers): RealtimeSocket {
  let ws: WebSocket | undefined;
  let attempt = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const setState = (state: SocketState) => handlers.onState?.(state);

  function connect(): void {
    clearTimeout(retry);
    setState(attempt === 0 ? 'connecting' : 'retrying');
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => {
      attempt = 0;
      setState('open');
      clearInterval(ping);
      ping = setInterval(
        () => send(CLIENT_FRAME.ping, handlers.pingData?.() ?? {}),
        PING_INTERVAL_MS,
      );
      handlers.onOpen();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const frame = parseServerFrame(event.data);
      if (!frame) return;
      if (frame.type === SERVER_FRAME.batch)
        for (const inner of frame.data) handlers.onFrame(inner);
      else handlers.onFrame(frame);
    };
    socket.onclose = (event: CloseEvent) => {
      clearInterval(ping);
      if (ws !== socket) return;
      ws = undefined;
      if (closed || event.code === KICKED_CLOSE) {
        closed = true;
        setState('closed');
        return;
      }
      setState('retrying');
      retry = setTimeout(connect, backoffMs(attempt));
      attempt += 1;
    };
  }

  function send<K extends ClientFrameType>(type: K, data: ClientFrameData[K]): boolean {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify({ type, data }));
    return true;
  }

  // Back online: try at once instead of waiting out the back-off.
  const online = () => {
    if (!closed && !ws) {
      attempt = 0;
      connect();
    }
  };
  addEventListener('online', online);
  connect();

  return {
    send,
    close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      removeEventListener('online', online);
      ws?.close(1000);
      ws = undefined;
    },
  };
}
