/**
 * Staff channels, the system conversation, platform notices and dynamics (docs/messaging.md):
 * /api/mgrChat/getHistory, read (spec §7) and our send; /api/systemMessage/getHistory, read;
 * /api/admin/notice (administrators); /api/anchor/dynamic (anchors) and /api/anchor/dynamics.
 */
import { Hono, type Context } from 'hono';
import { SYSTEM_KIND } from '../../lib/messaging/types.ts';
import {
  dynamicRequest,
  dynamicsRequest,
  mgrHistoryRequest,
  mgrReadRequest,
  mgrSendRequest,
  noticeRequest,
  systemHistoryRequest,
} from '../../lib/validation/messaging.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { ROLE } from '../db/schema.ts';
import { checkSend, isStoredImage, peopleOf } from './common.ts';
import { listDynamics, postDynamic } from './dynamics.ts';
import { readStaff, sendStaff, staffHistory, staffSide } from './staff.ts';
import { readSystem, sendSystem, systemHistory } from './system.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { messagingApi } from '../../lib/messaging/api.ts';

const READS = ['GET', 'POST'] as const;
const reads = rateLimit('messaging.staff.reads', 240, 60_000);
/** Dynamics per anchor per hour, notices per administrator per minute. */
const posts = rateLimit('messaging.staff.posts', 10, 3_600_000);
const notices = rateLimit('messaging.staff.notices', 10, 60_000);

async function reader(c: Context<ApiEnv>) {
  const user = c.get('user')!;
  await reads.enforce(c.get('rt'), String(user.id));
  return user;
}

/** The prefix app.ts mounts mgrChatRoutes under. */
export const MGR_CHAT_MOUNT = '/api/mgrChat';

/** Staff-channel routes, mounted under /api/mgrChat. */
export const mgrChatRoutes = new Hono<ApiEnv>()
  .use('*', requireUser)
  .on(...routeOf(MGR_CHAT_MOUNT, messagingApi.staffHistory, READS), async (c) => {
    const { user_id, limit, page } = await input(c, mgrHistoryRequest);
    const db = c.get('rt').db;
    await staffSide(db, await reader(c), user_id);
    return ok(c, { mgr_chat_history: await staffHistory(db, user_id, page, limit), page, limit });
  })
  .on(...routeOf(MGR_CHAT_MOUNT, messagingApi.readStaff), async (c) => {
    const { user_id } = await input(c, mgrReadRequest);
    const user = await reader(c);
    const { db, bus } = c.get('rt');
    await readStaff(db, bus, user.id, user_id, await staffSide(db, user, user_id));
    return ok(c, null);
  })
  .on(...routeOf(MGR_CHAT_MOUNT, messagingApi.sendStaff), async (c) => {
    const { user_id, content } = await input(c, mgrSendRequest);
    if (!content) throw new ApiError('validation.required');
    const user = c.get('user')!;
    const { db, bus } = c.get('rt');
    const side = await staffSide(db, user, user_id);
    await checkSend(c.get('rt'), user.id, `m${user_id}`, content, false);
    return ok(c, await sendStaff(db, bus, user.id, user_id, side, content));
  });

/** The prefix app.ts mounts systemMessageRoutes under. */
export const SYSTEM_MESSAGE_MOUNT = '/api/systemMessage';

/** System conversation routes, mounted under /api/systemMessage. */
export const systemMessageRoutes = new Hono<ApiEnv>()
  .use('*', requireUser)
  .on(...routeOf(SYSTEM_MESSAGE_MOUNT, messagingApi.systemHistory, READS), async (c) => {
    const { page, limit } = await input(c, systemHistoryRequest);
    return ok(c, {
      list: await systemHistory(c.get('rt').db, (await reader(c)).id, page, limit),
      page,
      limit,
    });
  })
  .on(...routeOf(SYSTEM_MESSAGE_MOUNT, messagingApi.readSystem), async (c) => {
    const { db, bus } = c.get('rt');
    await readSystem(db, bus, (await reader(c)).id);
    return ok(c, null);
  });

/** The prefix app.ts mounts noticeRoutes under. */
export const NOTICE_MOUNT = '/api/admin';

/** Platform notices, mounted under /api/admin. */
export const noticeRoutes = new Hono<ApiEnv>().on(
  ...routeOf(NOTICE_MOUNT, messagingApi.notice),
  requireUser,
  async (c) => {
    const { user_id, content } = await input(c, noticeRequest);
    const user = c.get('user')!;
    if (user.role !== ROLE.admin) throw new ApiError('anchorApply.errors.adminOnly');
    if (!content) throw new ApiError('validation.required');
    await notices.enforce(c.get('rt'), String(user.id));
    const { db, bus } = c.get('rt');
    if (user_id !== undefined && (await peopleOf(db, [user_id])).size === 0) {
      throw new ApiError('messaging.errors.noUser');
    }
    return ok(
      c,
      await sendSystem(db, bus, { userId: user_id ?? null, kind: SYSTEM_KIND.notice, content }),
    );
  },
);

/** The prefix app.ts mounts dynamicRoutes under. */
export const DYNAMIC_MOUNT = '/api/anchor';

/** Dynamics, mounted under /api/anchor. */
export const dynamicRoutes = new Hono<ApiEnv>()
  .on(...routeOf(DYNAMIC_MOUNT, messagingApi.postDynamic), requireUser, async (c) => {
    const { content, images } = await input(c, dynamicRequest);
    if (!content && images.length === 0) throw new ApiError('validation.required');
    const { db, bus } = c.get('rt');
    const stored = await Promise.all(images.map((url) => isStoredImage(db, url)));
    if (stored.includes(false)) throw new ApiError('messaging.errors.badImage');
    const user = c.get('user')!;
    await checkSend(c.get('rt'), user.id, 'dynamic', content, images.length > 0);
    await posts.enforce(c.get('rt'), String(user.id));
    return ok(c, await postDynamic(db, bus, user.id, content, images));
  })
  .on(...routeOf(DYNAMIC_MOUNT, messagingApi.dynamics), async (c) => {
    const { anchorId, page } = await input(c, dynamicsRequest);
    return ok(c, { list: await listDynamics(c.get('rt').db, anchorId, page), page });
  });
