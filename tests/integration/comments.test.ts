/** Comment management over the API: managers only; messages with deletions; bans and unban. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_STATUS } from '../../src/lib/api/envelope.ts';
import { SERVER_FRAME } from '../../src/lib/realtime/protocol/index.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { banUser } from '../../src/server/live/chat-bans.ts';
import { deleteMessage, saveMessage } from '../../src/server/live/chat-messages.ts';
import type { BusMessage } from '../../src/server/shared/bus.ts';
import { bearer } from './auth-helpers.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';

const ANCHOR = 100003;
const profile = { id: 100001, nickName: 'SkyRider', avatar: '', level: 5, vipLevel: 0, role: 1 };

describe.each(DB_KINDS)('comment management (%s)', (kind) => {
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;
  const as = async (id: number) => ({
    ...bearer(await createSession(t.rt.db, id, `d${id}`)),
    'device-info': `d${id}`,
    lang: 'en',
  });
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = createApi(t.rt);
    const kept = await saveMessage(t.rt.db, {
      anchorId: ANCHOR,
      profile,
      isManager: false,
      content: 'kept message',
    });
    const gone = await saveMessage(t.rt.db, {
      anchorId: ANCHOR,
      profile,
      isManager: false,
      content: 'deleted message',
    });
    await deleteMessage(t.rt.db, ANCHOR, gone.id);
    expect(kept.id).toBeLessThan(gone.id);
    await banUser(t.rt.db, {
      anchorId: ANCHOR,
      userId: 100001,
      reason: 'abuse',
      until: null,
      byUserId: 100004,
    });
  }, 60_000);
  afterAll(async () => t?.dispose());

  it('refuses viewers and anchors of other rooms', async () => {
    for (const id of [100001, 100006]) {
      const res = await callApi(
        api,
        'GET',
        `/api/live/comments?anchor_id=${ANCHOR}`,
        undefined,
        await as(id),
      );
      expect(res).toMatchObject({
        status: API_STATUS.error,
        msg: 'You are not allowed to do this',
      });
    }
    const guest = await callApi(api, 'GET', `/api/live/comments?anchor_id=${ANCHOR}`);
    expect(guest.status).toBe(API_STATUS.unauthorized);
  });

  it('lists messages (deleted ones marked) and bans for the anchor, managers and admins', async () => {
    for (const id of [ANCHOR, 100004, 100005]) {
      const res = await callApi<{
        messages: { content: string; deleted: boolean }[];
        bans: { user_id: number; until: null }[];
      }>(api, 'GET', `/api/live/comments?anchor_id=${ANCHOR}`, undefined, await as(id));
      expect(res.status).toBe(API_STATUS.ok);
      expect(res.data.messages.slice(0, 2)).toMatchObject([
        { content: 'deleted message', deleted: true },
        { content: 'kept message', deleted: false },
      ]);
      expect(res.data.bans).toMatchObject([{ user_id: 100001, until: null }]);
    }
  });

  it('lifts a ban once and tells the room', async () => {
    const seen: BusMessage[] = [];
    const stop = t.rt.bus.subscribe((m) => seen.push(m));
    const manager = await as(100004);
    const res = await callApi(
      api,
      'POST',
      '/api/live/unban',
      { anchor_id: ANCHOR, uid: 100001 },
      manager,
    );
    expect(res.status).toBe(API_STATUS.ok);
    expect(seen).toContainEqual({
      kind: 'room',
      anchorId: ANCHOR,
      frame: { type: SERVER_FRAME.unbannedUser, data: { uid: 100001 } },
    });
    const again = await callApi(
      api,
      'POST',
      '/api/live/unban',
      { anchor_id: ANCHOR, uid: 100001 },
      manager,
    );
    expect(again).toMatchObject({ status: API_STATUS.error, msg: 'This user is not banned' });
    stop();
  });

  it('lists the rooms each caller moderates: own first, managed ones, all for admins', async () => {
    const rooms = async (id: number) =>
      (
        await callApi<{ anchor_id: number; own: number }[]>(
          api,
          'GET',
          '/api/live/managed_rooms',
          undefined,
          await as(id),
        )
      ).data;
    expect(await rooms(100001)).toEqual([]);
    expect((await rooms(100004)).map((r) => r.anchor_id)).toContain(ANCHOR);
    const own = await rooms(ANCHOR);
    expect(own[0]).toMatchObject({ anchor_id: ANCHOR, own: 1 });
    expect((await rooms(100005)).length).toBeGreaterThan(1);
  });

  it('deletes a message once, for the room, and only for moderators', async () => {
    const msg = await saveMessage(t.rt.db, {
      anchorId: ANCHOR,
      profile,
      isManager: false,
      content: 'spam to remove',
    });
    const seen: BusMessage[] = [];
    const stop = t.rt.bus.subscribe((m) => seen.push(m));
    const body = { anchor_id: ANCHOR, id: msg.id };
    const viewer = await callApi(api, 'POST', '/api/live/delete_comment', body, await as(100001));
    expect(viewer).toMatchObject({
      status: API_STATUS.error,
      msg: 'You are not allowed to do this',
    });
    const manager = await as(100004);
    expect((await callApi(api, 'POST', '/api/live/delete_comment', body, manager)).status).toBe(
      API_STATUS.ok,
    );
    expect(seen).toContainEqual({
      kind: 'room',
      anchorId: ANCHOR,
      frame: { type: SERVER_FRAME.deleteMsg, data: { id: msg.id } },
    });
    const again = await callApi(api, 'POST', '/api/live/delete_comment', body, manager);
    expect(again.status).toBe(API_STATUS.error);
    const bad = await callApi(
      api,
      'POST',
      '/api/live/delete_comment',
      { anchor_id: ANCHOR, id: 'x' },
      manager,
    );
    expect(bad.status).toBe(API_STATUS.error);
    stop();
  });

  it('sets the announcement and contacts for moderators only, and tells the room', async () => {
    const seen: BusMessage[] = [];
    const stop = t.rt.bus.subscribe((m) => seen.push(m));
    const body = {
      anchor_id: ANCHOR,
      content: '  Derby night: kick-off 20:00, be kind in chat  ',
      contact: [{ title: 'WeChat', value: 'laok_football' }],
    };
    const refused = await callApi(
      api,
      'POST',
      '/api/live/room_announcement',
      body,
      await as(100001),
    );
    expect(refused).toMatchObject({
      status: API_STATUS.error,
      msg: 'You are not allowed to do this',
    });

    const manager = await as(100004);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...body, content: 'x'.repeat(201) }, 'At most 200 characters'],
      [{ ...body, contact: Array(6).fill({ title: 'QQ', value: '1' }) }, 'At most 5 contacts'],
      [{ ...body, contact: [{ title: ' ', value: 'x' }] }, 'Input can not be empty'],
    ];
    for (const [input, msg] of bad) {
      const res = await callApi(api, 'POST', '/api/live/room_announcement', input, manager);
      expect(res, msg).toMatchObject({ status: API_STATUS.error, msg });
    }
    expect(seen).toHaveLength(0);

    const res = await callApi(api, 'POST', '/api/live/room_announcement', body, manager);
    expect(res.status).toBe(API_STATUS.ok);
    const announcement = {
      content: 'Derby night: kick-off 20:00, be kind in chat',
      contact: [{ title: 'WeChat', value: 'laok_football' }],
    };
    expect(seen).toEqual([
      {
        kind: 'room',
        anchorId: ANCHOR,
        frame: { type: SERVER_FRAME.announcement, data: { room_id: ANCHOR, ...announcement } },
      },
    ]);
    const listed = await callApi<{ announcement: unknown }>(
      api,
      'GET',
      `/api/live/comments?anchor_id=${ANCHOR}`,
      undefined,
      await as(ANCHOR),
    );
    expect(listed.data.announcement).toEqual(announcement);
    stop();
  });

  it('serves the chat config', async () => {
    const res = await callApi<{ total_trigger: number; toggle_link_set: number }>(
      api,
      'POST',
      '/api/live/chat_config',
    );
    expect(res.data).toMatchObject({ total_trigger: 3, toggle_link_set: 1 });
  });
});
