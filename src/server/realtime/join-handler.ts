/**
 * Joining a room: `login` (users) and `first` (guests) check the signature and the room's ticket,
 * join the socket to the room and answer `loginRep` (history, the room's quizzes, the joiner's
 * rights and ban, announcement, heat and whether it is live); the room hears `enter` for a user. `logout` leaves it.
 */
import { REALTIME_ERROR, SERVER_FRAME, type EnterData } from '../../lib/realtime/protocol/index.ts';
import { readUserSig } from '../auth/usersig.ts';
import { activeBanUntil } from '../live/chat-bans.ts';
import { canModerate, findRoom, profileForSession } from '../live/chat.ts';
import { hasEntry, ticketedLive } from '../live/tickets.ts';
import type { Connection } from './connection.ts';
import { roomKey, type RoomContext } from './room-handlers.ts';
import { CLIENT_FRAME_SCHEMAS } from '../../lib/realtime/protocol/schemas.ts';
import { loginRepFrame } from './room-snapshot.ts';
import { noteVisit } from '../users/watch-history.ts';

/** login (users) and first (guests): checks the signature, joins the room, replies loginRep. */
export async function handleJoin(
  ctx: RoomContext,
  conn: Connection,
  data: unknown,
  asUser: boolean,
): Promise<void> {
  const parsed = CLIENT_FRAME_SCHEMAS.login.safeParse(data);
  const proof = parsed.success
    ? readUserSig(ctx.rt.env.secret, parsed.data.id, parsed.data.sig)
    : null;
  if (!parsed.success || !proof || asUser !== Boolean(proof.session)) {
    conn.fail(REALTIME_ERROR.loginFailed, 'liveChat.errors.authFailed');
    return;
  }
  const { db } = ctx.rt;
  const anchorId = Number(parsed.data.groupId);
  const userId = asUser ? Number(parsed.data.id) : 0;
  const [profile, room] = await Promise.all([
    asUser ? profileForSession(db, userId, proof.session) : Promise.resolve(undefined),
    findRoom(db, anchorId),
  ]);
  if (profile === null) {
    conn.fail(REALTIME_ERROR.loginFailed, 'liveChat.errors.authFailed');
    return;
  }
  if (!room) {
    conn.fail(REALTIME_ERROR.noRoom, 'liveChat.errors.noRoom');
    return;
  }
  const snapshot = await ctx.snapshots.get(anchorId);
  const { moderators } = snapshot;
  const isManager = profile ? canModerate(profile, moderators) : false;
  // A live ticket room admits its staff and holders of an entry to this live, nobody else.
  const live = ticketedLive(room);
  if (live && !isManager) {
    const entered = profile ? await hasEntry(db, profile.id, anchorId, live) : false;
    if (!entered) {
      conn.fail(
        REALTIME_ERROR.ticketRequired,
        profile ? 'liveRoom.ticket.required' : 'liveRoom.ticket.loginFirst',
      );
      return;
    }
  }
  const [ban, guess, chatModes] = await Promise.all([
    profile ? activeBanUntil(db, anchorId, profile.id) : undefined,
    ctx.quiz.guessFor(anchorId, profile?.id),
    ctx.modes.get(anchorId),
  ]);
  if (conn.ws.readyState !== conn.ws.OPEN) return;
  if (conn.room !== undefined) ctx.rooms.leave(roomKey(conn.room), conn);
  conn.chatId = parsed.data.id;
  conn.user = profile;
  conn.tokenHash = proof.session;
  conn.room = anchorId;
  conn.isManager = isManager;
  conn.bannedUntil = ban === undefined ? undefined : ban === null ? null : ban.getTime();
  ctx.rooms.join(roomKey(anchorId), conn);
  ctx.stats.viewer({
    anchorId,
    viewerKey: profile ? `u:${profile.id}` : `g:${parsed.data.id}`,
    at: new Date(),
  });
  conn.sendRaw(
    loginRepFrame(snapshot, {
      guess,
      login: {
        id: parsed.data.id,
        guest: !profile,
        is_manager: conn.isManager,
        ...(conn.bannedUntil !== undefined ? { banned_until: conn.bannedUntil } : {}),
      },
      announcement: room.announcement,
      chat_modes: chatModes,
      heat: room.heat,
      // A room that went live while this viewer was still connecting is live for them at once,
      // not at the next heat report.
      status: room.isLive ? 1 : 0,
    }),
  );
  if (profile) {
    if (profile.id !== anchorId) noteVisit(ctx.rt.db, profile.id, anchorId, { kind: 1 });
    const enter: EnterData = {
      user_id: profile.id,
      from_client_name: profile.nickName,
      avatar: profile.avatar,
      level: profile.level,
      vip_level: profile.vipLevel,
      role: profile.role,
    };
    ctx.rt.bus.publish({
      kind: 'room',
      anchorId,
      frame: { type: SERVER_FRAME.enter, data: enter },
    });
  }
}

/** Leaves the joined room, if any. */
export function handleLeave(ctx: RoomContext, conn: Connection): void {
  if (conn.room !== undefined) ctx.rooms.leave(roomKey(conn.room), conn);
  conn.room = undefined;
  conn.isManager = false;
}
