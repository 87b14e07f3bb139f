/**
 * Abuse: text that shows nothing and nicknames that pass for someone else. Chat over the hub, a
 * quiz question, a room announcement (hub and API), a fan-group message and a nickname made only
 * of invisible or blank characters are refused with the field's own message, and nothing is
 * stored or told to the room; look-alikes of a staff word or of another user's nickname are
 * refused too.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_STATUS } from '../../src/lib/api/envelope.ts';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
} from '../../src/lib/realtime/protocol/index.ts';
import { createApi } from '../../src/server/app.ts';
import { chatMessages, fanGroupMessages, quizzes, users } from '../../src/server/db/schema.ts';
import type { BusMessage } from '../../src/server/shared/bus.ts';
import {
  callApi,
  DB_KINDS,
  openTestRuntime,
  usersWithWallets,
  type TestRuntime,
} from './helpers.ts';
import { fillNicknameKeys } from '../../src/server/profile/profile.ts';
import { headersOf } from './messaging-helpers.ts';
import {
  joinAsUser,
  speakRateOff,
  startHubServer,
  type HubServer,
  type TestClient,
} from './realtime-helpers.ts';

const ANCHOR = 100003;
const MANAGER = 100004;
const FAN = 100001;

/** Text that shows nothing: one of each kind the shared check knows. */
const BLANK = [
  '\u2800\u2800\u2800',
  '\u{e0020}\u{e0041}\u{e007f}',
  '\ufe0f\ufe00\u{e0100}',
  '\u180b\u180b',
  '\u{1d173}\u{1d17a}',
  '\u{1bca0}\u{1bca1}',
  '\u{13430}',
  '\u0600\u0601',
  '\u3164\uffa0\u115f\u1160',
  ' \u200b\u200d\u2060 ',
];

describe.each(DB_KINDS)('text that shows nothing (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  let api: ReturnType<typeof createApi>;
  const open: TestClient[] = [];
  const seen: BusMessage[] = [];
  let stop = () => {};

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    await speakRateOff(t.rt);
    server = await startHubServer(t.rt, { quizClock: false });
    api = createApi(t.rt);
    stop = t.rt.bus.subscribe((m) => seen.push(m));
  }, 180_000);
  afterAll(async () => {
    stop();
    for (const c of open) c.close();
    await server?.close();
    await t?.dispose();
  });

  it('refuses blank chat over the hub as empty, in both languages; stores and tells nothing', async () => {
    const [zh, en, watcherId] = await usersWithWallets(t.rt.db, '1376100', 3);
    const speakerZh = await joinAsUser(server, t.rt, zh!, ANCHOR, 'zh_cn');
    const speakerEn = await joinAsUser(server, t.rt, en!, ANCHOR, 'en');
    const watcher = await joinAsUser(server, t.rt, watcherId!, ANCHOR);
    open.push(speakerZh, speakerEn, watcher);

    for (const content of BLANK) {
      speakerZh.send(CLIENT_FRAME.say, { content });
      speakerEn.send(CLIENT_FRAME.say, { content });
    }
    // Emoji sequences and selectors inside real text still pass.
    speakerEn.send(CLIENT_FRAME.say, { content: '好球❤️ 👨‍👩‍👧' });
    await watcher.next(SERVER_FRAME.say, (d: { content: string }) => d.content === '好球❤️ 👨‍👩‍👧');

    for (const [client, msg] of [
      [speakerZh, '输入不能为空'],
      [speakerEn, 'Input can not be empty'],
    ] as const) {
      const refusals = client.all(SERVER_FRAME.error).map((f) => f.data as ErrorData);
      expect(refusals).toHaveLength(BLANK.length);
      for (const r of refusals) {
        expect(r).toMatchObject({ code: REALTIME_ERROR.refused, reason: 'empty', msg });
      }
    }
    const heard = watcher.all(SERVER_FRAME.say).map((f) => (f.data as { content: string }).content);
    expect(heard).toEqual(['好球❤️ 👨‍👩‍👧']);
    const [stored] = await t.rt.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(chatMessages)
      .where(sql`${chatMessages.userId} in (${zh}, ${en})`);
    expect(stored!.n).toBe(1);
  });

  it('refuses a blank quiz question or option with its message; no quiz is made', async () => {
    const anchor = await headersOf(t.rt, ANCHOR);
    const count = async () =>
      (await t.rt.db.select().from(quizzes).where(eq(quizzes.anchorId, ANCHOR))).length;
    const before = await count();
    const base = { question: 'Who scores?', option_a: 'Home', option_b: 'Away' };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, question: '\u200b' }, 'Enter the question'],
      [{ ...base, question: '\u2800\u2800' }, 'Enter the question'],
      [{ ...base, option_a: '\u2800' }, 'Enter both options'],
      [{ ...base, option_b: '\u{e0020}' }, 'Enter both options'],
    ];
    for (const [body, msg] of cases) {
      const res = await callApi(
        api,
        'POST',
        '/api/guess/create',
        { ...body, min_bet: 100, close_minutes: 15 },
        anchor,
      );
      expect(res, JSON.stringify(body)).toMatchObject({ status: API_STATUS.error, msg });
    }
    expect(await count()).toBe(before);
  });

  it('refuses a blank announcement over the hub and the API; the room hears nothing', async () => {
    const announcementOf = async () =>
      (
        await callApi<{ announcement: unknown }>(
          api,
          'GET',
          `/api/live/comments?anchor_id=${ANCHOR}`,
          undefined,
          await headersOf(t.rt, ANCHOR),
        )
      ).data.announcement;
    const before = await announcementOf();
    seen.length = 0;
    const manager = await joinAsUser(server, t.rt, MANAGER, ANCHOR, 'zh_cn');
    open.push(manager);
    manager.send(CLIENT_FRAME.announce, { content: '\u2800\u3164', contact: [] });
    const refused = (await manager.next(SERVER_FRAME.error)).data as ErrorData;
    expect(refused.msg).toBe('内容不可见：请输入可见的文字，或留空');

    const headers = await headersOf(t.rt, MANAGER);
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '\u200b\u200b' }, 'The text shows nothing: type visible text or leave it empty'],
      [{ content: '\u{1d173}', contact: [] }, 'The text shows nothing'],
      [{ content: 'Derby', contact: [{ title: '\u2800', value: 'x' }] }, 'Input can not be empty'],
      [{ content: 'Derby', contact: [{ title: 'QQ', value: '\u{e0020}' }] }, 'Input can not be'],
    ];
    for (const [body, msg] of cases) {
      const res = await callApi(
        api,
        'POST',
        '/api/live/room_announcement',
        { anchor_id: ANCHOR, ...body },
        headers,
      );
      expect(res.status, JSON.stringify(body)).toBe(API_STATUS.error);
      expect(res.msg).toContain(msg);
    }
    const told = seen.filter(
      (m) => m.kind === 'room' && m.frame.type === SERVER_FRAME.announcement,
    );
    expect(told).toEqual([]);
    expect(await announcementOf()).toEqual(before);
  });

  it('refuses a blank fan-group message with the empty message; nothing is stored', async () => {
    const headers = await headersOf(t.rt, FAN);
    const profile = await callApi<{ groups: { group_id: number }[] }>(
      api,
      'GET',
      `/api/groupChat/getAnchorProfile?anchorId=${ANCHOR}`,
    );
    const groupId = profile.data.groups[0]!.group_id;
    await callApi(api, 'POST', '/api/anchor/attentAnchor', { anchorid: ANCHOR }, headers);
    const joined = await callApi(
      api,
      'POST',
      '/api/groupChat/addToGroupChat',
      { group_id: groupId },
      headers,
    );
    expect(joined.status).toBe(API_STATUS.ok);
    const count = async () =>
      (
        await t.rt.db
          .select()
          .from(fanGroupMessages)
          .where(and(eq(fanGroupMessages.groupId, groupId), eq(fanGroupMessages.uid, FAN)))
      ).length;
    const before = await count();
    for (const content of BLANK) {
      const res = await callApi(
        api,
        'POST',
        '/api/groupChat/send',
        { group_id: groupId, content },
        headers,
      );
      expect(res, JSON.stringify(content)).toMatchObject({
        status: API_STATUS.error,
        msg: 'Input can not be empty',
      });
    }
    const zh = { ...headers, lang: 'zh_cn' };
    const res = await callApi(
      api,
      'POST',
      '/api/groupChat/send',
      { group_id: groupId, content: '\u2800' },
      zh,
    );
    expect(res.msg).toBe('输入不能为空');
    expect(await count()).toBe(before);
  });
});

describe.each(DB_KINDS)('nicknames that pass for someone else (%s)', (kind) => {
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = createApi(t.rt);
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
  });

  const nickOf = async (id: number) =>
    (await t.rt.db.select({ n: users.nickName }).from(users).where(eq(users.id, id)))[0]!.n;
  const rename = async (id: number, nick_name: string, lang = 'en') =>
    callApi(
      api,
      'POST',
      '/api/user/updateNickname',
      { nick_name },
      {
        ...(await headersOf(t.rt, id)),
        lang,
      },
    );

  it('refuses a blank nickname as empty and staff words in disguise as reserved', async () => {
    const [id] = await usersWithWallets(t.rt.db, '1376200', 1);
    const before = await nickOf(id!);
    for (const name of ['\u3164\u3164', '\u2800\u2800\u2800', '\u200b\u200b', '\u{e0020}\u{e0021}'])
      expect(await rename(id!, name), JSON.stringify(name)).toMatchObject({
        status: API_STATUS.error,
        msg: 'Input can not be empty',
      });
    expect((await rename(id!, '\u3164\u3164', 'zh_cn')).msg).toBe('输入不能为空');
    for (const name of [
      'ad\u200bmin',
      '\u0430dmin',
      'ａｄｍｉｎ',
      '官\u200d方',
      '客 服',
      'ΑDMIN',
      'Offіcial',
      'ѕupport',
    ])
      expect(await rename(id!, name), JSON.stringify(name)).toMatchObject({
        status: API_STATUS.error,
        msg: 'That nickname looks like staff: choose another',
      });
    for (const name of ['Fan0042', 'FanOO42'])
      expect(await rename(id!, name), name).toMatchObject({
        status: API_STATUS.error,
        msg: 'Names like Fan0000 are given to new accounts: choose another',
      });
    expect((await rename(id!, '客 服', 'zh_cn')).msg).toBe('该昵称容易被误认为官方人员，请换一个');
    expect(await nickOf(id!)).toBe(before);
  });

  it('refuses look-alikes of another user nickname, and two look-alikes at once', async () => {
    const [a, b, c, d] = await usersWithWallets(t.rt.db, '1376300', 4);
    const before = await nickOf(b!);
    // SkyRider is a demo anchor's name.
    for (const name of ['SkyR\u0131der', 'SKYRIDER', 'Sky\u200bRider', 'ＳｋｙＲｉｄｅｒ'])
      expect(await rename(b!, name), JSON.stringify(name)).toMatchObject({
        status: API_STATUS.error,
        msg: 'Another user has that nickname',
      });
    expect(await rename(a!, 'GoalKid')).toMatchObject({ status: API_STATUS.ok });
    expect(await rename(b!, 'G\u043ealKid')).toMatchObject({
      msg: 'Another user has that nickname',
    });
    expect(await rename(b!, 'Goal Kid')).toMatchObject({ msg: 'Another user has that nickname' });
    expect(await nickOf(b!)).toBe(before);

    // Two users asking at once for names that look alike: one gets it.
    const both = await Promise.all([rename(c!, 'NetStar'), rename(d!, 'N\u0435tStar')]);
    expect(both.map((r) => r.status).sort()).toEqual([API_STATUS.ok, API_STATUS.error]);

    // A stored name is normalised: invisible characters out, fullwidth letters plain.
    const [e] = await usersWithWallets(t.rt.db, '1376400', 1);
    expect(await rename(e!, 'Ｍｉｎｔ\u200b ❤️')).toMatchObject({ status: API_STATUS.ok });
    expect(await nickOf(e!)).toBe('Mint ❤️');
  });

  it('keys the names of accounts from before the keys at boot, the oldest holder first', async () => {
    const rows = await t.rt.db
      .insert(users)
      .values([
        { mobile: '13765000001', nickName: 'SeaKing' },
        { mobile: '13765000002', nickName: 'S\u0435aKing' },
        { mobile: '13765000003', nickName: 'Fan1234' },
      ])
      .returning({ id: users.id });
    const [older, newer, generated] = rows.map((r) => r.id);
    expect(await fillNicknameKeys(t.rt.db)).toBeGreaterThanOrEqual(1);
    const keyOf = async (id: number) =>
      (await t.rt.db.select({ k: users.nickKey }).from(users).where(eq(users.id, id)))[0]!.k;
    expect(await keyOf(older!)).toBe('seaking');
    expect(await keyOf(newer!)).toBeNull();
    expect(await keyOf(generated!)).toBeNull();
    expect(await nickOf(newer!)).toBe('S\u0435aKing');
    // Nothing left to key: a second boot sets nothing.
    expect(await fillNicknameKeys(t.rt.db)).toBe(0);
    const [other] = await usersWithWallets(t.rt.db, '1376600', 1);
    expect(await rename(other!, 'seaking')).toMatchObject({
      msg: 'Another user has that nickname',
    });
  });
});
