/**
 * A live pinned to its ingest on a site with several ingest machines: the app machines offer an
 * anchor their ingest's push addresses (the one of their last live, else the chosen one), the
 * publish hook of the ingest the stream reaches writes the room's stream URL under its prefix,
 * the room's API gives that URL, and the process beside the ingest keeps it in step with the
 * live's quality ladder. One database, seen by the process beside ingest `a` and by an app
 * machine's process.
 */
import { rmSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { liveRooms } from '../../src/server/db/schema.ts';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import { chooseIngest } from '../../src/server/media/ingests.ts';
import { ladderDir } from '../../src/server/media/ladder/paths.ts';
import { startLadderSync } from '../../src/server/media/ladder/sync.ts';
import { createSession } from '../../src/server/sessions.ts';
import {
  callApi,
  DB_KINDS,
  LIVE_FORM,
  openTestRuntime,
  type TestRuntime,
  userIdByMobile,
} from './helpers.ts';
import { until } from './wait.ts';

const ANCHOR = '13900000012';
const VIEWER = '13900000001';
const SITE = 'https://live.example.test';
const INGESTS =
  'a http://10.0.0.5:4321 rtmp://a.example.test:1935/live, b http://10.0.0.6:4321 rtmp://b.example.test:1935/live';

describe.each(DB_KINDS)('a live pinned to its ingest (%s)', (kind) => {
  let t: TestRuntime;
  /** The app process on machine `a`, beside its ingest. */
  let onA: ReturnType<typeof createApi>;
  /** An app machine's process: INGESTS only. */
  let site: ReturnType<typeof createApi>;
  let anchor: number;
  let headers: Record<string, string>;
  let viewer: Record<string, string>;

  /** An app over the same database whose process runs beside ingest `name` (null: none). */
  const appOf = (name: string | null) =>
    createApi({ ...t.rt, env: { ...t.rt.env, ingestName: name } });

  beforeAll(async () => {
    t = await openTestRuntime(kind, { INGEST_NAME: 'a', INGESTS, PUBLIC_URL: SITE });
    onA = createApi(t.rt);
    site = appOf(null);
    anchor = await userIdByMobile(t.rt.db, ANCHOR);
    headers = { authorization: `Bearer ${await createSession(t.rt.db, anchor, 'test')}` };
    const viewerId = await userIdByMobile(t.rt.db, VIEWER);
    viewer = { authorization: `Bearer ${await createSession(t.rt.db, viewerId, 'test')}` };
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
  });

  /** Calls on_publish as the nginx beside `app`'s ingest does: loopback, with the hook token. */
  const publish = async (app: ReturnType<typeof createApi>, key: string, hook = 'on_publish') => {
    const res = await app.request(
      `/api/media/${hook}?token=${mediaHookToken(t.rt.env.secret)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ app: 'live', name: String(anchor), key }).toString(),
      },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    return res.status;
  };

  const streamUrl = async () => {
    const [row] = await t.rt.db
      .select({ streamUrl: liveRooms.streamUrl })
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, anchor));
    return row!.streamUrl;
  };

  const info = async () => {
    const res = await callApi<Record<string, string>>(
      site,
      'POST',
      '/webapi/live/getStreamInfo',
      {},
      headers,
    );
    expect(res.status).toBe(0);
    return res.data;
  };

  const roomStream = async () => {
    const res = await callApi<{ stream_url: string }>(
      site,
      'POST',
      '/api/live/ticket_room',
      { anchor_id: anchor },
      viewer,
    );
    return res.data.stream_url;
  };

  it("offers the chosen ingest's addresses, steadily, and the pinned one after a live", async () => {
    const chosen = chooseIngest(t.rt.env.ingests, anchor)!;
    const other = t.rt.env.ingests.find((m) => m.name !== chosen.name)!;
    const first = await info();
    expect(first.push_url).toBe(chosen.rtmp);
    expect(first.web_rtc_push_url).toBe(
      `${SITE}/ingest/${chosen.name}/whip/${anchor}?key=${first.anchor_secret}`,
    );
    expect(first.stream).toBe(`${anchor}?key=${first.anchor_secret}`);
    expect(await info()).toEqual(first);

    // Starting the live before any push names the offered ingest's playlist.
    const started = await callApi(site, 'POST', '/webapi/live/startLive', LIVE_FORM, headers);
    expect(started).toMatchObject({ status: 0 });
    expect(await streamUrl()).toBe(`/ingest/${chosen.name}/hls/${anchor}.m3u8`);

    // The stream reaches the other ingest: its hook pins the live there.
    expect(await publish(appOf(other.name), first.anchor_secret!)).toBe(200);
    expect(await streamUrl()).toBe(`/ingest/${other.name}/hls/${anchor}.m3u8`);
    const pinned = await info();
    expect(pinned.push_url).toBe(other.rtmp);
    expect(pinned.web_rtc_push_url).toBe(
      `${SITE}/ingest/${other.name}/whip/${anchor}?key=${first.anchor_secret}`,
    );
    // A new key keeps the address.
    const rotated = await callApi<Record<string, string>>(
      site,
      'POST',
      '/webapi/live/resetStreamKey',
      {},
      headers,
    );
    expect(rotated.data.push_url).toBe(other.rtmp);
    expect(rotated.data.web_rtc_push_url).toBe(
      `${SITE}/ingest/${other.name}/whip/${anchor}?key=${rotated.data.anchor_secret}`,
    );
    expect((await callApi(site, 'POST', '/webapi/live/endLive', {}, headers)).status).toBe(0);

    // The next live starts on the same ingest.
    await callApi(site, 'POST', '/webapi/live/startLive', LIVE_FORM, headers);
    expect(await streamUrl()).toBe(`/ingest/${other.name}/hls/${anchor}.m3u8`);
  });

  it("pins the live to ingest a when the stream arrives there, and the room's API gives it", async () => {
    const { anchor_secret: key } = await info();
    expect(await publish(onA, key!)).toBe(200);
    expect(await streamUrl()).toBe(`/ingest/a/hls/${anchor}.m3u8`);
    expect(await roomStream()).toBe(`/ingest/a/hls/${anchor}.m3u8`);
    // A ticket live's stream keeps its ingest and carries the pass (here the anchor's own).
    await t.rt.db.update(liveRooms).set({ ticket: 2 }).where(eq(liveRooms.anchorId, anchor));
    const paid = await callApi<{ stream_url: string }>(
      site,
      'POST',
      '/api/live/ticket_room',
      { anchor_id: anchor },
      headers,
    );
    expect(paid.data.stream_url).toMatch(
      new RegExp(`^/ingest/a/hls/${anchor}\\.m3u8\\?pass=${anchor}\\.\\d+\\.${anchor}\\.`),
    );
    await t.rt.db.update(liveRooms).set({ ticket: 0 }).where(eq(liveRooms.anchorId, anchor));
  });

  it("follows the live's ladder on ingest a: master while it runs, the source when it is gone", async () => {
    const sync = startLadderSync({ db: t.rt.db, mediaDir: t.rt.env.mediaDir, ingestName: 'a' });
    const dir = ladderDir(t.rt.env.mediaDir, anchor);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n');
      const master = `/ingest/a/hls/${anchor}/master.m3u8`;
      await until('the master URL', async () => (await streamUrl()) === master, 8_000);
      expect(await roomStream()).toBe(master);
      rmSync(dir, { recursive: true, force: true });
      const source = `/ingest/a/hls/${anchor}.m3u8`;
      await until('the source URL', async () => (await streamUrl()) === source, 8_000);
      expect(await roomStream()).toBe(source);
      // A live pinned to another ingest is that ingest's business: its URL is left alone.
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n');
      await t.rt.db
        .update(liveRooms)
        .set({ streamUrl: `/ingest/b/hls/${anchor}.m3u8` })
        .where(eq(liveRooms.anchorId, anchor));
      await new Promise((r) => setTimeout(r, 4_500));
      expect(await streamUrl()).toBe(`/ingest/b/hls/${anchor}.m3u8`);
    } finally {
      await sync.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
