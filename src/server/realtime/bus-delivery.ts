/**
 * What the bus carries, delivered to this process's sockets: room frames, match frames (to the
 * match's followers and the live rooms linked to it), per-user
 * room frames (a quiz's results), inbox frames, new names and avatars, and kicks of revoked
 * sessions.
 */
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import type { BusMessage } from '../shared/bus.ts';
import type { Connection } from './connection.ts';
import { deliverInbox } from './inbox-handler.ts';
import { applyRoomSideEffects, roomKey, type RoomContext } from './room-handlers.ts';

/** Close code sent with `kicked`. */
export const KICKED_CLOSE = 4001;

/** The room key of a match's followers. */
export const matchKey = (matchId: number) => `m:${matchId}`;

/** The bus subscriber of a hub: `conns` are its open sockets. */
export function busDelivery(
  ctx: RoomContext,
  conns: ReadonlySet<Connection>,
): (message: BusMessage) => void {
  const { rooms } = ctx;
  return (message) => {
    if (message.kind === 'room') {
      applyRoomSideEffects(ctx, message.anchorId, message.frame);
      rooms.deliver(roomKey(message.anchorId), message.frame);
    } else if (message.kind === 'match') {
      rooms.deliver(matchKey(message.matchId), message.frame);
      for (const anchorId of message.rooms ?? []) rooms.deliver(roomKey(anchorId), message.frame);
    } else if (message.kind === 'inbox') {
      deliverInbox(ctx, message);
    } else if (message.kind === 'profile') {
      // Chat lines take the speaker from the socket: the next message carries the new ones.
      const { nickName, avatar } = message;
      for (const conn of conns) {
        if (conn.user?.id === message.userId) Object.assign(conn.user, { nickName, avatar });
      }
    } else if (message.kind === 'content' || message.kind === 'frame') {
      // Not for sockets: the newsroom's readers (server/content/published.ts) and the room
      // cards' frames (server/media/frames.ts) follow them.
      return;
    } else if (message.kind === 'roomUsers') {
      const members = rooms.members(roomKey(message.anchorId));
      if (members.size === 0) return;
      const byUser = new Map(message.frames.map((f) => [f.userId, f.frame]));
      for (const member of members) {
        const frame = member.user ? byUser.get(member.user.id) : undefined;
        if (frame) member.send(frame);
      }
    } else {
      for (const conn of conns) {
        const hit =
          (message.tokenHash && conn.tokenHash === message.tokenHash) ||
          (message.userId !== undefined &&
            (conn.user?.id === message.userId || conn.inboxUser === message.userId));
        if (!hit) continue;
        conn.send({ type: SERVER_FRAME.kicked, data: {} });
        conn.ws.close(KICKED_CLOSE, 'session revoked');
      }
    }
  };
}
