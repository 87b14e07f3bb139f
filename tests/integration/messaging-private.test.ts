/**
 * Private chats, staff channels, the system conversation and go-live alerts: both sides of a
 * conversation and nobody else; unread counts through send, read and a second device; a go-live
 * alert to ten thousand followers from the ingest's hook, once per live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  CHAT_TYPE,
  SYSTEM_KIND,
  type ChatListEntry,
  type PrivateMessage,
  type StaffMessage,
  type SystemMessageView,
} from '../../src/lib/messaging/types.ts';
import { SERVER_FRAME } from '../../src/lib/realtime/protocol/index.ts';
import { createApi } from '../../src/server/app.ts';
import { follows, privateMessages, systemMessages } from '../../src/server/db/schema.ts';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import {
  callApi,
  DB_KINDS,
  LIVE_FORM,
  openTestRuntime,
  userIdByMobile,
  usersWithWallets,
  type TestRuntime,
} from './helpers.ts';
import { headersOf, openInbox } from './messaging-helpers.ts';
import { startHubServer, type HubServer } from './realtime-helpers.ts';
import { until } from './wait.ts';

const ANCHOR = 100003;
const VIEWER = 100001;
const STRANGER = 100002;
const ADMIN = 100005;
/** A demo anchor whose room is offline. */
const OFFLINE_ANCHOR_MOBILE = '13900000012';

describe.each(DB_KINDS)('private chats, staff, system messages (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  let api: ReturnType<typeof createApi>;
  const h: Record<number, Record<string, string>> = {};
  const entry = async (
    who: number,
    type: number,
    where: (e: ChatListEntry) => boolean = () => true,
  ) =>
    (
      await callApi<{ chat_list: ChatListEntry[] }>(
        api,
        'GET',
        '/api/groupChat/getChatList',
        undefined,
        h[who],
      )
    ).data.chat_list.find((e) => e.type === type && where(e));

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    server = await startHubServer(t.rt, { quizClock: false });
    api = createApi(t.rt);
    for (const id of [ANCHOR, VIEWER, STRANGER, ADMIN]) h[id] = await headersOf(t.rt, id);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  it('a viewer writes to an anchor; the anchor answers; both sides count unread and clear it', async () => {
    const anchorInbox = await openInbox(server.wsUrl, t.rt, ANCHOR);
    const viewerPhone = await openInbox(server.wsUrl, t.rt, VIEWER);
    const first = await callApi<PrivateMessage>(
      api,
      'POST',
      '/api/privateChat/send',
      { device_id: 'd1', anchor_id: ANCHOR, content: 'Great stream yesterday!' },
      h[VIEWER],
    );
    expect(first.data).toMatchObject({
      sender_uid: VIEWER,
      anchor_id: ANCHOR,
      user_id: VIEWER,
      img_url: '',
    });
    expect(first.data.send_time).toBeGreaterThan(Date.now() - 60_000);
    const arrived = await anchorInbox.next(SERVER_FRAME.privateMsg);
    expect(arrived.data).toMatchObject({ content: 'Great stream yesterday!' });
    expect((arrived.data as PrivateMessage).anchor_nickname).not.toBe('');
    expect((await anchorInbox.next(SERVER_FRAME.unread)).data).toMatchObject({
      type: CHAT_TYPE.private,
      unread_num: 1,
    });
    expect((await entry(ANCHOR, CHAT_TYPE.private, (e) => e.user_id === VIEWER))?.unread_num).toBe(
      1,
    );
    // The anchor answers from their inbox with the viewer's user_id.
    const reply = await callApi<PrivateMessage>(
      api,
      'POST',
      '/api/privateChat/send',
      { anchor_id: ANCHOR, user_id: VIEWER, content: 'Thanks, see you tonight' },
      h[ANCHOR],
    );
    expect(reply.data).toMatchObject({ sender_uid: ANCHOR, groupId: first.data.groupId });
    await viewerPhone.next(SERVER_FRAME.privateMsg, (m: PrivateMessage) => m.sender_uid === ANCHOR);
    expect(
      (await entry(VIEWER, CHAT_TYPE.private, (e) => e.anchor_id === ANCHOR))?.unread_num,
    ).toBe(1);
    const records = await callApi<{ msg_group: PrivateMessage[] }>(
      api,
      'GET',
      `/api/privateChat/getRecordDetail?device_id=d1&anchor_id=${ANCHOR}&duration=0&page=1&size=20`,
      undefined,
      h[VIEWER],
    );
    expect(records.data.msg_group.map((m) => m.content)).toEqual([
      'Thanks, see you tonight',
      'Great stream yesterday!',
    ]);
    const read = await callApi(
      api,
      'POST',
      '/api/privateChat/read',
      { device_id: 'd1', anchor_id: ANCHOR, latest_msg_stamp: reply.data.send_time },
      h[VIEWER],
    );
    expect(read.status).toBe(0);
    expect(
      (await entry(VIEWER, CHAT_TYPE.private, (e) => e.anchor_id === ANCHOR))?.unread_num,
    ).toBe(0);
    expect(
      (
        await viewerPhone.next(
          SERVER_FRAME.unread,
          (u: { unread_num: number }) => u.unread_num === 0,
        )
      ).data,
    ).toMatchObject({ type: CHAT_TYPE.private });
    await callApi(
      api,
      'POST',
      '/api/privateChat/read',
      { anchor_id: ANCHOR, user_id: VIEWER },
      h[ANCHOR],
    );
    expect((await entry(ANCHOR, CHAT_TYPE.private, (e) => e.user_id === VIEWER))?.unread_num).toBe(
      0,
    );
    anchorInbox.close();
    viewerPhone.close();
  });

  it('nobody reads or writes a conversation that is not theirs', async () => {
    const before = (await t.rt.db.select({ n: count() }).from(privateMessages))[0]!.n;
    // A stranger naming the viewer as user_id is refused, reading and writing.
    const peek = await callApi<{ msg_group: PrivateMessage[] }>(
      api,
      'GET',
      `/api/privateChat/getRecordDetail?anchor_id=${ANCHOR}&user_id=${VIEWER}&page=1&size=20`,
      undefined,
      h[STRANGER],
    );
    expect(peek).toMatchObject({ status: 1, msg: 'This conversation does not exist' });
    const own = await callApi<{ msg_group: PrivateMessage[] }>(
      api,
      'GET',
      `/api/privateChat/getRecordDetail?anchor_id=${ANCHOR}&page=1&size=20`,
      undefined,
      h[STRANGER],
    );
    expect(own.data.msg_group).toEqual([]);
    const write = await callApi(
      api,
      'POST',
      '/api/privateChat/send',
      { anchor_id: ANCHOR, user_id: VIEWER, content: 'hi' },
      h[STRANGER],
    );
    expect(write.status).toBe(1);
    // An anchor cannot open a conversation with a viewer who never wrote.
    const cold = await callApi(
      api,
      'POST',
      '/api/privateChat/send',
      { anchor_id: ANCHOR, user_id: STRANGER, content: 'hi' },
      h[ANCHOR],
    );
    expect(cold).toMatchObject({ status: 1, msg: 'This conversation does not exist' });
    const guest = await callApi(
      api,
      'GET',
      `/api/privateChat/getRecordDetail?anchor_id=${ANCHOR}&page=1&size=20`,
    );
    expect(guest.status).toBe(2);
    const noAnchor = await callApi(
      api,
      'POST',
      '/api/privateChat/send',
      { anchor_id: STRANGER, content: 'hi' },
      h[VIEWER],
    );
    expect(noAnchor).toMatchObject({ status: 1, msg: 'This anchor does not exist' });
    const badSize = await callApi(
      api,
      'GET',
      `/api/privateChat/getRecordDetail?anchor_id=${ANCHOR}&page=1&size=5000`,
      undefined,
      h[VIEWER],
    );
    expect(badSize.status).toBe(1);
    expect((await t.rt.db.select({ n: count() }).from(privateMessages))[0]!.n).toBe(before);
  });

  it('staff channel: a user writes to support, an administrator answers; others are refused', async () => {
    // The demo's welcome from support is read first.
    await callApi(api, 'POST', '/api/mgrChat/read', { user_id: VIEWER }, h[VIEWER]);
    const adminInbox = await openInbox(server.wsUrl, t.rt, ADMIN);
    const asked = await callApi<StaffMessage>(
      api,
      'POST',
      '/api/mgrChat/send',
      { user_id: VIEWER, content: 'My recharge has not arrived' },
      h[VIEWER],
    );
    expect(asked.data).toMatchObject({ from_staff: false, sender_uid: VIEWER });
    await adminInbox.next(SERVER_FRAME.mgrMsg);
    expect(
      (await entry(ADMIN, CHAT_TYPE.staff, (e) => e.mgr_chat_user_id === VIEWER))?.unread_num,
    ).toBe(1);
    const answer = await callApi<StaffMessage>(
      api,
      'POST',
      '/api/mgrChat/send',
      { user_id: VIEWER, content: 'Checking it now' },
      h[ADMIN],
    );
    expect(answer.data).toMatchObject({ from_staff: true });
    const mine = await entry(VIEWER, CHAT_TYPE.staff);
    expect(mine).toMatchObject({ unread_num: 1, mgr_id: ADMIN, mgr_chat_user_id: VIEWER });
    const history = await callApi<{ mgr_chat_history: StaffMessage[] }>(
      api,
      'GET',
      `/api/mgrChat/getHistory?user_id=${VIEWER}&limit=20&page=1`,
      undefined,
      h[VIEWER],
    );
    expect(history.data.mgr_chat_history.slice(0, 2).map((m) => m.content)).toEqual([
      'Checking it now',
      'My recharge has not arrived',
    ]);
    expect(history.data.mgr_chat_history[0]).toMatchObject({ sender_uid: ADMIN });
    expect(history.data.mgr_chat_history[0]!.send_time).toBeGreaterThan(0);
    await callApi(api, 'POST', '/api/mgrChat/read', { user_id: VIEWER }, h[VIEWER]);
    expect((await entry(VIEWER, CHAT_TYPE.staff))?.unread_num).toBe(0);
    const peek = await callApi(
      api,
      'GET',
      `/api/mgrChat/getHistory?user_id=${VIEWER}&limit=20&page=1`,
      undefined,
      h[STRANGER],
    );
    expect(peek).toMatchObject({ status: 1, msg: 'This conversation does not exist' });
    const write = await callApi(
      api,
      'POST',
      '/api/mgrChat/send',
      { user_id: VIEWER, content: 'I am staff, honest' },
      h[STRANGER],
    );
    expect(write.status).toBe(1);
    adminInbox.close();
  });

  it('administrators send notices to one user or everyone; the system conversation counts them', async () => {
    const notAdmin = await callApi(
      api,
      'POST',
      '/api/admin/notice',
      { content: 'Free gems!' },
      h[VIEWER],
    );
    expect(notAdmin.status).toBe(1);
    // The demo's welcome notice is read first.
    for (const who of [VIEWER, STRANGER])
      await callApi(api, 'POST', '/api/systemMessage/read', {}, h[who]);
    const inbox = await openInbox(server.wsUrl, t.rt, STRANGER);
    const all = await callApi<SystemMessageView>(
      api,
      'POST',
      '/api/admin/notice',
      { content: 'Maintenance tonight at 2:00' },
      h[ADMIN],
    );
    expect(all.data.kind).toBe(SYSTEM_KIND.notice);
    const one = await callApi(
      api,
      'POST',
      '/api/admin/notice',
      { user_id: STRANGER, content: 'Your appeal was accepted' },
      h[ADMIN],
    );
    expect(one.status).toBe(0);
    await inbox.next(
      SERVER_FRAME.SystemMessage,
      (m: SystemMessageView) => m.content === 'Your appeal was accepted',
    );
    expect((await entry(STRANGER, CHAT_TYPE.system))?.unread_num).toBe(2);
    expect((await entry(VIEWER, CHAT_TYPE.system))?.unread_num).toBe(1);
    const list = await callApi<{ list: SystemMessageView[] }>(
      api,
      'GET',
      '/api/systemMessage/getHistory?page=1',
      undefined,
      h[STRANGER],
    );
    expect(list.data.list.slice(0, 2).map((m) => m.content)).toEqual([
      'Your appeal was accepted',
      'Maintenance tonight at 2:00',
    ]);
    await callApi(api, 'POST', '/api/systemMessage/read', {}, h[STRANGER]);
    expect((await entry(STRANGER, CHAT_TYPE.system))?.unread_num).toBe(0);
    inbox.close();
  });

  it('a go-live alert reaches 10,000 followers once per live, from the ingest hook', async () => {
    const anchor = await userIdByMobile(t.rt.db, OFFLINE_ANCHOR_MOBILE);
    const fans = await usersWithWallets(t.rt.db, '1775', 9_999);
    for (let i = 0; i < fans.length; i += 2000) {
      await t.rt.db
        .insert(follows)
        .values(fans.slice(i, i + 2000).map((userId) => ({ userId, anchorId: anchor })));
    }
    await t.rt.db.insert(follows).values({ userId: VIEWER, anchorId: anchor });
    const online = await openInbox(server.wsUrl, t.rt, VIEWER);
    const headers = await headersOf(t.rt, anchor);
    const info = await callApi<{ anchor_secret: string }>(
      api,
      'POST',
      '/webapi/live/getStreamInfo',
      {},
      headers,
    );
    expect((await callApi(api, 'POST', '/webapi/live/startLive', LIVE_FORM, headers)).status).toBe(
      0,
    );
    const publish = () =>
      fetch(`${server.url}/api/media/on_publish?token=${mediaHookToken(t.rt.env.secret)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          app: 'live',
          name: String(anchor),
          key: info.data.anchor_secret,
        }).toString(),
      });
    expect((await publish()).status).toBe(200);
    const alert = await online.next(SERVER_FRAME.AnchorStartLiveMessage);
    expect(alert.data).toMatchObject({ anchor_id: anchor, title: LIVE_FORM.title });
    const rows = async () =>
      (
        await t.rt.db
          .select({ n: count() })
          .from(systemMessages)
          .where(
            and(eq(systemMessages.anchorId, anchor), eq(systemMessages.kind, SYSTEM_KIND.live)),
          )
      )[0]!.n;
    await until('the live alerts to be written', async () => (await rows()) >= 10_000, 30_000, 100);
    expect(await rows()).toBe(10_000);
    expect((await entry(VIEWER, CHAT_TYPE.system))?.unread_num).toBeGreaterThan(0);
    // The stream reconnects: nobody is told twice.
    await fetch(
      `${server.url}/api/media/on_publish_done?token=${mediaHookToken(t.rt.env.secret)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ app: 'live', name: String(anchor) }).toString(),
      },
    );
    expect((await publish()).status).toBe(200);
    // Nothing to wait for: give a second round of alerts time to show up if it were sent.
    await new Promise((r) => setTimeout(r, 300));
    expect(await rows()).toBe(10_000);
    expect(online.all(SERVER_FRAME.AnchorStartLiveMessage)).toHaveLength(1);
    online.close();
  }, 120_000);
});
