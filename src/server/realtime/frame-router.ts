/**
 * The hub's handler table: one entry per client frame type (ClientFrameData's keys, so a frame
 * added to the protocol without a handler fails `tsc`). A frame arrives with unknown data; each
 * handler checks it with its schema. Handlers are async and report their own refusals.
 */
import {
  REALTIME_ERROR,
  SERVER_FRAME,
  type ClientFrameType,
  type Frame,
} from '../../lib/realtime/protocol/index.ts';
import { CLIENT_FRAME_SCHEMAS } from '../../lib/realtime/protocol/schemas.ts';
import { matchKey } from './bus-delivery.ts';
import type { Connection } from './connection.ts';
import { handleChatModes } from './chat-modes-handler.ts';
import { handleGift } from './gift-handler.ts';
import { handleInbox } from './inbox-handler.ts';
import { handleJoin, handleLeave } from './join-handler.ts';
import {
  handleAnnounce,
  handleBan,
  handleClear,
  handleDelete,
  handleSay,
  handleUnban,
  type RoomContext,
} from './room-handlers.ts';

/** Matches one socket may follow at once. */
const MAX_MATCHES = 5;

/** A frame's handler: the room context, the sending socket and the frame's unchecked data. */
type FrameHandler = (ctx: RoomContext, conn: Connection, data: unknown) => void | Promise<void>;

function matchIdOf(data: unknown): number | undefined {
  const parsed = CLIENT_FRAME_SCHEMAS.watchMatch.safeParse(data);
  return parsed.success ? parsed.data.matchId : undefined;
}

/** Follows a match's live updates (at most MAX_MATCHES at once). */
function watchMatch(ctx: RoomContext, conn: Connection, data: unknown): void {
  const id = matchIdOf(data);
  if (id === undefined || (conn.matches.size >= MAX_MATCHES && !conn.matches.has(id))) {
    conn.fail(REALTIME_ERROR.badFrame, 'liveChat.errors.badInput');
    return;
  }
  conn.matches.add(id);
  ctx.rooms.join(matchKey(id), conn);
}

/** Stops following a match. */
function unwatchMatch(ctx: RoomContext, conn: Connection, data: unknown): void {
  const id = matchIdOf(data);
  if (id === undefined) return;
  conn.matches.delete(id);
  ctx.rooms.leave(matchKey(id), conn);
}

const HANDLERS: Record<ClientFrameType, FrameHandler> = {
  ping: (_ctx, conn) => conn.send({ type: SERVER_FRAME.pong, data: { time: Date.now() } }),
  login: (ctx, conn, data) => handleJoin(ctx, conn, data, true),
  first: (ctx, conn, data) => handleJoin(ctx, conn, data, false),
  logout: (ctx, conn) => handleLeave(ctx, conn),
  say: handleSay,
  gift: handleGift,
  ban: handleBan,
  unban: handleUnban,
  deleteMsg: handleDelete,
  clearChat: (ctx, conn) => handleClear(ctx, conn),
  announce: handleAnnounce,
  chatModes: handleChatModes,
  bet: (ctx, conn, data) => ctx.quiz.bet(conn, data),
  quizPrompt: (ctx, conn, data) => ctx.quiz.prompt(conn, data),
  inbox: handleInbox,
  watchMatch,
  unwatchMatch,
};

/** Routes one frame to its handler; a type the protocol does not name is answered as unsupported. */
export async function routeFrame(ctx: RoomContext, conn: Connection, frame: Frame): Promise<void> {
  const handler = Object.hasOwn(HANDLERS, frame.type)
    ? HANDLERS[frame.type as ClientFrameType]
    : undefined;
  if (handler) return handler(ctx, conn, frame.data);
  conn.send({
    type: SERVER_FRAME.error,
    data: { code: REALTIME_ERROR.unsupported, msg: `unsupported: ${frame.type.slice(0, 32)}` },
  });
}
