/**
 * Going live: the anchor's push key, startLive and endLive with their permissions and rules,
 * and the ingest's publish hook, which accepts the anchor's current key only while the live is
 * started, turns the room live with its HLS playlist and tells the room at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { livePlans, liveRooms } from '../../src/server/db/schema.ts';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import type { BusMessage } from '../../src/server/shared/bus.ts';
import { endDueLives, LOGOUT_END_MS } from '../../src/server/studio/live.ts';
import {
  callApi,
  DB_KINDS,
  LIVE_FORM,
  openTestRuntime,
  type TestRuntime,
  uploadTestImage,
  userIdByMobile,
} from './helpers.ts';

/** An anchor whose demo room is offline, a live demo anchor, and a viewer. */
const OFFLINE_ANCHOR = '13900000012';
const LIVE_ANCHOR = '13900000003';
const VIEWER = '13900000001';

const FORM = LIVE_FORM;

describe.each(DB_KINDS)('going live (%s)', (kind) => {
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  const ids: Record<string, number> = {};
  const sent: BusMessage[] = [];
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    app = createApi(t.rt);
    for (const mobile of [OFFLINE_ANCHOR, LIVE_ANCHOR, VIEWER]) {
      ids[mobile] = await userIdByMobile(t.rt.db, mobile);
    }
    t.rt.bus.subscribe((m) => sent.push(m));
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
  });

  const as = async (mobile: string) => ({
    authorization: `Bearer ${await createSession(t.rt.db, ids[mobile]!, 'test')}`,
    lang: 'en',
  });

  /** Calls an ingest hook as nginx does: a form POST from `ip`. */
  const hook = async (
    path: string,
    fields: Record<string, string>,
    ip = '127.0.0.1',
    token = mediaHookToken(t.rt.env.secret),
  ) => {
    const res = await app.request(
      `/api/media/${path}?token=${token}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ app: 'live', call: 'publish', ...fields }).toString(),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );
    return res.status;
  };

  const room = async (mobile: string) => {
    const [row] = await t.rt.db
      .select()
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, ids[mobile]!));
    return row!;
  };

  it('gives an anchor a push address and a stable key, and rotates it on request', async () => {
    const headers = await as(OFFLINE_ANCHOR);
    const first = await callApi<Record<string, string>>(
      app,
      'POST',
      '/webapi/live/getStreamInfo',
      {},
      headers,
    );
    expect(first.status).toBe(0);
    const id = ids[OFFLINE_ANCHOR];
    expect(first.data.push_url).toBe('rtmp://127.0.0.1:1935/live');
    expect(first.data.anchor_secret).toMatch(/^[\w-]{24}$/);
    expect(first.data.stream).toBe(`${id}?key=${first.data.anchor_secret}`);
    expect(first.data.web_rtc_push_url).toBe('');
    const again = await callApi<Record<string, string>>(
      app,
      'POST',
      '/webapi/live/getStreamInfo',
      {},
      headers,
    );
    expect(again.data.anchor_secret).toBe(first.data.anchor_secret);
    const rotated = await callApi<Record<string, string>>(
      app,
      'POST',
      '/webapi/live/resetStreamKey',
      {},
      headers,
    );
    expect(rotated.data.anchor_secret).not.toBe(first.data.anchor_secret);
    expect((await room(OFFLINE_ANCHOR)).streamKey).toBe(rotated.data.anchor_secret);
  });

  it('refuses the anchor calls to viewers and guests', async () => {
    const viewer = await callApi(app, 'POST', '/webapi/live/getStreamInfo', {}, await as(VIEWER));
    expect(viewer).toMatchObject({ status: 1, data: null });
    expect(viewer.msg).toBe('Only anchors can do this. Apply to become an anchor first.');
    const start = await callApi(app, 'POST', '/webapi/live/startLive', FORM, await as(VIEWER));
    expect(start.status).toBe(1);
    const guest = await callApi(app, 'POST', '/webapi/live/endLive', {});
    expect(guest.status).toBe(2);
  });

  it('checks the live form on the server and changes nothing when it is wrong', async () => {
    const headers = await as(OFFLINE_ANCHOR);
    const before = await room(OFFLINE_ANCHOR);
    const badCover = 'Upload the cover image first';
    // Another user's upload, and an upload path naming no file.
    const others = await uploadTestImage(app, await as(VIEWER), 'cover_v');
    const missing = '/uploads/2026/01/0123456789abcdef01234567.webp';
    const cases: [Record<string, unknown>, string][] = [
      [{ ...FORM, title: 'x'.repeat(51) }, 'At most 50 characters'],
      [{ ...FORM, title: '   ' }, 'Input can not be empty'],
      [{ ...FORM, thumb_y: '' }, 'Vertical cover cannot be empty'],
      [{ ...FORM, thumb_y: 'javascript:alert(1)' }, badCover],
      [{ ...FORM, thumb_y: '/uploads/../../api/user/logout' }, badCover],
      [{ ...FORM, thumb: '/uploads/2026/01/../../../secret' }, badCover],
      [{ ...FORM, thumb_y: 'https://evil.example/cover.png' }, badCover],
      [{ ...FORM, thumb_y: '/demo/covers-v/no-such-cover.webp' }, badCover],
      [{ ...FORM, thumb_y: '/demo/covers-v/no-such-cover.svg' }, badCover],
      [{ ...FORM, thumb_y: '/demo/covers-v/dota2-1.png' }, badCover],
      [{ ...FORM, thumb_y: missing }, badCover],
      [{ ...FORM, thumb_y: others }, badCover],
      [{ ...FORM, thumb: others }, badCover],
      [{ ...FORM, cateid: 201 }, 'Choose a category and a secondary category of it'],
      [{ ...FORM, category: 1, match_id: 1 }, 'Only sports lives can link a match'],
    ];
    for (const [body, msg] of cases) {
      const res = await callApi(app, 'POST', '/webapi/live/startLive', body, headers);
      expect(res, msg).toMatchObject({ status: 1, msg });
    }
    const after = await room(OFFLINE_ANCHOR);
    expect(after).toEqual(before);
    const live = await callApi(app, 'POST', '/webapi/live/startLive', FORM, await as(LIVE_ANCHOR));
    expect(live).toMatchObject({ status: 1, msg: 'You are already live' });
  });

  it('lets the ingest in with the right key only while the live is started', async () => {
    const headers = await as(OFFLINE_ANCHOR);
    const name = String(ids[OFFLINE_ANCHOR]);
    const { data } = await callApi<Record<string, string>>(
      app,
      'POST',
      '/webapi/live/getStreamInfo',
      {},
      headers,
    );
    const key = data.anchor_secret!;
    // Not started yet: even the right key is refused (the WebRTC ingest's check says the same).
    expect(await hook('on_publish', { name, key })).toBe(403);
    expect(await hook('check_publish', { name, key })).toBe(403);
    expect((await room(OFFLINE_ANCHOR)).isLive).toBe(false);

    // The anchor's own upload as the horizontal cover, a built-in one as the vertical.
    const own = await uploadTestImage(app, headers, 'cover');
    const form = { ...FORM, thumb: own };
    const started = await callApi(app, 'POST', '/webapi/live/startLive', form, headers);
    expect(started).toMatchObject({ status: 0, data: { room_id: ids[OFFLINE_ANCHOR] } });
    const opened = await room(OFFLINE_ANCHOR);
    expect(opened).toMatchObject({
      sessionOpen: true,
      isLive: false,
      title: FORM.title,
      cover: own,
      coverV: FORM.thumb_y,
      streamUrl: `/hls/${name}.m3u8`,
    });

    expect(await hook('on_publish', { name, key: 'wrong-key-wrong-key-1234' })).toBe(403);
    expect(await hook('on_publish', { name: String(ids[LIVE_ANCHOR]), key })).toBe(403);
    expect(await hook('on_publish', { name: '../etc', key })).toBe(403);
    // The right key from anywhere but this machine, or without the hook token, is not heard.
    expect(await hook('on_publish', { name, key }, '203.0.113.9')).toBe(403);
    expect(await hook('on_publish', { name, key }, '127.0.0.1', 'f'.repeat(32))).toBe(403);
    expect(await hook('on_publish', { name, key }, '127.0.0.1', '')).toBe(403);
    expect(await hook('check_publish', { name, key: 'wrong-key-wrong-key-1234' })).toBe(403);
    expect(await hook('check_publish', { name, key }, '203.0.113.9')).toBe(403);
    // The WebRTC ingest's check lets the right key in and changes nothing: the room goes live
    // when the forwarded stream reaches on_publish.
    expect(await hook('check_publish', { name, key })).toBe(200);
    expect((await room(OFFLINE_ANCHOR)).isLive).toBe(false);

    sent.length = 0;
    expect(await hook('on_publish', { name, key })).toBe(200);
    expect((await room(OFFLINE_ANCHOR)).isLive).toBe(true);
    expect(sent).toContainEqual({
      kind: 'room',
      anchorId: ids[OFFLINE_ANCHOR],
      frame: { type: 'heatRep', data: { val: opened.heat, status: 1 } },
    });
    const status = await callApi(app, 'GET', '/api/user/checkAnchorStatus', undefined, headers);
    expect(status.data).toEqual({ is_anchor: 1, is_live: 1 });

    // The stream stops: offline, but the session stays open for a reconnect.
    expect(await hook('on_publish_done', { name })).toBe(200);
    expect(await room(OFFLINE_ANCHOR)).toMatchObject({ isLive: false, sessionOpen: true });
    expect(await hook('on_publish', { name, key })).toBe(200);

    // endLive: offline, and the key no longer opens the ingest.
    sent.length = 0;
    const ended = await callApi(app, 'POST', '/webapi/live/endLive', {}, headers);
    expect(ended).toMatchObject({ status: 0, data: { status: 0 } });
    expect(await room(OFFLINE_ANCHOR)).toMatchObject({ isLive: false, sessionOpen: false });
    expect(sent.at(-1)).toMatchObject({ frame: { type: 'heatRep', data: { status: 0 } } });
    expect(await hook('on_publish', { name, key })).toBe(403);
    expect(await hook('check_publish', { name, key })).toBe(403);
  });

  it('refuses a rotated key at once', async () => {
    const headers = await as(OFFLINE_ANCHOR);
    const name = String(ids[OFFLINE_ANCHOR]);
    const old = await callApi<Record<string, string>>(
      app,
      'POST',
      '/webapi/live/getStreamInfo',
      {},
      headers,
    );
    await callApi(app, 'POST', '/webapi/live/startLive', FORM, headers);
    await callApi(app, 'POST', '/webapi/live/resetStreamKey', {}, headers);
    expect(await hook('on_publish', { name, key: old.data.anchor_secret! })).toBe(403);
    await callApi(app, 'POST', '/webapi/live/endLive', {}, headers);
  });

  it('plans a live for later and refuses a missing, past or far time', async () => {
    const headers = await as(OFFLINE_ANCHOR);
    const plan = {
      anchor_id: ids[OFFLINE_ANCHOR],
      title: 'Weekend Dota marathon',
      category_id: 1,
      child_category_id: 103,
      // The drawing a built-in cover is made from, as rooms saved before its picture name it.
      thumb: '/demo/covers/dota2-1.svg',
      match_id: 0,
      ticket: 0,
      plan_time: Math.floor(Date.now() / 1000) + 3 * 3600,
    };
    const missing = await callApi(
      app,
      'POST',
      '/api/live/anchor_plan_create',
      { ...plan, plan_time: undefined },
      headers,
    );
    expect(missing).toMatchObject({ status: 1, msg: 'Planned start time cannot be empty' });
    const past = await callApi(
      app,
      'POST',
      '/api/live/anchor_plan_create',
      { ...plan, plan_time: Math.floor(Date.now() / 1000) - 60 },
      headers,
    );
    expect(past).toMatchObject({ status: 1, msg: 'The planned start must be later than now' });
    const far = await callApi(
      app,
      'POST',
      '/api/live/anchor_plan_create',
      { ...plan, plan_time: Date.now() + 40 * 86_400_000 },
      headers,
    );
    expect(far).toMatchObject({ status: 1, msg: 'Lives can be planned at most 30 days ahead' });
    const viewer = await callApi(
      app,
      'POST',
      '/api/live/anchor_plan_create',
      plan,
      await as(VIEWER),
    );
    expect(viewer.status).toBe(1);
    const made = await callApi<{ id: number }>(
      app,
      'POST',
      '/api/live/anchor_plan_create',
      plan,
      headers,
    );
    expect(made.status).toBe(0);
    const [row] = await t.rt.db.select().from(livePlans).where(eq(livePlans.id, made.data.id));
    expect(row).toMatchObject({
      anchorId: ids[OFFLINE_ANCHOR],
      title: plan.title,
      secondCategoryId: 103,
      status: 0,
    });
    expect(row!.planTime.getTime()).toBe(plan.plan_time * 1000);
  });

  it('ends an open live five minutes after the anchor logs out, unless they come back', async () => {
    const headers = await as(OFFLINE_ANCHOR);
    await callApi(app, 'POST', '/webapi/live/startLive', FORM, headers);
    const before = Date.now();
    await callApi(app, 'POST', '/api/user/logout', {}, headers);
    const pending = (await room(OFFLINE_ANCHOR)).autoEndAt!;
    expect(pending.getTime()).toBeGreaterThanOrEqual(before + LOGOUT_END_MS - 1000);
    expect(pending.getTime()).toBeLessThanOrEqual(Date.now() + LOGOUT_END_MS);
    // Not yet due: nothing ends.
    expect(await endDueLives(t.rt.db, new Date(pending.getTime() - 1000))).toEqual([]);
    expect((await room(OFFLINE_ANCHOR)).sessionOpen).toBe(true);
    // Logging in again calls the end off.
    const login = await callApi(
      app,
      'POST',
      '/api/user/login',
      {
        account: OFFLINE_ANCHOR,
        pwd: 'demo1234',
        platform: 0,
        login_type: 1,
        source_id: 10001,
      },
      { 'device-info': 'test-device' },
    );
    expect(login.status).toBe(0);
    expect((await room(OFFLINE_ANCHOR)).autoEndAt).toBeNull();
    // Logging out again and letting the five minutes pass ends the live.
    await callApi(app, 'POST', '/api/user/logout', {}, await as(OFFLINE_ANCHOR));
    const due = (await room(OFFLINE_ANCHOR)).autoEndAt!;
    expect(await endDueLives(t.rt.db, new Date(due.getTime() + 1))).toEqual([ids[OFFLINE_ANCHOR]]);
    expect(await room(OFFLINE_ANCHOR)).toMatchObject({
      sessionOpen: false,
      isLive: false,
      autoEndAt: null,
    });
  });
});
