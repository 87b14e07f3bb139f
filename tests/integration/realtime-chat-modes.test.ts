/**
 * Chat modes through /im: only the anchor and managers set them; each mode refuses a viewer
 * with its reason in the viewer's language and then lets them speak; managers, the anchor and
 * speaker-prop messages are exempt; modes survive a restart, reach joiners, and a change made
 * on one hub applies at once on another hub sharing the bus and the speakers' memory.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_CHAT_MODES, type ChatModes } from '../../src/lib/live/chat-modes.ts';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ChatModesData,
  type ErrorData,
  type LoginRepData,
} from '../../src/lib/realtime/protocol/index.ts';
import { DEFAULT_CHAT_CONFIG } from '../../src/lib/rules/chat.ts';
import {
  appConfig,
  chatModes,
  fanGroupMembers,
  fanGroups,
  follows,
} from '../../src/server/db/schema.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import { joinAsUser, startHubServer, type HubServer, type TestClient } from './realtime-helpers.ts';

const ANCHOR = 100003;
const VIEWER = 100001;
const OTHER = 100002;
const MANAGER = 100004;

describe.each(DB_KINDS)('chat modes (%s)', (kind) => {
  let t: TestRuntime;
  const servers: HubServer[] = [];
  const open: TestClient[] = [];

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    // Only the modes speak: the chat rules stay out of the way.
    await t.rt.db
      .update(appConfig)
      .set({
        value: {
          ...DEFAULT_CHAT_CONFIG,
          toggle_speak_rate: 0,
          toggle_continue_trigger: 0,
          toggle_total_trigger: 0,
          toggle_num_msg_count: 0,
          toggle_single_msg: 0,
        },
      })
      .where(eq(appConfig.key, 'chat_config'));
  }, 60_000);
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    for (const s of servers.splice(0)) await s.close();
    await t.rt.db.delete(chatModes);
  });
  afterAll(async () => t?.dispose());

  async function hub(): Promise<HubServer> {
    const server = await startHubServer(t.rt, { tickMs: 20 });
    servers.push(server);
    return server;
  }

  async function join(server: HubServer, userId: number, lang = 'en') {
    const client = await joinAsUser(server, t.rt, userId, ANCHOR, lang);
    open.push(client);
    return client;
  }

  /** Sends a message and waits for its echo or the error it earns. */
  async function say(
    client: TestClient,
    content: string,
    props?: { type: number; props_id: number },
  ): Promise<{ ok: boolean; error?: ErrorData }> {
    const errors = client.all(SERVER_FRAME.error).length;
    const says = client.all(SERVER_FRAME.say).length;
    client.send(CLIENT_FRAME.say, props ? { content, props } : { content });
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

  /** Sets the modes as `client` and waits for the room's frame to come back. */
  async function setModes(client: TestClient, modes: Partial<ChatModes>): Promise<ChatModesData> {
    const want = { ...NO_CHAT_MODES, ...modes };
    const before = client.all(SERVER_FRAME.chatModes).length;
    client.send(CLIENT_FRAME.chatModes, want);
    await expect.poll(() => client.all(SERVER_FRAME.chatModes).length).toBe(before + 1);
    const data = client.all(SERVER_FRAME.chatModes)[before]!.data as ChatModesData;
    expect(data).toEqual({ room_id: ANCHOR, ...want });
    return data;
  }

  it('a viewer cannot set modes; bad modes are refused; the anchor and a manager can', async () => {
    const server = await hub();
    const viewer = await join(server, VIEWER);
    viewer.send(CLIENT_FRAME.chatModes, { ...NO_CHAT_MODES, slow: 30 });
    await expect.poll(() => viewer.all(SERVER_FRAME.error).length).toBe(1);
    expect(viewer.all(SERVER_FRAME.error)[0]!.data).toMatchObject({
      code: REALTIME_ERROR.forbidden,
    });
    expect(await t.rt.db.select().from(chatModes)).toHaveLength(0);

    const anchor = await join(server, ANCHOR);
    for (const bad of [
      { ...NO_CHAT_MODES, slow: 2 },
      { ...NO_CHAT_MODES, slow: 121 },
      { ...NO_CHAT_MODES, followers: -1 },
      { slow: 10 },
    ]) {
      const errors = anchor.all(SERVER_FRAME.error).length;
      anchor.send(CLIENT_FRAME.chatModes, bad);
      await expect.poll(() => anchor.all(SERVER_FRAME.error).length).toBe(errors + 1);
      expect(anchor.all(SERVER_FRAME.error)[errors]!.data).toMatchObject({
        code: REALTIME_ERROR.badFrame,
      });
    }
    expect(await t.rt.db.select().from(chatModes)).toHaveLength(0);

    await setModes(anchor, { slow: 10 });
    await viewer.next(SERVER_FRAME.chatModes);
    expect(anchor.all(SERVER_FRAME.ack).at(-1)?.data).toMatchObject({ action: 'chatModes' });
    const manager = await join(server, MANAGER);
    await setModes(manager, { emote: true });
    const rows = await t.rt.db.select().from(chatModes);
    expect(rows[0]).toMatchObject({ anchorId: ANCHOR, emoteOnly: true, updatedBy: MANAGER });
  });

  it('slow mode refuses with the seconds left, then allows; managers are exempt', async () => {
    const server = await hub();
    const anchor = await join(server, ANCHOR);
    const viewer = await join(server, VIEWER, 'zh_cn');
    await setModes(anchor, { slow: 3 });
    expect((await say(viewer, 'first')).ok).toBe(true);
    const refused = await say(viewer, 'second');
    expect(refused.error).toMatchObject({ code: REALTIME_ERROR.refused, reason: 'slowMode' });
    expect(refused.error!.retry_after).toBeGreaterThanOrEqual(1);
    expect(refused.error!.retry_after).toBeLessThanOrEqual(3);
    expect(refused.error!.msg).toBe(
      `慢速模式已开启：${refused.error!.retry_after} 秒后才能再次发言`,
    );
    await new Promise((r) => setTimeout(r, refused.error!.retry_after! * 1000 + 50));
    expect((await say(viewer, 'second')).ok).toBe(true);
    // The anchor speaks as often as they like.
    expect((await say(anchor, 'one')).ok).toBe(true);
    expect((await say(anchor, 'two')).ok).toBe(true);
  });

  it('followers-only refuses non-followers and recent followers, then allows', async () => {
    const server = await hub();
    const anchor = await join(server, ANCHOR);
    const viewer = await join(server, VIEWER);
    await t.rt.db
      .delete(follows)
      .where(and(eq(follows.userId, VIEWER), eq(follows.anchorId, ANCHOR)));
    await setModes(anchor, { followers: 0 });
    expect((await say(viewer, 'hello')).error).toMatchObject({
      reason: 'followersOnly',
      msg: 'Followers-only chat: follow the anchor to speak',
    });
    await t.rt.db.insert(follows).values({ userId: VIEWER, anchorId: ANCHOR });
    expect((await say(viewer, 'hello')).ok).toBe(true);
    await setModes(anchor, { followers: 10 });
    expect((await say(viewer, 'again')).error).toMatchObject({
      reason: 'followersOnly',
      msg: 'Followers-only chat: you can speak once you have followed the anchor for 10 min',
    });
    await t.rt.db
      .update(follows)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(and(eq(follows.userId, VIEWER), eq(follows.anchorId, ANCHOR)));
    expect((await say(viewer, 'again')).ok).toBe(true);
    expect((await say(anchor, 'staff speak')).ok).toBe(true);
  });

  it('fan-group-only refuses non-members, then allows members', async () => {
    const server = await hub();
    const anchor = await join(server, ANCHOR);
    const viewer = await join(server, OTHER);
    let [group] = await t.rt.db.select().from(fanGroups).where(eq(fanGroups.anchorId, ANCHOR));
    group ??= (
      await t.rt.db.insert(fanGroups).values({ anchorId: ANCHOR, name: 'Fans' }).returning()
    )[0]!;
    await t.rt.db
      .delete(fanGroupMembers)
      .where(and(eq(fanGroupMembers.groupId, group.id), eq(fanGroupMembers.userId, OTHER)));
    await setModes(anchor, { fans: true });
    expect((await say(viewer, 'let me in')).error).toMatchObject({
      reason: 'fansOnly',
      msg: "Fan-group-only chat: join the anchor's fan group to speak",
    });
    await t.rt.db.insert(fanGroupMembers).values({ groupId: group.id, userId: OTHER });
    expect((await say(viewer, 'let me in')).ok).toBe(true);
  });

  it('emote-only allows emoji only', async () => {
    const server = await hub();
    const manager = await join(server, MANAGER);
    const viewer = await join(server, VIEWER, 'zh_cn');
    await setModes(manager, { emote: true });
    for (const text of ['goal!', '⚽ goal', '123', '#']) {
      expect((await say(viewer, text)).error).toMatchObject({
        reason: 'emoteOnly',
        msg: '仅表情模式：只能发送表情',
      });
    }
    expect((await say(viewer, '⚽🔥 👏')).ok).toBe(true);
    expect((await say(viewer, '❤️')).ok).toBe(true);
    expect((await say(manager, 'words from a manager')).ok).toBe(true);
    // A speaker-prop message (a paid banner) is exempt.
    expect((await say(viewer, 'loud words', { type: PROP_TYPE.speaker, props_id: 0 })).ok).toBe(
      true,
    );
  });

  it('modes survive a restart and reach joiners; turning them off lets everyone speak', async () => {
    const first = await hub();
    const anchor = await join(first, ANCHOR);
    await setModes(anchor, { slow: 20, emote: true });
    for (const c of open.splice(0)) c.close();
    await first.close();
    servers.splice(0);
    const second = await hub();
    const viewer = await join(second, VIEWER);
    const login = viewer.all(SERVER_FRAME.loginRep)[0]!.data as LoginRepData;
    expect(login.chat_modes).toEqual({ ...NO_CHAT_MODES, slow: 20, emote: true });
    expect((await say(viewer, 'words')).error?.reason).toBe('emoteOnly');
    const anchorAgain = await join(second, ANCHOR);
    await setModes(anchorAgain, {});
    expect((await say(viewer, 'words')).ok).toBe(true);
  });

  it('a mode set on one hub applies at once on another', async () => {
    const a = await hub();
    const b = await hub();
    const anchor = await join(a, ANCHOR);
    const viewer = await join(b, VIEWER);
    const viewerOnA = await join(a, VIEWER);
    // Hub b has read (and cached) the room's modes: none.
    expect((await say(viewer, 'before')).ok).toBe(true);
    await setModes(anchor, { slow: 30 });
    await viewer.next(SERVER_FRAME.chatModes);
    const refusedOnB = await say(viewer, 'after');
    expect(refusedOnB.error?.reason).toBe('slowMode');
    // The last message's time is shared: speaking on hub a waits as well.
    expect((await say(viewerOnA, 'elsewhere')).error?.reason).toBe('slowMode');
    await setModes(anchor, { emote: true });
    await viewer.next(SERVER_FRAME.chatModes, (d: ChatModesData) => d.emote);
    expect((await say(viewer, 'words')).error?.reason).toBe('emoteOnly');
  });
});
