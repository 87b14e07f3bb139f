/**
 * The browser's connection to `/im` for one match: sends watchMatch when open, pings every
 * 60 s so the hub keeps it, reconnects with backoff (1 s doubling to 30 s) and hands every
 * received frame to the caller.
 */
import { deviceId } from '../device.ts';
import {
  CLIENT_FRAME,
  parseFrame,
  PING_INTERVAL_MS,
  REALTIME_PATH,
  type Frame,
} from '../realtime/protocol.ts';

/** Callbacks of watchMatchSocket. */
export interface MatchSocketHandlers {
  onFrame: (frame: Frame) => void;
  onConnected: (connected: boolean) => void;
}

/** The hub's address: the API base when set, else this page's host, with ws or wss. */
export function realtimeUrl(): string {
  const base = (import.meta.env.PUBLIC_API_BASE as string | undefined) || location.origin;
  const url = new URL(REALTIME_PATH, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** Follows a match over the hub until the returned function is called. */
export function watchMatchSocket(matchId: number, handlers: MatchSocketHandlers): () => void {
  let socket: WebSocket | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = 1000;
  let stopped = false;

  const send = (type: string, data: unknown) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type, data }));
  };
  const connect = () => {
    clearTimeout(retry);
    if (stopped) return;
    const ws = new WebSocket(realtimeUrl());
    socket = ws;
    ws.addEventListener('open', () => {
      delay = 1000;
      handlers.onConnected(true);
      send(CLIENT_FRAME.watchMatch, { matchId });
      ping = setInterval(
        () => send(CLIENT_FRAME.ping, { groupId: '', device_id: deviceId() }),
        PING_INTERVAL_MS,
      );
    });
    ws.addEventListener('message', (event) => {
      const frame = typeof event.data === 'string' ? parseFrame(event.data) : null;
      if (frame) handlers.onFrame(frame);
    });
    ws.addEventListener('close', () => {
      clearInterval(ping);
      handlers.onConnected(false);
      if (stopped || socket !== ws) return;
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30_000);
    });
  };
  // Back on the tab: try at once instead of waiting out the backoff.
  const onVisible = () => {
    if (document.visibilityState === 'visible' && socket?.readyState === WebSocket.CLOSED) {
      delay = 1000;
      connect();
    }
  };
  document.addEventListener('visibilitychange', onVisible);
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    document.removeEventListener('visibilitychange', onVisible);
    send(CLIENT_FRAME.unwatchMatch, { matchId });
    socket?.close();
  };
}
