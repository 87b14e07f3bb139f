/**
 * Fan groups through the API and the hub: a follower joins, members chat and page back through
 * history, the anchor's manager moderates; every refusal changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_STATUS } from '../../src/lib/api/envelope.ts';
import {
  GROUP_MSG,
  type GroupHistoryEntry,
  type GroupMessage,
} from '../../src/lib/messaging/types.ts';
import { SERVER_FRAME } from '../../src/lib/realtime/protocol/index.ts';
import { fanGroupMessages } from '../../src/server/db/schema.ts';
import {
  callApi,
  DB_KINDS,
  openTestRuntime,
  type TestRuntime,
  uploadTestImage,
} from './helpers.ts';
import { headersOf, openInbox } from './messaging-helpers.ts';
import { startHubServer, type HubServer } from './realtime-helpers.ts';
import { createApi } from '../../src/server/app.ts';

const ANCHOR = 100003;
const FAN = 100001;
const OTHER = 100002;
const MANAGER = 100004;

describe.each(DB_KINDS)('fan groups (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  let api: ReturnType<typeof createApi>;
  const h: Record<number, Record<string, string>> = {};
  let groupId = 0;
  const messageCount = async () =>
    (await t.rt.db.select().from(fanGroupMessages).where(eq(fanGroupMessages.groupId, groupId)))
      .length;
  const history = (who: number, page: number) =>
    callApi<{ FansGroupHistory: GroupHistoryEntry[] }>(
      api,
      'GET',
      `/api/groupChat/getHistory?group_id=${groupId}&limit=20&page=${page}`,
      undefined,
      h[who],
    );
  const send = (who: number, content: string, img_url = '') =>
    callApi<GroupMessage>(
      api,
      'POST',
      '/api/groupChat/send',
      { group_id: groupId, content, img_url },
      h[who],
    );

  beforeAll(async () => {
    t = await openTestRuntime(kind, {});
    server = await startHubServer(t.rt, { quizClock: false });
    api = createApi(t.rt);
    for (const id of [ANCHOR, FAN, OTHER, MANAGER]) h[id] = await headersOf(t.rt, id);
    // The chat rules' speak rate would slow the test down; the rules themselves are tested.
    const { speakRateOff } = await import('./realtime-helpers.ts');
    await speakRateOff(t.rt);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  it('getAnchorProfile gives the group, the profile and is_attend, for guests too', async () => {
    const res = await callApi<{
      groups: { group_id: number; joined: number }[];
      anchor_profile: { anchor_id: number };
      is_attend: number;
    }>(api, 'GET', `/api/groupChat/getAnchorProfile?anchorId=${ANCHOR}`);
    expect(res.status).toBe(API_STATUS.ok);
    expect(res.data.anchor_profile.anchor_id).toBe(ANCHOR);
    expect(res.data.is_attend).toBe(0);
    groupId = res.data.groups[0]!.group_id;
    expect(groupId).toBeGreaterThan(0);
    const none = await callApi(api, 'GET', '/api/groupChat/getAnchorProfile?anchorId=100001');
    expect(none.http).toBe(404);
  });

  it('only followers join; non-members read nothing', async () => {
    const before = await messageCount();
    const refused = await callApi(
      api,
      'POST',
      '/api/groupChat/addToGroupChat',
      { group_id: groupId },
      h[FAN],
    );
    expect(refused).toMatchObject({ status: 1, msg: 'Follow the anchor to join their fan group' });
    const read = await history(FAN, 1);
    expect(read).toMatchObject({ status: 1, msg: 'Join the fan group first' });
    const info = await callApi(
      api,
      'GET',
      `/api/groupChat/getGroupInfo?group_id=${groupId}`,
      undefined,
      h[FAN],
    );
    expect(info.status).toBe(1);
    const write = await send(FAN, 'hello');
    expect(write.status).toBe(1);
    expect(await messageCount()).toBe(before);
  });

  it('a follower joins: the join notice reaches the group, and the joiner hears the group from then on', async () => {
    const anchorInbox = await openInbox(server.wsUrl, t.rt, ANCHOR);
    const fanInbox = await openInbox(server.wsUrl, t.rt, FAN);
    for (const who of [FAN, OTHER]) {
      await callApi(api, 'POST', '/api/anchor/attentAnchor', { anchorid: ANCHOR }, h[who]);
      const joined = await callApi<{ msg: string }>(
        api,
        'POST',
        '/api/groupChat/addToGroupChat',
        { group_id: groupId },
        h[who],
      );
      expect(joined).toMatchObject({ status: 0, data: { msg: 'Joined the fan group' } });
    }
    const notice = await anchorInbox.next(
      SERVER_FRAME.groupMsg,
      (m: GroupMessage) => m.type === GROUP_MSG.join && m.uid === FAN,
    );
    expect(notice.data).toMatchObject({ group_id: groupId });
    expect((notice.data as GroupMessage).nick_name).not.toBe('');
    const again = await callApi<{ msg: string }>(
      api,
      'POST',
      '/api/groupChat/addToGroupChat',
      { group_id: groupId },
      h[FAN],
    );
    expect(again.data.msg).toBe('You are already in this fan group');
    const sent = await send(OTHER, 'Who is ready for tonight?');
    expect(sent.status).toBe(0);
    const heard = await fanInbox.next(
      SERVER_FRAME.groupMsg,
      (m: GroupMessage) => m.content === 'Who is ready for tonight?',
    );
    expect(heard.data).toMatchObject({ uid: OTHER, type: GROUP_MSG.normal });
    anchorInbox.close();
    fanInbox.close();
  });

  it('pages history newest first by 20, with chatType, and an empty page at the end', async () => {
    for (let i = 0; i < 25; i += 1) expect((await send(FAN, `message number ${i}`)).status).toBe(0);
    const first = await history(FAN, 1);
    expect(first.data.FansGroupHistory).toHaveLength(20);
    expect(first.data.FansGroupHistory[0]).toMatchObject({
      content: 'message number 24',
      chatType: 1,
      fans_group_id: groupId,
    });
    const seqs = first.data.FansGroupHistory.map((m) => m.seq);
    expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
    const other = await history(OTHER, 1);
    expect(other.data.FansGroupHistory[0]!.chatType).toBe(2);
    let page = 2;
    let all = first.data.FansGroupHistory.length;
    for (;;) {
      const next = await history(FAN, page);
      if (next.data.FansGroupHistory.length === 0) break;
      all += next.data.FansGroupHistory.length;
      page += 1;
    }
    expect(all).toBe(await messageCount());
    const notes = (await history(FAN, 2)).data.FansGroupHistory.filter((m) => m.chatType === 3);
    expect(notes.length).toBeGreaterThan(0);
  });

  it('unread counts rise for other members and clear on read, on every device', async () => {
    const list = async (who: number) =>
      (
        await callApi<{ chat_list: { type: number; fans_group_id: number; unread_num: number }[] }>(
          api,
          'GET',
          '/api/groupChat/getChatList',
          undefined,
          h[who],
        )
      ).data.chat_list.find((e) => e.type === 1 && e.fans_group_id === groupId)!;
    expect((await list(FAN)).unread_num).toBe(0);
    expect((await list(OTHER)).unread_num).toBe(25);
    const phone = await openInbox(server.wsUrl, t.rt, OTHER);
    const read = await callApi(
      api,
      'POST',
      '/api/groupChat/read',
      { fans_group_id: groupId },
      h[OTHER],
    );
    expect(read.status).toBe(0);
    expect((await list(OTHER)).unread_num).toBe(0);
    const cleared = await phone.next(SERVER_FRAME.unread);
    expect(cleared.data).toEqual({ type: 1, id: groupId, unread_num: 0 });
    phone.close();
  });

  it('a member recalls only their own recent message; the manager deletes any', async () => {
    const mine = (await send(FAN, 'oops, wrong group')).data;
    const theirs = (await send(OTHER, 'not yours to recall')).data;
    const refused = await callApi(
      api,
      'POST',
      '/api/groupChat/moderate',
      { group_id: groupId, action: 'recall', seq: theirs.seq },
      h[FAN],
    );
    expect(refused).toMatchObject({ status: 1, msg: 'You are not allowed to do that' });
    const kick = await callApi(
      api,
      'POST',
      '/api/groupChat/moderate',
      { group_id: groupId, action: 'kick', uid: OTHER },
      h[FAN],
    );
    expect(kick.status).toBe(1);
    const recalled = await callApi<GroupMessage>(
      api,
      'POST',
      '/api/groupChat/moderate',
      { group_id: groupId, action: 'recall', seq: mine.seq },
      h[FAN],
    );
    expect(recalled.data).toMatchObject({ type: GROUP_MSG.recall, target: mine.seq, uid: FAN });
    const deleted = await callApi<GroupMessage>(
      api,
      'POST',
      '/api/groupChat/moderate',
      { group_id: groupId, action: 'delete', seq: theirs.seq },
      h[MANAGER],
    );
    expect(deleted.data).toMatchObject({
      type: GROUP_MSG.delete,
      target: theirs.seq,
      by_uid: MANAGER,
    });
    const seqs = (await history(FAN, 1)).data.FansGroupHistory.map((m) => m.seq);
    expect(seqs).not.toContain(mine.seq);
    expect(seqs).not.toContain(theirs.seq);
  });

  it('a muted member loses their messages, sees the muted refusal, and speaks again when unmuted', async () => {
    const fanInbox = await openInbox(server.wsUrl, t.rt, FAN);
    const bad = await callApi(
      api,
      'POST',
      '/api/groupChat/moderate',
      { group_id: groupId, action: 'mute', uid: FAN, minutes: 7 },
      h[ANCHOR],
    );
    expect(bad).toMatchObject({ status: 1, msg: 'Choose a mute length from the list' });
    const muted = await callApi<GroupMessage>(
      api,
      'POST',
      '/api/groupChat/moderate',
      { group_id: groupId, action: 'mute', uid: FAN, minutes: 10 },
      h[ANCHOR],
    );
    expect(muted.data).toMatchObject({ type: GROUP_MSG.mute, uid: FAN });
    expect(muted.data.target).toBeGreaterThan(Date.now());
    await fanInbox.next(SERVER_FRAME.groupMsg, (m: GroupMessage) => m.type === GROUP_MSG.mute);
    const left = (await history(OTHER, 1)).data.FansGroupHistory.filter(
      (m) => m.uid === FAN && m.chatType === 2,
    );
    expect(left).toEqual([]);
    const before = await messageCount();
    expect(await send(FAN, 'let me speak')).toMatchObject({
      status: 1,
      msg: 'You have been muted',
    });
    expect(await messageCount()).toBe(before);
    const info = await callApi<{ muted_until: number }>(
      api,
      'GET',
      `/api/groupChat/getGroupInfo?group_id=${groupId}`,
      undefined,
      h[FAN],
    );
    expect(info.data.muted_until).toBeGreaterThan(Date.now());
    await callApi(
      api,
      'POST',
      '/api/groupChat/moderate',
      { group_id: groupId, action: 'mute', uid: FAN, minutes: 0 },
      h[ANCHOR],
    );
    expect((await send(FAN, 'thanks, back again')).status).toBe(0);
    fanInbox.close();
  });

  it('a kicked member stops hearing the group and cannot rejoin for a day; the anchor cannot be kicked', async () => {
    const otherInbox = await openInbox(server.wsUrl, t.rt, OTHER);
    const anchorKick = await callApi(
      api,
      'POST',
      '/api/groupChat/moderate',
      { group_id: groupId, action: 'kick', uid: ANCHOR },
      h[MANAGER],
    );
    expect(anchorKick.status).toBe(1);
    const kicked = await callApi<GroupMessage>(
      api,
      'POST',
      '/api/groupChat/moderate',
      { group_id: groupId, action: 'kick', uid: OTHER },
      h[MANAGER],
    );
    expect(kicked.data.type).toBe(GROUP_MSG.kick);
    await otherInbox.next(
      SERVER_FRAME.groupMsg,
      (m: GroupMessage) => m.type === GROUP_MSG.kick && m.uid === OTHER,
    );
    await send(FAN, 'after the kick');
    // Proving an absence: give the message time to reach the kicked member if it were sent.
    await new Promise((r) => setTimeout(r, 300));
    expect(
      otherInbox
        .all(SERVER_FRAME.groupMsg)
        .some((f) => (f.data as GroupMessage).content === 'after the kick'),
    ).toBe(false);
    expect((await history(OTHER, 1)).status).toBe(1);
    const rejoin = await callApi(
      api,
      'POST',
      '/api/groupChat/addToGroupChat',
      { group_id: groupId },
      h[OTHER],
    );
    expect(rejoin).toMatchObject({
      status: 1,
      msg: 'You were removed from this group and cannot join again yet',
    });
    otherInbox.close();
  });

  it('images must be our own uploads; bad input is refused with a message', async () => {
    const before = await messageCount();
    expect(await send(FAN, '', 'https://evil.example/x.png')).toMatchObject({
      msg: 'Images must be uploaded first',
    });
    expect(await send(FAN, '')).toMatchObject({ status: 1 });
    expect(await send(FAN, 'x'.repeat(301))).toMatchObject({
      msg: 'A message can be at most 300 characters',
    });
    expect(await send(FAN, 'visit www.spam-site.com now')).toMatchObject({ status: 1 });
    const typed = await callApi(
      api,
      'POST',
      '/api/groupChat/send',
      { group_id: 'abc', content: 'hi' },
      h[FAN],
    );
    expect(typed.status).toBe(1);
    const ctl = await callApi(
      api,
      'POST',
      '/api/groupChat/send',
      { group_id: groupId, content: 'a\u0007b' },
      h[FAN],
    );
    expect(ctl.status).toBe(1);
    expect(await messageCount()).toBe(before);
    // An image must name a stored upload: a path of the right shape naming no file, a path
    // climbing out of the uploads and an external URL are refused and store nothing.
    for (const missing of [
      '/uploads/2026/11/0123456789abcdef01234567.webp',
      '/uploads/../../api/user/logout',
      'https://evil.example/a.webp',
    ]) {
      expect(await send(FAN, '', missing), missing).toMatchObject({
        status: 1,
        msg: 'Images must be uploaded first',
      });
    }
    expect(await messageCount()).toBe(before);
    // Another member's upload may be passed on; an ID photo (private) may not.
    const picture = await uploadTestImage(api, h[OTHER]!, 'image');
    const img = await send(FAN, '', picture);
    expect(img.data).toMatchObject({ type: GROUP_MSG.image, img_url: picture });
    const idPhoto = await uploadTestImage(api, h[FAN]!, 'id_photo');
    expect(await send(FAN, '', idPhoto)).toMatchObject({ status: 1 });
  });

  it('the send switch turns sending off with a clear message', async () => {
    const { appConfig } = await import('../../src/server/db/schema.ts');
    await t.rt.db.insert(appConfig).values({ key: 'message_send_switch', value: 0 });
    expect(await send(FAN, 'anyone here?')).toMatchObject({
      status: 1,
      msg: 'Sending messages is turned off for now',
    });
    await t.rt.db.delete(appConfig).where(eq(appConfig.key, 'message_send_switch'));
    expect((await send(FAN, 'anyone here?')).status).toBe(0);
  });
});
