/**
 * The inbox on the hub: `inbox` { id, sig } opens a logged-in user's inbox on a socket, on any
 * page. The socket then hears its user's frames (key `u:<id>`), the fan groups they belong to
 * (`g:<group>`), messages to everyone (`all`) and, for administrators, the staff side of staff
 * channels (`staff`). Bus `inbox` messages are delivered here, membership changes first.
 */
import { CLIENT_FRAME_SCHEMAS } from '../../lib/realtime/protocol/schemas.ts';
import { REALTIME_ERROR, SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { readUserSig } from '../auth/usersig.ts';
import { ROLE } from '../db/schema.ts';
import { profileForSession } from '../live/chat.ts';
import { unreadCounts } from '../messaging/chat-list.ts';
import { groupIdsOf } from '../messaging/groups.ts';
import type { BusMessage } from '../shared/bus.ts';
import type { Connection } from './connection.ts';
import type { RoomContext } from './room-handlers.ts';

const userKey = (id: number) => `u:${id}`;
const groupKey = (id: number) => `g:${id}`;
const EVERYONE = 'all';
const STAFF = 'staff';

function joinKey(ctx: RoomContext, conn: Connection, key: string): void {
  (conn.inboxKeys ??= new Set()).add(key);
  ctx.rooms.join(key, conn);
}

function leaveKey(ctx: RoomContext, conn: Connection, key: string): void {
  conn.inboxKeys?.delete(key);
  ctx.rooms.leave(key, conn);
}

/** inbox: checks the signature (users only) and subscribes the socket; replies inboxRep with the unread counts. */
export async function handleInbox(
  ctx: RoomContext,
  conn: Connection,
  data: unknown,
): Promise<void> {
  const parsed = CLIENT_FRAME_SCHEMAS.inbox.safeParse(data);
  const proof = parsed.success
    ? readUserSig(ctx.rt.env.secret, parsed.data.id, parsed.data.sig)
    : null;
  if (!parsed.success || !proof?.session) {
    conn.fail(REALTIME_ERROR.loginFailed, 'liveChat.errors.authFailed');
    return;
  }
  const userId = Number(parsed.data.id);
  // Open already: a repeated frame costs no queries (a page opens its inbox once).
  if (conn.inboxUser === userId) return;
  const { db } = ctx.rt;
  const profile = await profileForSession(db, userId, proof.session);
  if (!profile) {
    conn.fail(REALTIME_ERROR.loginFailed, 'liveChat.errors.authFailed');
    return;
  }
  const [groups, counts] = await Promise.all([
    groupIdsOf(db, userId),
    unreadCounts(db, userId, profile.role === ROLE.admin),
  ]);
  if (conn.ws.readyState !== conn.ws.OPEN) return;
  closeInbox(ctx, conn);
  conn.inboxUser = userId;
  if (!conn.tokenHash) conn.tokenHash = proof.session;
  joinKey(ctx, conn, userKey(userId));
  joinKey(ctx, conn, EVERYONE);
  if (profile.role === ROLE.admin) joinKey(ctx, conn, STAFF);
  for (const id of groups) joinKey(ctx, conn, groupKey(id));
  conn.send({ type: SERVER_FRAME.inboxRep, data: { counts, groups } });
}

/** Unsubscribes the socket's inbox (on close or a second inbox frame). */
export function closeInbox(ctx: RoomContext, conn: Connection): void {
  if (conn.inboxKeys) for (const key of [...conn.inboxKeys]) leaveKey(ctx, conn, key);
  conn.inboxKeys = undefined;
  conn.inboxUser = undefined;
}

/** Delivers a bus `inbox` message to this process's sockets. */
export function deliverInbox(
  ctx: RoomContext,
  message: Extract<BusMessage, { kind: 'inbox' }>,
): void {
  const { membership, frame, to } = message;
  if (membership) {
    for (const conn of [...ctx.rooms.members(userKey(membership.userId))] as Connection[]) {
      if (membership.joined) joinKey(ctx, conn, groupKey(membership.groupId));
      else if (!frame) leaveKey(ctx, conn, groupKey(membership.groupId));
    }
  }
  if (frame) {
    if ('users' in to) for (const id of to.users) ctx.rooms.deliver(userKey(id), frame);
    else if ('group' in to) ctx.rooms.deliver(groupKey(to.group), frame);
    else if ('staff' in to) ctx.rooms.deliver(STAFF, frame);
    else ctx.rooms.deliver(EVERYONE, frame);
  }
  // A member who leaves hears the frame about it first (delivered within the tick), then no more.
  if (membership && !membership.joined && frame) {
    for (const conn of [...ctx.rooms.members(userKey(membership.userId))] as Connection[]) {
      leaveKey(ctx, conn, groupKey(membership.groupId));
    }
  }
}
