/**
 * A replay's chat track and its viewers' barrage through the API on both databases: a window at
 * a seek, deleted and banned messages left out, new barrage under the live chat's rules, a hidden
 * replay refused.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_STATUS } from '../../src/lib/api/envelope.ts';
import type { TrackLine, TrackWindow } from '../../src/lib/replays/api.ts';
import {
  chatBans,
  chatMessages,
  replayComments,
  replays,
  roomManagers,
} from '../../src/server/db/schema.ts';
import type { Db } from '../../src/server/db/index.ts';
import { createSession } from '../../src/server/sessions.ts';
import { apiSuite, callApi, DB_KINDS, usersWithWallets } from './helpers.ts';

/** 老K说球, a demo anchor. */
const ANCHOR = 100003;
/** The latest test replay's live began here, far before anything the seed writes; one day apart. */
let START = new Date('2019-03-01T12:00:00Z');
const DURATION_SEC = 600;

async function authOf(db: Db, userId: number) {
  const token = await createSession(db, userId, `replay-chat-${userId}-${Math.random()}`);
  return { authorization: `Bearer ${token}` };
}

async function makeReplay(db: Db, hidden = false): Promise<number> {
  START = new Date(START.getTime() + 86_400_000);
  const [row] = await db
    .insert(replays)
    .values({
      anchorId: ANCHOR,
      title: 'Replay chat test',
      cover: '/demo/covers/football-1.webp',
      categoryId: 2,
      streamUrl: '/media/demo/master.m3u8',
      durationSec: DURATION_SEC,
      recordedAt: new Date(START.getTime() + DURATION_SEC * 1000),
      startedAt: START,
      hidden,
    })
    .returning({ id: replays.id });
  return row!.id;
}

async function say(db: Db, userId: number, offsetMs: number, content: string, extra = {}) {
  const [row] = await db
    .insert(chatMessages)
    .values({
      anchorId: ANCHOR,
      userId,
      content,
      createdAt: new Date(START.getTime() + offsetMs),
      ...extra,
    })
    .returning({ id: chatMessages.id });
  return row!.id;
}

const stored = async (db: Db, replayId: number) =>
  (
    await db
      .select({ n: count() })
      .from(replayComments)
      .where(eq(replayComments.replayId, replayId))
  )[0]!.n;

describe.each(DB_KINDS)('replay chat track (%s)', (kind) => {
  const { t, api } = apiSuite(kind, {}, { replayChat: true });

  const window = (replayId: number, from: number, to: number, lang = 'en') =>
    callApi<TrackWindow>(
      api,
      'GET',
      `/api/replays/chat?replay_id=${replayId}&from_ms=${from}&to_ms=${to}`,
      undefined,
      { lang },
    );

  it('answers the messages of the window at a seek, in order, as the room showed them', async () => {
    const db = t.rt.db;
    const replayId = await makeReplay(db);
    const [a, b] = await usersWithWallets(db, '1390310', 2);
    await say(db, a!, -1000, 'before the live');
    await say(db, a!, 500, '开场了');
    await say(db, b!, 29_999, 'just before');
    const inside = [
      await say(db, a!, 30_000, '好球', { propType: 101, propsId: 3 }),
      await say(db, b!, 45_000, 'what a save'),
      await say(db, a!, 45_000, '同一毫秒'),
      await say(db, b!, 59_999, '喇叭来了', { propType: 100 }),
    ];
    await say(db, a!, 60_000, 'next window');
    await say(db, a!, DURATION_SEC * 1000 + 5, 'after the end');

    const res = await window(replayId, 30_000, 60_000);
    expect(res.status).toBe(API_STATUS.ok);
    expect(res.data.lines.map((l) => l.id)).toEqual(inside);
    expect(res.data.lines.map((l) => l.offset_ms)).toEqual([30_000, 45_000, 45_000, 59_999]);
    expect(res.data).toMatchObject({ from_ms: 30_000, to_ms: 60_000, more: false });
    const [colour, , , speaker] = res.data.lines;
    expect(colour).toMatchObject({
      from_client_name: 'Tester0',
      props: 101,
      props_id: 3,
      isColorful: true,
      source: 0,
    });
    expect(colour!.font_color).toMatch(/^#/);
    expect(speaker).toMatchObject({ isSpeaker: true, from_client_name: 'Tester1' });

    const start = await window(replayId, 0, 30_000);
    expect(start.data.lines.map((l) => l.content)).toEqual(['开场了', 'just before']);
    // A window longer than two minutes is cut to two minutes.
    const long = await window(replayId, 0, 500_000);
    expect(long.data.to_ms).toBe(120_000);
  });

  it('leaves out deleted messages and those of users a manager banned for them', async () => {
    const db = t.rt.db;
    const replayId = await makeReplay(db);
    const [kept, deleted, banned, autoBanned, lifted, bannedBefore, manager] =
      await usersWithWallets(db, '1390320', 7);
    await db.insert(roomManagers).values({ anchorId: ANCHOR, userId: manager! });
    await say(db, kept!, 1000, 'kept');
    await say(db, deleted!, 2000, 'deleted', { deletedAt: new Date() });
    await say(db, banned!, 3000, 'banned');
    await say(db, autoBanned!, 4000, 'auto banned');
    await say(db, lifted!, 5000, 'ban lifted');
    await say(db, bannedBefore!, 6000, 'banned before the live');
    const ban = { anchorId: ANCHOR, reason: 'abuse', until: null };
    await db.insert(chatBans).values([
      { ...ban, userId: banned!, byUserId: manager!, createdAt: new Date(START.getTime() + 3500) },
      { ...ban, userId: autoBanned!, byUserId: null, reason: 'auto', createdAt: START },
      {
        ...ban,
        userId: lifted!,
        byUserId: manager!,
        createdAt: new Date(START.getTime() + 5500),
        liftedAt: new Date(START.getTime() + 9000),
      },
      {
        ...ban,
        userId: bannedBefore!,
        byUserId: manager!,
        createdAt: new Date(START.getTime() - 86_400_000),
      },
    ]);
    const res = await window(replayId, 0, 10_000);
    expect(res.data.lines.map((l) => l.content)).toEqual([
      'kept',
      'auto banned',
      'ban lifted',
      'banned before the live',
    ]);
  });

  it('stores new barrage at its offset under the chat rules and plays it in later windows', async () => {
    const db = t.rt.db;
    const replayId = await makeReplay(db);
    const [viewer, other, manager, stranger, troll] = await usersWithWallets(db, '1390330', 5);
    await db.insert(roomManagers).values({ anchorId: ANCHOR, userId: manager! });
    await say(db, other!, 40_000, 'live line');
    const auth = await authOf(db, viewer!);
    const post = (body: unknown, headers = auth, lang = 'en') =>
      callApi<TrackLine>(api, 'POST', '/api/replays/comment', body, { ...headers, lang });

    // Guests get the login prompt.
    const guest = await callApi(api, 'POST', '/api/replays/comment', {
      replay_id: replayId,
      offset_ms: 1000,
      content: 'hi',
    });
    expect(guest.status).not.toBe(API_STATUS.ok);

    const bad: [unknown, RegExp][] = [
      [{ replay_id: replayId, offset_ms: 'soon', content: 'hi' }, /moment/],
      [{ replay_id: replayId, offset_ms: 1.5, content: 'hi' }, /moment/],
      [{ replay_id: replayId, offset_ms: -1, content: 'hi' }, /moment/],
      [{ replay_id: replayId, offset_ms: DURATION_SEC * 1000 + 1, content: 'hi' }, /moment/],
      [{ replay_id: replayId, offset_ms: 1000, content: 42 }, /empty/i],
      [{ replay_id: replayId, offset_ms: 1000, content: 'a\u0007b' }, /control/i],
      [{ replay_id: replayId, offset_ms: 1000, content: 'x'.repeat(100_000) }, /100/],
      [{ replay_id: replayId, offset_ms: 1000, content: 'y'.repeat(101) }, /100/],
      [{ replay_id: replayId, offset_ms: 1000, content: '   ' }, /./],
      [{ replay_id: replayId, offset_ms: 1000, content: 'hi', props: { type: 7 } }, /prop/i],
      [{ replay_id: 'x', offset_ms: 1000, content: 'hi' }, /./],
    ];
    for (const [body, message] of bad) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).not.toBe(API_STATUS.ok);
      expect(res.msg).toMatch(message);
    }
    // A colourful line without the prop in the backpack is refused too.
    const noProp = await post({
      replay_id: replayId,
      offset_ms: 1000,
      content: 'colour',
      props: { type: 101, props_id: 2 },
    });
    expect(noProp.status).not.toBe(API_STATUS.ok);
    // The messages come in both languages.
    const zh = await post({ replay_id: replayId, offset_ms: -5, content: 'hi' }, auth, 'zh');
    expect(zh.msg).toMatch(/回放/);
    expect(await stored(db, replayId)).toBe(0);

    const ok = await post({ replay_id: replayId, offset_ms: 41_250, content: '回看也要刷一波' });
    expect(ok.status).toBe(API_STATUS.ok);
    expect(ok.data).toMatchObject({ offset_ms: 41_250, source: 1, user_id: viewer });
    // The live room's speak rate holds on a replay too.
    const again = await post({ replay_id: replayId, offset_ms: 42_000, content: 'once more' });
    expect(again.status).not.toBe(API_STATUS.ok);
    expect(again.msg).toMatch(/frequently/);
    expect(await stored(db, replayId)).toBe(1);

    const res = await window(replayId, 40_000, 50_000);
    expect(res.data.lines.map((l) => [l.content, l.offset_ms, l.source])).toEqual([
      ['live line', 40_000, 0],
      ['回看也要刷一波', 41_250, 1],
    ]);

    // A user banned in the room cannot add barrage to its replays either.
    await db
      .insert(chatBans)
      .values({ anchorId: ANCHOR, userId: troll!, reason: 'abuse', byUserId: manager! });
    const bannedPost = await post(
      { replay_id: replayId, offset_ms: 1000, content: 'let me' },
      await authOf(db, troll!),
    );
    expect(bannedPost.msg).toMatch(/banned/);
    expect(await stored(db, replayId)).toBe(1);

    // Only the anchor and managers delete it.
    const del = (who: Record<string, string>) =>
      callApi(
        api,
        'POST',
        '/api/replays/comment_delete',
        { replay_id: replayId, id: ok.data.id },
        { ...who, lang: 'en' },
      );
    // The page asks who may delete: the anchor and managers, not a viewer nor a guest.
    const moderator = async (headers: Record<string, string>, replay: unknown = replayId) =>
      callApi<{ moderator: number }>(
        api,
        'GET',
        `/api/replays/moderator?replay_id=${String(replay)}`,
        undefined,
        { ...headers, lang: 'en' },
      );
    expect((await moderator(await authOf(db, manager!))).data.moderator).toBe(1);
    expect((await moderator(await authOf(db, ANCHOR))).data.moderator).toBe(1);
    expect((await moderator(await authOf(db, stranger!))).data.moderator).toBe(0);
    expect((await moderator({})).status).not.toBe(API_STATUS.ok);
    for (const replay of ['x', -1, 2 ** 40, 987_654_321]) {
      const res = await moderator(await authOf(db, manager!), replay);
      expect(res.status, String(replay)).not.toBe(API_STATUS.ok);
      expect(res.msg).toMatch(/replay/i);
    }
    const refused = await del(await authOf(db, stranger!));
    expect(refused.msg).toMatch(/managers/);
    expect((await del(await authOf(db, manager!))).status).toBe(API_STATUS.ok);
    expect((await del(await authOf(db, ANCHOR))).msg).toMatch(/no longer/);
    const after = await window(replayId, 40_000, 50_000);
    expect(after.data.lines.map((l) => l.content)).toEqual(['live line']);
  });

  it('gives the seeded replays a started_at and a chat track of a few hundred lines', async () => {
    const db = t.rt.db;
    const [seeded] = await db
      .select()
      .from(replays)
      .where(eq(replays.title, replays.title))
      .limit(1);
    expect(seeded!.startedAt).not.toBeNull();
    expect(await stored(db, seeded!.id)).toBeGreaterThanOrEqual(180);
    const first = await window(seeded!.id, 0, 120_000);
    expect(first.data.lines.length).toBeGreaterThan(5);
    const offsets = first.data.lines.map((l) => l.offset_ms);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    expect(first.data.lines.some((l) => /[\u4e00-\u9fff]/.test(l.content))).toBe(true);
  });

  it('refuses the track of a hidden replay and bad windows', async () => {
    const db = t.rt.db;
    const hidden = await makeReplay(db, true);
    const res = await window(hidden, 0, 10_000);
    expect(res.status).not.toBe(API_STATUS.ok);
    expect(res.msg).toMatch(/replay/i);
    const zh = await window(hidden, 0, 10_000, 'zh');
    expect(zh.msg).not.toBe(res.msg);
    const visible = await makeReplay(db);
    for (const [from, to] of [
      [10_000, 5_000],
      [-1, 10],
      ['a', 10],
    ] as const) {
      const bad = await window(visible, from as number, to);
      expect(bad.status).not.toBe(API_STATUS.ok);
      expect(bad.msg).toMatch(/part of the replay/);
    }
    const [viewer] = await usersWithWallets(db, '1390340', 1);
    const post = await callApi(
      api,
      'POST',
      '/api/replays/comment',
      { replay_id: hidden, offset_ms: 1000, content: 'hidden' },
      { ...(await authOf(db, viewer!)), lang: 'en' },
    );
    expect(post.status).not.toBe(API_STATUS.ok);
    expect(await stored(db, hidden)).toBe(0);
  });
});
