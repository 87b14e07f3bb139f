/**
 * Comment management for anchors, their managers and administrators: the room's latest messages
 * and active bans (GET /api/live/comments), lifting a ban (POST /api/live/unban), and the chat
 * config the chat box applies (GET or POST /api/live/chat_config).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { SERVER_FRAME } from '../../lib/realtime/protocol.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { input } from '../http/validate.ts';
import {
  activeBans,
  canModerate,
  liftBans,
  loadChatConfig,
  messagesForManagers,
  profilesOf,
  roomModerators,
} from './chat.ts';
import type { Context } from 'hono';

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

/** Comment management routes, mounted under /api/live. */
export const commentRoutes = new Hono<ApiEnv>()
  .get('/comments', requireUser, async (c) => {
    const parsed = roomQuery.safeParse({ anchor_id: c.req.query('anchor_id') });
    if (!parsed.success) throw new ApiError('errors.badRequest');
    const anchorId = parsed.data.anchor_id;
    await requireModerator(c, anchorId);
    const { db } = c.get('rt');
    const [messages, bans] = await Promise.all([
      messagesForManagers(db, anchorId),
      activeBans(db, anchorId),
    ]);
    return ok(c, {
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
  .post('/unban', requireUser, async (c) => {
    const { anchor_id: anchorId, uid } = await input(c, unbanRequest);
    await requireModerator(c, anchorId);
    const { db, bus } = c.get('rt');
    if (!(await liftBans(db, anchorId, uid))) throw new ApiError('liveChat.errors.notBanned');
    bus.publish({
      kind: 'room',
      anchorId,
      frame: { type: SERVER_FRAME.unbannedUser, data: { uid } },
    });
    return ok(c, null);
  })
  .on(['GET', 'POST'], '/chat_config', async (c) => ok(c, await loadChatConfig(c.get('rt').db)));
