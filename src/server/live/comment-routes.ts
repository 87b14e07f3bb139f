/**
 * Comment management for anchors, their managers and administrators: the rooms the caller
 * moderates (GET /api/live/managed_rooms), a room's latest messages and active bans
 * (GET /api/live/comments), deleting a message (POST /api/live/delete_comment), lifting a ban
 * (POST /api/live/unban), setting the announcement and contacts (POST
 * /api/live/room_announcement), and the chat config the chat box applies (GET or POST
 * /api/live/chat_config). Deletions, unbans and announcements reach the room's viewers at once
 * over the bus.
 */
import { forgetSpeaker } from './speakers.ts';
import { desc, eq, inArray, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { announcementSchema } from '../../lib/live/announcement.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import type { Db } from '../db/index.ts';
import { liveRooms, ROLE, roomManagers, users } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { input } from '../http/validate.ts';
import { activeBans, liftBans, profilesOf } from './chat-bans.ts';
import { deleteMessage, messagesForManagers } from './chat-messages.ts';
import { canModerate, loadChatConfig, roomModerators, setAnnouncement } from './chat.ts';
import type { Context } from 'hono';
import { routeOf } from '../http/endpoint-routes.ts';
import { commentsApi } from '../../lib/comments/api.ts';

const roomQuery = z.object({
  anchor_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const unbanRequest = roomQuery.extend({
  uid: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

const deleteRequest = roomQuery.extend({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** Rooms an administrator sees in the picker at most (the busiest first). */
const ADMIN_ROOM_LIMIT = 50;

/** Rooms `userId` moderates: their own, those they manage, and for administrators the busiest. */
async function managedRooms(db: Db, userId: number, role: number) {
  const manages = db
    .select({ anchorId: roomManagers.anchorId })
    .from(roomManagers)
    .where(eq(roomManagers.userId, userId));
  const rows = await db
    .select({
      anchorId: liveRooms.anchorId,
      title: liveRooms.title,
      isLive: liveRooms.isLive,
      nickName: users.nickName,
    })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(
      role === ROLE.admin
        ? undefined
        : or(eq(liveRooms.anchorId, userId), inArray(liveRooms.anchorId, manages)),
    )
    .orderBy(desc(liveRooms.isLive), desc(liveRooms.heat))
    .limit(ADMIN_ROOM_LIMIT);
  return rows.sort((a, b) => Number(b.anchorId === userId) - Number(a.anchorId === userId));
}

/** Throws unless the caller moderates room `anchorId`. */
async function requireModerator(c: Context<ApiEnv>, anchorId: number): Promise<number> {
  const { db } = c.get('rt');
  const userId = c.get('user')!.id;
  const [profile, moderators] = await Promise.all([
    profilesOf(db, [userId]).then((m) => m.get(userId)),
    roomModerators(db, anchorId),
  ]);
  if (!profile || !canModerate(profile, moderators)) {
    throw new ApiError('liveChat.errors.forbidden');
  }
  return userId;
}

/** The prefix app.ts mounts commentRoutes under. */
export const COMMENT_MOUNT = '/api/live';

/** Comment management routes, mounted under /api/live. */
export const commentRoutes = new Hono<ApiEnv>()
  .on(...routeOf(COMMENT_MOUNT, commentsApi.managedRooms), requireUser, async (c) => {
    const { db } = c.get('rt');
    const user = c.get('user')!;
    const rows = await managedRooms(db, user.id, user.role);
    return ok(
      c,
      rows.map((r) => ({
        anchor_id: r.anchorId,
        nick_name: r.nickName,
        title: r.title,
        is_live: r.isLive ? 1 : 0,
        own: r.anchorId === user.id ? 1 : 0,
      })),
    );
  })
  .on(...routeOf(COMMENT_MOUNT, commentsApi.comments), requireUser, async (c) => {
    const parsed = roomQuery.safeParse({ anchor_id: c.req.query('anchor_id') });
    if (!parsed.success) throw new ApiError('errors.badRequest');
    const anchorId = parsed.data.anchor_id;
    await requireModerator(c, anchorId);
    const { db } = c.get('rt');
    const [messages, bans, [room]] = await Promise.all([
      messagesForManagers(db, anchorId),
      activeBans(db, anchorId),
      db
        .select({ content: liveRooms.announcement, contact: liveRooms.contacts })
        .from(liveRooms)
        .where(eq(liveRooms.anchorId, anchorId)),
    ]);
    return ok(c, {
      announcement: room ?? { content: '', contact: [] },
      messages: messages.map((m) => ({
        id: m.id,
        user_id: m.userId,
        nick_name: m.nickName,
        content: m.content,
        time: m.createdAt.getTime(),
        deleted: m.deletedAt !== null,
      })),
      bans: bans.map((b) => ({
        id: b.id,
        user_id: b.userId,
        nick_name: b.nickName,
        reason: b.reason,
        until: b.until ? b.until.getTime() : null,
        time: b.createdAt.getTime(),
      })),
    });
  })
  .on(...routeOf(COMMENT_MOUNT, commentsApi.deleteComment), requireUser, async (c) => {
    const { anchor_id: anchorId, id } = await input(c, deleteRequest);
    await requireModerator(c, anchorId);
    const { db, bus } = c.get('rt');
    if (!(await deleteMessage(db, anchorId, id)))
      throw new ApiError('liveChat.errors.deleteFailed');
    bus.publish({ kind: 'room', anchorId, frame: { type: SERVER_FRAME.deleteMsg, data: { id } } });
    return ok(c, null);
  })
  .on(...routeOf(COMMENT_MOUNT, commentsApi.unban), requireUser, async (c) => {
    const { anchor_id: anchorId, uid } = await input(c, unbanRequest);
    await requireModerator(c, anchorId);
    const { db, bus, shared } = c.get('rt');
    if (!(await liftBans(db, anchorId, uid))) throw new ApiError('liveChat.errors.notBanned');
    await forgetSpeaker(shared, anchorId, uid);
    bus.publish({
      kind: 'room',
      anchorId,
      frame: { type: SERVER_FRAME.unbannedUser, data: { uid } },
    });
    return ok(c, null);
  })
  .on(...routeOf(COMMENT_MOUNT, commentsApi.roomAnnouncement), requireUser, async (c) => {
    const { anchor_id: anchorId, ...announcement } = await input(
      c,
      roomQuery.and(announcementSchema),
    );
    await requireModerator(c, anchorId);
    const { db, bus } = c.get('rt');
    await setAnnouncement(db, anchorId, announcement.content, announcement.contact);
    bus.publish({
      kind: 'room',
      anchorId,
      frame: { type: SERVER_FRAME.announcement, data: { room_id: anchorId, ...announcement } },
    });
    return ok(c, announcement);
  })
  .on(['GET', 'POST'], '/chat_config', async (c) => ok(c, await loadChatConfig(c.get('rt').db)));
