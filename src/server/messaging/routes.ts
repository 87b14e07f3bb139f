/**
 * Fan-group and private-chat calls (spec §7 paths and fields; docs/messaging.md):
 * /api/groupChat/getAnchorProfile, addToGroupChat, getGroupInfo, getHistory, getChatList, read,
 * and our send and moderate; /api/privateChat/getRecordDetail, read, and our send. Reads answer
 * GET and POST alike. Every call but getAnchorProfile needs a login.
 */
import { Hono, type Context } from 'hono';
import {
  anchorProfileRequest,
  groupHistoryRequest,
  groupModerateRequest,
  groupReadRequest,
  groupRequest,
  groupSendRequest,
  privateReadRequest,
  privateSendRequest,
  recordDetailRequest,
} from '../../lib/validation/messaging.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { chatList } from './chat-list.ts';
import { checkSend, isAdmin, isStoredImage } from './common.ts';
import {
  anchorProfile,
  groupHistory,
  groupInfo,
  joinGroup,
  readGroup,
  sendGroupMessage,
} from './groups.ts';
import { moderateGroup } from './moderation.ts';
import { pairOf, privateRecords, readPrivate, sendPrivate } from './private.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { messagingApi } from '../../lib/messaging/api.ts';

const READS = ['GET', 'POST'] as const;
/** Reads per user per minute: paging back through history is a few a second at most. */
const reads = rateLimit('messaging.reads', 240, 60_000);
/** Moderation acts per user per minute. */
const acts = rateLimit('messaging.acts', 60, 60_000);

/** The caller (logged in), after the read budget. */
async function reader(c: Context<ApiEnv>) {
  const user = c.get('user')!;
  await reads.enforce(c.get('rt'), String(user.id));
  return user;
}

/** A message's text and image, checked: a stored upload, and some text or an image. */
async function messageBody<B extends { content: string; img_url: string }>(
  c: Context<ApiEnv>,
  body: B,
): Promise<B> {
  if (body.img_url && !(await isStoredImage(c.get('rt').db, body.img_url))) {
    throw new ApiError('messaging.errors.badImage');
  }
  if (!body.content && !body.img_url) throw new ApiError('validation.required');
  return body;
}

/** The prefix app.ts mounts groupChatRoutes under. */
export const GROUP_CHAT_MOUNT = '/api/groupChat';

/** Fan-group routes, mounted under /api/groupChat. */
export const groupChatRoutes = new Hono<ApiEnv>()
  .on(...routeOf(GROUP_CHAT_MOUNT, messagingApi.anchorProfile, READS), async (c) => {
    const { anchorId } = await input(c, anchorProfileRequest);
    return ok(c, await anchorProfile(c.get('rt').db, anchorId, c.get('user')?.id ?? null));
  })
  .on(...routeOf(GROUP_CHAT_MOUNT, messagingApi.join), requireUser, async (c) => {
    const { group_id } = await input(c, groupRequest);
    const user = await reader(c);
    const { db, bus } = c.get('rt');
    const { joined } = await joinGroup(db, bus, group_id, user.id);
    return ok(c, { msg: c.get('t')(joined ? 'messaging.joined' : 'messaging.alreadyJoined') });
  })
  .on(...routeOf(GROUP_CHAT_MOUNT, messagingApi.groupInfo, READS), requireUser, async (c) => {
    const { group_id } = await input(c, groupRequest);
    return ok(c, await groupInfo(c.get('rt').db, group_id, await reader(c)));
  })
  .on(...routeOf(GROUP_CHAT_MOUNT, messagingApi.groupHistory, READS), requireUser, async (c) => {
    const { group_id, limit, page } = await input(c, groupHistoryRequest);
    const list = await groupHistory(c.get('rt').db, group_id, (await reader(c)).id, page, limit);
    return ok(c, { FansGroupHistory: list, page, limit });
  })
  .on(...routeOf(GROUP_CHAT_MOUNT, messagingApi.chatList, READS), requireUser, async (c) => {
    const user = await reader(c);
    return ok(c, { chat_list: await chatList(c.get('rt').db, user.id, isAdmin(user)) });
  })
  .on(...routeOf(GROUP_CHAT_MOUNT, messagingApi.readGroup), requireUser, async (c) => {
    const { fans_group_id } = await input(c, groupReadRequest);
    const { db, bus } = c.get('rt');
    await readGroup(db, bus, fans_group_id, (await reader(c)).id);
    return ok(c, null);
  })
  .on(...routeOf(GROUP_CHAT_MOUNT, messagingApi.sendGroup), requireUser, async (c) => {
    const body = await messageBody(c, await input(c, groupSendRequest));
    const user = c.get('user')!;
    const { db, bus } = c.get('rt');
    await checkSend(c.get('rt'), user.id, `g${body.group_id}`, body.content, Boolean(body.img_url));
    return ok(
      c,
      await sendGroupMessage(db, bus, body.group_id, user.id, body.content, body.img_url),
    );
  })
  .on(...routeOf(GROUP_CHAT_MOUNT, messagingApi.moderate), requireUser, async (c) => {
    const request = await input(c, groupModerateRequest);
    const user = c.get('user')!;
    await acts.enforce(c.get('rt'), String(user.id));
    const { db, bus } = c.get('rt');
    const { group_id, ...action } = request;
    return ok(c, await moderateGroup(db, bus, group_id, user, action));
  });

/** The prefix app.ts mounts privateChatRoutes under. */
export const PRIVATE_CHAT_MOUNT = '/api/privateChat';

/** Private-chat routes, mounted under /api/privateChat. */
export const privateChatRoutes = new Hono<ApiEnv>()
  .use('*', requireUser)
  .on(...routeOf(PRIVATE_CHAT_MOUNT, messagingApi.privateRecords, READS), async (c) => {
    const request = await input(c, recordDetailRequest);
    const user = await reader(c);
    const pair = pairOf(user.id, request.anchor_id, request.user_id);
    const records = await privateRecords(c.get('rt').db, pair, request.page, request.size);
    return ok(c, { ...records, page: request.page, size: request.size });
  })
  .on(...routeOf(PRIVATE_CHAT_MOUNT, messagingApi.readPrivate), async (c) => {
    const request = await input(c, privateReadRequest);
    const user = await reader(c);
    const { db, bus } = c.get('rt');
    await readPrivate(db, bus, user.id, pairOf(user.id, request.anchor_id, request.user_id));
    return ok(c, null);
  })
  .on(...routeOf(PRIVATE_CHAT_MOUNT, messagingApi.sendPrivate), async (c) => {
    const request = await input(c, privateSendRequest);
    const body = await messageBody(c, request);
    const user = c.get('user')!;
    const pair = pairOf(user.id, request.anchor_id, request.user_id);
    const { db, bus } = c.get('rt');
    await checkSend(
      c.get('rt'),
      user.id,
      `p${pair.anchorId}:${pair.userId}`,
      body.content,
      Boolean(body.img_url),
    );
    return ok(c, await sendPrivate(db, bus, user.id, pair, body.content, body.img_url));
  });
