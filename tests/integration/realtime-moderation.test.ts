/**
 * Chat rules and moderation, sent as raw frames to /im: every rule refuses with the spec's
 * message and stores nothing; automatic bans; managers (and nobody else) ban, unban, delete,
 * clear and set the announcement.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type BannedData,
  type ErrorData,
  type LoginRepData,
  type SayData,
} from '../../src/lib/realtime/protocol/index.ts';
import { DEFAULT_CHAT_CONFIG, type ChatConfig } from '../../src/lib/rules/chat.ts';
import { appConfig, chatBans, chatMessages } from '../../src/server/db/schema.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import {
  joinAsGuest,
  joinAsUser,
  startHubServer,
  type HubServer,
  type TestClient,
} from './realtime-helpers.ts';

const ANCHOR = 100003;
const VIEWER = 100001;
const MANAGER = 100004;
const ADMIN = 100005;
const OTHER_ANCHOR = 100006;

/** Every rule off: each test switches on what it checks. */
const RULES_OFF: ChatConfig = {
  ...DEFAULT_CHAT_CONFIG,
  toggle_continue_trigger: 0,
  toggle_link_set: 0,
  toggle_num_msg_count: 0,
  toggle_single_msg: 0,
  toggle_speak_rate: 0,
  toggle_total_trigger: 0,
};

describe.each(DB_KINDS)('chat rules and moderation (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer | undefined;
  const open: TestClient[] = [];

  beforeAll(async () => {
    t = await openTestRuntime(kind);
  }, 60_000);
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    await server?.close();
    server = undefined;
    await t.rt.db.delete(chatBans);
  });
  afterAll(async () => t?.dispose());

  /** Starts a hub with `config` as the chat config. */
  async function hubWith(config: Partial<ChatConfig>): Promise<HubServer> {
    await t.rt.db
      .update(appConfig)
      .set({ value: { ...RULES_OFF, ...config } })
      .where(eq(appConfig.key, 'chat_config'));
    server = await startHubServer(t.rt, { tickMs: 20 });
    return server;
  }

  async function join(userId: number, lang = 'en'): Promise<TestClient> {
    const client = await joinAsUser(server!, t.rt, userId, ANCHOR, lang);
    open.push(client);
    return client;
  }

  /** Sends `content` and waits for the say echo or the error it earns. */
  async function say(
    client: TestClient,
    content: string,
  ): Promise<{ ok: boolean; error?: ErrorData }> {
    const errors = client.all(SERVER_FRAME.error).length;
    const says = client.all(SERVER_FRAME.say).length;
    client.send(CLIENT_FRAME.say, { content });
    await expect
      .poll(
        () =>
          client.all(SERVER_FRAME.error).length > errors ||
          client.all(SERVER_FRAME.say).length > says,
      )
      .toBe(true);
    const error = client.all(SERVER_FRAME.error)[errors]?.data as ErrorData | undefined;
    return error ? { ok: false, error } : { ok: true };
  }

  async function stored(content: string): Promise<number> {
    const rows = await t.rt.db.select().from(chatMessages).where(eq(chatMessages.content, content));
    return rows.length;
  }

  it('speak rate: a second message within the interval is refused', async () => {
    await hubWith({ toggle_speak_rate: 1, speak_rate: 30 });
    const viewer = await join(VIEWER);
    expect((await say(viewer, 'first words')).ok).toBe(true);
    const second = await say(viewer, 'too soon');
    expect(second.error).toMatchObject({
      code: REALTIME_ERROR.refused,
      reason: 'rate',
      msg: 'You are speaking too frequently, please try again later',
    });
    expect(await stored('too soon')).toBe(0);
  });

  it('links are refused when link blocking is on, in the speaker language', async () => {
    await hubWith({ toggle_link_set: 1, link_set: 1 });
    const viewer = await join(VIEWER, 'zh_cn');
    for (const text of ['see www.example.com', 'http://x.io/free', 'join bestodds.vip now']) {
      const result = await say(viewer, text);
      expect(result.error).toMatchObject({ reason: 'link', msg: '禁止发送链接' });
      expect(await stored(text)).toBe(0);
    }
    expect((await say(viewer, 'what a goal 2:1')).ok).toBe(true);
  });

  it('number-only messages: more than num_msg_count in a row are refused', async () => {
    await hubWith({ toggle_num_msg_count: 1, num_msg_count: 2 });
    const viewer = await join(VIEWER);
    expect((await say(viewer, '1')).ok).toBe(true);
    expect((await say(viewer, '2')).ok).toBe(true);
    expect((await say(viewer, '3')).error).toMatchObject({
      reason: 'numberLimit',
      msg: 'Number limit reached',
    });
    expect((await say(viewer, 'three')).ok).toBe(true);
    expect((await say(viewer, '4')).ok).toBe(true);
  });

  it('long digit runs look like advertising', async () => {
    await hubWith({ toggle_single_msg: 1, single_msg_num_length: 3 });
    const viewer = await join(VIEWER);
    expect((await say(viewer, 'add me 13812345678')).error).toMatchObject({
      reason: 'advertising',
      msg: 'The content of your speech is suspected of advertising',
    });
    expect((await say(viewer, 'score 100:98')).ok).toBe(true);
  });

  it('repeating a message is refused and bans automatically for continue_trigger_banned minutes', async () => {
    await hubWith({
      toggle_continue_trigger: 1,
      continue_trigger_num: 2,
      continue_trigger_banned: 10,
    });
    const viewer = await join(VIEWER);
    const watcher = await join(100002);
    expect((await say(viewer, 'come on you gunners')).ok).toBe(true);
    expect((await say(viewer, 'come on you gunners')).error).toMatchObject({ reason: 'repeated' });
    const banned = (await watcher.next(SERVER_FRAME.bannedUser)).data as BannedData;
    expect(banned).toMatchObject({ uid: VIEWER, reason: 'auto', unit: 'minute', amount: 10 });
    expect(banned.until! - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await say(viewer, 'something else')).error).toMatchObject({
      code: REALTIME_ERROR.banned,
      msg: 'You are banned',
    });
    expect(await stored('something else')).toBe(0);
  });

  it('total trigger: the third refusal bans automatically', async () => {
    await hubWith({
      toggle_link_set: 1,
      link_set: 1,
      toggle_total_trigger: 1,
      total_trigger: 3,
      total_trigger_banned: 5,
    });
    const viewer = await join(VIEWER);
    for (let i = 0; i < 3; i++)
      expect((await say(viewer, `www.spam${i}.com`)).error?.reason).toBe('link');
    await viewer.next(
      SERVER_FRAME.bannedUser,
      (d: BannedData) => d.uid === VIEWER && d.amount === 5,
    );
    const rows = await t.rt.db.select().from(chatBans).where(eq(chatBans.userId, VIEWER));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'auto', byUserId: null });
  });

  it('only the anchor, its managers and administrators moderate', async () => {
    await hubWith({});
    const viewer = await join(VIEWER);
    const otherAnchor = await join(OTHER_ANCHOR);
    for (const client of [viewer, otherAnchor]) {
      client.send(CLIENT_FRAME.ban, { uid: 100002, unit: 'hour', amount: 1, reason: 'abuse' });
      client.send(CLIENT_FRAME.clearChat, {});
      client.send(CLIENT_FRAME.announce, { content: 'hijacked' });
      await expect.poll(() => client.all(SERVER_FRAME.error).length).toBe(3);
      for (const f of client.all(SERVER_FRAME.error))
        expect(f.data).toMatchObject({ code: REALTIME_ERROR.forbidden });
    }
    const guest = await joinAsGuest(server!, t.rt, 'guest-mod', ANCHOR);
    open.push(guest);
    guest.send(CLIENT_FRAME.deleteMsg, { id: 1 });
    expect((await guest.next(SERVER_FRAME.error)).data).toMatchObject({
      code: REALTIME_ERROR.forbidden,
    });
    expect(await t.rt.db.select().from(chatBans)).toHaveLength(0);

    for (const id of [ANCHOR, MANAGER, ADMIN]) {
      const mod = await join(id);
      expect(((await mod.next(SERVER_FRAME.loginRep)).data as LoginRepData).login.is_manager).toBe(
        true,
      );
    }
  });

  it('a manager bans with a reason and time, the viewer is refused, then unbanned speaks again', async () => {
    await hubWith({});
    const viewer = await join(VIEWER, 'zh_cn');
    const manager = await join(MANAGER);
    manager.send(CLIENT_FRAME.ban, { uid: VIEWER, unit: 'day', amount: 2, reason: 'advertising' });
    expect((await manager.next(SERVER_FRAME.ack)).data).toMatchObject({
      action: 'ban',
      msg: 'Banned successfully',
    });
    const banned = (await viewer.next(SERVER_FRAME.bannedUser)).data as BannedData;
    expect(banned).toMatchObject({
      uid: VIEWER,
      nick_name: 'SkyRider',
      reason: 'advertising',
      unit: 'day',
      amount: 2,
    });
    expect((await say(viewer, '我还能说话吗')).error).toMatchObject({
      code: REALTIME_ERROR.banned,
      msg: '您已被禁言',
    });

    // A fresh socket of the banned user learns of the ban on joining.
    const again = await join(VIEWER);
    const rep = (await again.next(SERVER_FRAME.loginRep)).data as LoginRepData;
    expect(rep.login.banned_until).toBeGreaterThan(Date.now() + 47 * 3600_000);

    manager.send(CLIENT_FRAME.unban, { uid: VIEWER });
    await manager.next(SERVER_FRAME.ack, (d: { action: string }) => d.action === 'unban');
    await viewer.next(SERVER_FRAME.unbannedUser);
    expect((await say(viewer, 'back again')).ok).toBe(true);
    const active = await t.rt.db
      .select()
      .from(chatBans)
      .where(and(eq(chatBans.userId, VIEWER), isNull(chatBans.liftedAt)));
    expect(active).toHaveLength(0);
  });

  it('refuses to ban the anchor or a manager, and bad ban frames', async () => {
    await hubWith({});
    const manager = await join(MANAGER);
    manager.send(CLIENT_FRAME.ban, { uid: ANCHOR, unit: 'permanent', reason: 'others' });
    manager.send(CLIENT_FRAME.ban, { uid: VIEWER, unit: 'week', amount: 1, reason: 'others' });
    manager.send(CLIENT_FRAME.ban, { uid: VIEWER, unit: 'hour', amount: 1, reason: 'auto' });
    manager.send(CLIENT_FRAME.ban, { uid: VIEWER, unit: 'hour', amount: -3, reason: 'others' });
    await expect.poll(() => manager.all(SERVER_FRAME.error).length).toBe(4);
    expect(manager.all(SERVER_FRAME.ack)).toHaveLength(0);
    expect(await t.rt.db.select().from(chatBans)).toHaveLength(0);
  });

  it('deletes one message and clears the chat for everyone; history follows', async () => {
    await hubWith({});
    const viewer = await join(VIEWER);
    const manager = await join(MANAGER);
    await say(viewer, 'to be deleted');
    const msg = (
      await manager.next(SERVER_FRAME.say, (d: SayData) => d.content === 'to be deleted')
    ).data as SayData;
    manager.send(CLIENT_FRAME.deleteMsg, { id: msg.id });
    expect((await viewer.next(SERVER_FRAME.deleteMsg)).data).toEqual({ id: msg.id });
    expect((await manager.next(SERVER_FRAME.ack)).data).toMatchObject({
      msg: 'deleted speech successfully',
    });
    manager.send(CLIENT_FRAME.deleteMsg, { id: msg.id });
    expect((await manager.next(SERVER_FRAME.error)).data).toMatchObject({
      msg: 'Failed to delete',
    });

    await say(viewer, 'before the clear');
    manager.send(CLIENT_FRAME.clearChat, {});
    await viewer.next(SERVER_FRAME.clearChat);
    await manager.next(SERVER_FRAME.clearRep);
    const late = await join(100002);
    const rep = (await late.next(SERVER_FRAME.loginRep)).data as LoginRepData;
    expect(rep.history).toEqual([]);
  });

  it('sets the announcement with contacts for the room and later joiners', async () => {
    await hubWith({});
    const viewer = await join(VIEWER);
    const anchor = await join(ANCHOR);
    const contact = [{ title: 'WeChat', value: 'oldk-football' }];
    anchor.send(CLIENT_FRAME.announce, { content: 'Kick-off 20:00, predictions in chat', contact });
    expect((await viewer.next(SERVER_FRAME.announcement)).data).toEqual({
      room_id: ANCHOR,
      content: 'Kick-off 20:00, predictions in chat',
      contact,
    });
    expect((await anchor.next(SERVER_FRAME.ack)).data).toMatchObject({ msg: 'Setting successful' });
    const late = await join(100002);
    const rep = (await late.next(SERVER_FRAME.loginRep)).data as LoginRepData;
    expect(rep.announcement.content).toBe('Kick-off 20:00, predictions in chat');
  });
});
