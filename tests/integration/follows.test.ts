/** Following anchors: login required, not yourself, toggling, counts and the room notice. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_STATUS } from '../../src/lib/api/envelope.ts';
import { SERVER_FRAME } from '../../src/lib/realtime/protocol/index.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import type { BusMessage } from '../../src/server/shared/bus.ts';
import { bearer } from './auth-helpers.ts';
import { callApi, DB_KINDS, openTestRuntime, userIdByMobile, type TestRuntime } from './helpers.ts';

describe.each(DB_KINDS)('follows (%s)', (kind) => {
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;
  let viewer: Record<string, string>;
  let anchor: Record<string, string>;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = createApi(t.rt);
    viewer = { ...bearer(await createSession(t.rt.db, 100001, 'd1')), 'device-info': 'd1' };
    anchor = { ...bearer(await createSession(t.rt.db, 100003, 'd3')), 'device-info': 'd3' };
  }, 60_000);
  afterAll(async () => t?.dispose());

  it('asks guests to log in and changes nothing', async () => {
    const res = await callApi(api, 'POST', '/api/anchor/attentAnchor', { anchorid: 100003 });
    expect(res.status).toBe(API_STATUS.unauthorized);
    const state = await callApi<{ fans: number }>(
      api,
      'GET',
      '/api/anchor/followState?anchorid=100003',
    );
    expect(state.data.fans).toBe(0);
  });

  it('refuses following yourself with the spec message', async () => {
    const res = await callApi(
      api,
      'POST',
      '/api/anchor/attentAnchor',
      { anchorid: 100003 },
      { ...anchor, lang: 'en' },
    );
    expect(res).toMatchObject({ status: API_STATUS.error, msg: 'Cant Follow Yourself' });
  });

  it('toggles: type 1 followed, then 0, with the count and a room notice on follow', async () => {
    const seen: BusMessage[] = [];
    const stop = t.rt.bus.subscribe((m) => seen.push(m));
    const on = await callApi<{ type: number; fans: number }>(
      api,
      'POST',
      '/api/anchor/attentAnchor',
      { anchorid: 100003 },
      viewer,
    );
    expect(on.data).toEqual({ type: 1, fans: 1 });
    const state = await callApi<{ type: number }>(
      api,
      'GET',
      '/api/anchor/followState?anchorid=100003',
      undefined,
      viewer,
    );
    expect(state.data.type).toBe(1);
    expect(seen).toContainEqual({
      kind: 'room',
      anchorId: 100003,
      frame: {
        type: SERVER_FRAME.attentAnchor,
        data: { user_id: 100001, type: 1, nick_name: 'SkyRider' },
      },
    });
    const off = await callApi<{ type: number; fans: number }>(
      api,
      'POST',
      '/api/anchor/attentAnchor',
      { anchorid: 100003 },
      viewer,
    );
    expect(off.data).toEqual({ type: 0, fans: 0 });
    stop();
  });

  it('refuses users without a room and bad ids', async () => {
    const none = await callApi(
      api,
      'POST',
      '/api/anchor/attentAnchor',
      { anchorid: 100002 },
      viewer,
    );
    expect(none.http).toBe(404);
    const bad = await callApi(api, 'POST', '/api/anchor/attentAnchor', { anchorid: 'abc' }, viewer);
    expect(bad.status).toBe(API_STATUS.error);
  });

  it('lists the anchors a user follows, live ones first, for that user only', async () => {
    const offline = await userIdByMobile(t.rt.db, '13900000012');
    const live = await userIdByMobile(t.rt.db, '13900000010');
    // A viewer who follows nobody in the demo (13900000001 follows 13900000010's fan group).
    const viewer = { ...bearer(await createSession(t.rt.db, 100002, 'd2')), 'device-info': 'd2' };
    const guest = await callApi(api, 'GET', '/api/anchor/followList');
    expect(guest.status).toBe(API_STATUS.unauthorized);
    for (const id of [offline, live]) {
      await callApi(api, 'POST', '/api/anchor/attentAnchor', { anchorid: id }, viewer);
    }
    type Entry = { anchor_id: number; is_live: boolean; fans: number; nick_name: string };
    const mine = await callApi<{ list: Entry[] }>(
      api,
      'GET',
      '/api/anchor/followList',
      undefined,
      viewer,
    );
    // 13900000010 has the demo's nine followers besides this one.
    expect(mine.data.list.map((a) => [a.anchor_id, a.is_live, a.fans])).toEqual([
      [live, true, 10],
      [offline, false, 1],
    ]);
    expect(mine.data.list[0]!.nick_name.length).toBeGreaterThan(0);
    // Another user's list is their own.
    const theirs = await callApi<{ list: Entry[] }>(
      api,
      'GET',
      '/api/anchor/followList',
      undefined,
      anchor,
    );
    expect(theirs.data.list).toEqual([]);
    await callApi(api, 'POST', '/api/anchor/attentAnchor', { anchorid: offline }, viewer);
    const after = await callApi<{ list: Entry[] }>(
      api,
      'GET',
      '/api/anchor/followList',
      undefined,
      viewer,
    );
    expect(after.data.list.map((a) => a.anchor_id)).toEqual([live]);
    await callApi(api, 'POST', '/api/anchor/attentAnchor', { anchorid: live }, viewer);
  });
});
