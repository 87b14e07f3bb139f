/**
 * The browser's connection to `/im` for one match: the shared realtime socket (pings,
 * back-off, batches) sending watchMatch on every open and handing frames to the caller.
 */
import { toApiLang } from '../i18n/index.ts';
import { CLIENT_FRAME, type ServerFrame } from '../realtime/protocol/index.ts';
import { hubUrl, openSocket } from '../realtime/socket.ts';
import { $locale } from '../stores/locale.ts';

/** Callbacks of watchMatchSocket. */
export interface MatchSocketHandlers {
  onFrame: (frame: ServerFrame) => void;
  onConnected: (connected: boolean) => void;
}

/** Follows a match over the hub until the returned function is called. */
export function watchMatchSocket(matchId: number, handlers: MatchSocketHandlers): () => void {
  const socket = openSocket(hubUrl(toApiLang($locale.get())), {
    onOpen: () => {
      socket.send(CLIENT_FRAME.watchMatch, { matchId });
    },
    onFrame: handlers.onFrame,
    onState: (state) => handlers.onConnected(state === 'open'),
  });
  return () => {
    socket.send(CLIENT_FRAME.unwatchMatch, { matchId });
    socket.close();
  };
}
