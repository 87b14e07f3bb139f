/**
 * Clips on both databases: real cuts of a test-pattern HLS made by ffmpeg (a recorded replay's
 * MPEG-TS folder and a running live's playlist) and of the seeded demo replay's fMP4, probed with
 * ffprobe and served with byte ranges; who may cut and remove; the per-user limits; bad input
 * refused in both languages with nothing stored; the ticket rule. Clips in a bucket:
 * clips-bucket.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { clipQueue } from '../../src/server/clips/queue.ts';
import { serveClipMedia } from '../../src/server/clips/serve.ts';
import { CLIPS_PER_HOUR } from '../../src/server/clips/service.ts';
import { adminAudit, clips, liveRooms, replays } from '../../src/server/db/schema.ts';
import { replayFilesDir } from '../../src/server/recordings/files.ts';
import { createSession } from '../../src/server/sessions.ts';
import { probe } from './clip-probe.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';

/** 老K说球's room (free), managed by MANAGER. */
const ANCHOR = 100003;
const MANAGER = 100004;
const ADMIN = 100005;
/** ValQueen's ticket room. */
const TICKET_ROOM = 100009;
const OTHER_ANCHOR = 100006;
const VIEWERS = [100001, 100002, 100010, 100011, 100012];
const STEM = `${ANCHOR}-1700000000`;

/** Writes `seconds` of a 640x360 test pattern with a tone as 2 s MPEG-TS HLS segments. */
function testHls(playlist: string, seconds: number, segments: string): void {
  mkdirSync(path.dirname(playlist), { recursive: true });
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=640x360:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-keyint_min', '50'],
    ...['-sc_threshold', '0', '-c:a', 'aac', '-shortest'],
    ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '0'],
    ...['-hls_segment_filename', path.join(path.dirname(playlist), segments), playlist],
  ]);
}

describe.each(DB_KINDS)('clips (%s)', (kind) => {
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;
  let media: Server;
  let base: string;
  let replayId: number;
  let demoReplayId: number;
  const auth: Record<number, Record<string, string>> = {};
  const as = (user: number, lang = 'en') => ({ ...auth[user]!, lang });

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = createApi(t.rt);
    for (const id of [ANCHOR, MANAGER, ADMIN, TICKET_ROOM, OTHER_ANCHOR, ...VIEWERS]) {
      auth[id] = { authorization: `Bearer ${await createSession(t.rt.db, id, 'test')}` };
    }
    const [demo] = await t.rt.db
      .select({ id: replays.id })
      .from(replays)
      .where(eq(replays.anchorId, ANCHOR))
      .limit(1);
    demoReplayId = demo!.id;
    testHls(path.join(replayFilesDir(t.rt.env.mediaDir), STEM, 'index.m3u8'), 40, 'seg-%05d.ts');
    const [made] = await t.rt.db
      .insert(replays)
      .values({
        anchorId: ANCHOR,
        title: 'Recorded',
        cover: '',
        categoryId: 2,
        streamUrl: `/replay-media/${STEM}/index.m3u8`,
        durationSec: 40,
        recordedAt: new Date(),
        recording: `${STEM}.flv`,
      })
      .returning({ id: replays.id });
    replayId = made!.id;
    media = createServer((req, res) => {
      void serveClipMedia(t.rt.db, t.rt.storage, new URL(req.url!, 'http://x').pathname, req, res);
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => media?.close(resolve));
    await t?.dispose();
  });

  const clipCount = async () => (await t.rt.db.select({ n: count() }).from(clips))[0]!.n;

  async function ready(id: number) {
    await clipQueue(t.rt).idle();
    const one = await callApi<{
      status: string;
      video: string;
      thumb: string;
      duration: number;
      start: number;
      asked_start: number;
    }>(api, 'GET', `/api/clip/one?clip_id=${id}`);
    expect(one.status).toBe(0);
    return one.data;
  }

  it('cuts a range of a recorded replay into a playable MP4 with a thumbnail, served by ranges', async () => {
    const made = await callApi<{ id: number; status: string }>(
      api,
      'POST',
      '/api/clip/create',
      { replay_id: replayId, start: 5, seconds: 10, title: 'Goal!' },
      as(VIEWERS[0]!),
    );
    expect(made.status, made.msg).toBe(0);
    expect(made.data.status).toBe('processing');
    const clip = await ready(made.data.id);
    expect(clip.status).toBe('ready');
    // Segments are 2 s: the clip starts at the keyframe at 4 s and says so.
    expect(clip.start).toBe(4);
    expect(clip.asked_start).toBe(5);
    const file = path.join(t.rt.env.dataDir, 'clips', `${made.data.id}.mp4`);
    const probed = probe(file);
    expect(probed.duration).toBeGreaterThanOrEqual(10);
    expect(probed.duration).toBeLessThanOrEqual(13);
    expect(probed.width).toBe(640);
    expect(probed.codecs).toEqual(expect.arrayContaining(['h264', 'aac']));
    // faststart: the index (moov) comes before the media data (mdat).
    const head = readFileSync(file).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(
      head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'),
    );
    const thumb = await fetch(`${base}${clip.thumb}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const whole = await fetch(`${base}${clip.video}`);
    expect(whole.status).toBe(200);
    const size = Number(whole.headers.get('content-length'));
    await whole.arrayBuffer();
    const part = await fetch(`${base}${clip.video}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const bad = await fetch(`${base}${clip.video}`, { headers: { range: `bytes=${size}-` } });
    expect(bad.status).toBe(416);
  }, 60_000);

  it('cuts the seeded demo replay (fMP4 segments) and the last 30 s of a running live', async () => {
    const demo = await callApi<{ id: number }>(
      api,
      'POST',
      '/api/clip/create',
      { replay_id: demoReplayId, start: 2, seconds: 10, title: 'Demo' },
      as(VIEWERS[1]!),
    );
    expect(demo.status, demo.msg).toBe(0);
    expect((await ready(demo.data.id)).status).toBe('ready');
    const demoLength = probe(path.join(t.rt.env.dataDir, 'clips', `${demo.data.id}.mp4`)).duration;
    expect(Math.abs(demoLength - 10)).toBeLessThanOrEqual(2);

    testHls(path.join(t.rt.env.mediaDir, 'hls', `${ANCHOR}.m3u8`), 40, `${ANCHOR}-%d.ts`);
    await t.rt.db.update(liveRooms).set({ isLive: true }).where(eq(liveRooms.anchorId, ANCHOR));
    const live = await callApi<{ id: number }>(
      api,
      'POST',
      '/api/clip/create',
      { anchor_id: ANCHOR, seconds: 30, title: 'Live moment' },
      as(VIEWERS[1]!),
    );
    expect(live.status, live.msg).toBe(0);
    expect((await ready(live.data.id)).status).toBe('ready');
    const liveLength = probe(path.join(t.rt.env.dataDir, 'clips', `${live.data.id}.mp4`)).duration;
    expect(Math.abs(liveLength - 30)).toBeLessThanOrEqual(2);
    expect(existsSync(path.join(t.rt.env.dataDir, 'clips', `${live.data.id}.jpg`))).toBe(true);

    const list = await callApi<{ list: { id: number; views: number }[]; total: number }>(
      api,
      'GET',
      `/api/clip/list?anchor_id=${ANCHOR}`,
    );
    expect(list.data.list.map((c) => c.id)).toEqual(
      expect.arrayContaining([demo.data.id, live.data.id]),
    );
    const view = await callApi<{ views: number; counted: number }>(api, 'POST', '/api/clip/view', {
      clip_id: live.data.id,
    });
    expect(view.data).toEqual({ views: 1, counted: 1 });
    const again = await callApi<{ views: number; counted: number }>(api, 'POST', '/api/clip/view', {
      clip_id: live.data.id,
    });
    expect(again.data).toEqual({ views: 1, counted: 0 });
  }, 60_000);

  it('refuses a room that is not live, ranges beyond the replay, and ticket lives', async () => {
    const before = await clipCount();
    await t.rt.db
      .update(liveRooms)
      .set({ isLive: false })
      .where(eq(liveRooms.anchorId, OTHER_ANCHOR));
    const off = await callApi(
      api,
      'POST',
      '/api/clip/create',
      { anchor_id: OTHER_ANCHOR, seconds: 20, title: 'x' },
      as(VIEWERS[2]!),
    );
    expect(off.msg).toBe('This room is not live now');
    const beyond = await callApi(
      api,
      'POST',
      '/api/clip/create',
      { replay_id: replayId, start: 35, seconds: 20, title: 'x' },
      as(VIEWERS[2]!),
    );
    expect(beyond.msg).toMatch(/within the replay’s 40 seconds/);
    await t.rt.db
      .update(liveRooms)
      .set({ isLive: true })
      .where(eq(liveRooms.anchorId, TICKET_ROOM));
    const [room] = await t.rt.db
      .select({ ticket: liveRooms.ticket })
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, TICKET_ROOM));
    expect(room!.ticket).toBeGreaterThan(0);
    const ticket = await callApi(
      api,
      'POST',
      '/api/clip/create',
      { anchor_id: TICKET_ROOM, seconds: 20, title: 'x' },
      as(VIEWERS[2]!, 'zh'),
    );
    expect(ticket.msg).toBe('门票直播进行中不能剪辑');
    expect(await clipCount()).toBe(before);
  });

  it('refuses guests and bad input in both languages, storing nothing', async () => {
    const before = await clipCount();
    const guest = await callApi(api, 'POST', '/api/clip/create', {
      replay_id: replayId,
      start: 0,
      seconds: 10,
      title: 'x',
    });
    expect(guest.status).not.toBe(0);
    const bad: [unknown, string][] = [
      [{ replay_id: replayId, start: 0, seconds: 4, title: 'x' }, 'A clip lasts 10 to 60 seconds'],
      [{ replay_id: replayId, start: 0, seconds: 61, title: 'x' }, 'A clip lasts'],
      [{ anchor_id: ANCHOR, seconds: 5, title: 'x' }, 'A clip lasts'],
      [{ replay_id: replayId, start: 0, seconds: '10', title: 'x' }, 'A clip lasts'],
      [{ replay_id: replayId, start: -1, seconds: 10, title: 'x' }, 'Choose where in the replay'],
      [{ replay_id: replayId, seconds: 10, title: 'x' }, 'Choose where in the replay'],
      [{ replay_id: replayId, start: 0, seconds: 10, title: '' }, 'Give the clip a title'],
      [
        { replay_id: replayId, start: 0, seconds: 10, title: 'x'.repeat(41) },
        'Give the clip a title',
      ],
      [
        { replay_id: replayId, start: 0, seconds: 10, title: 'x'.repeat(100_000) },
        'Give the clip a title',
      ],
      [{ replay_id: replayId, start: 0, seconds: 10, title: 42 }, 'Give the clip a title'],
      [{ replay_id: replayId, start: 0, seconds: 10, title: 'a\u0007b' }, 'control'],
      [
        { replay_id: replayId, anchor_id: ANCHOR, start: 0, seconds: 10, title: 'x' },
        'Clip either a live room or a replay',
      ],
      [{ seconds: 10, title: 'x' }, 'Clip either a live room or a replay'],
    ];
    for (const [body, message] of bad) {
      const answer = await callApi(api, 'POST', '/api/clip/create', body, as(VIEWERS[3]!));
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(1);
      expect(answer.msg.toLowerCase()).toContain(message.toLowerCase());
    }
    const zh = await callApi(
      api,
      'POST',
      '/api/clip/create',
      { replay_id: replayId, start: 0, seconds: 99, title: 'x' },
      as(VIEWERS[3]!, 'zh'),
    );
    expect(zh.msg).toBe('直播片段长 10 至 60 秒，回放片段长 5 至 60 秒');
    const zhTitle = await callApi(
      api,
      'POST',
      '/api/clip/create',
      { replay_id: replayId, start: 0, seconds: 10, title: '' },
      as(VIEWERS[3]!, 'zh'),
    );
    expect(zhTitle.msg).toBe('请为片段填写 1 至 40 个字的标题');
    expect(await clipCount()).toBe(before);
  });

  it('limits clips per user per minute and per hour', async () => {
    const fresh = createApi(t.rt);
    const body = { replay_id: replayId, start: 0, seconds: 5, title: 'Burst' };
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(await callApi(fresh, 'POST', '/api/clip/create', body, as(VIEWERS[4]!)));
    }
    expect(answers.slice(0, 3).every((a) => a.status === 0)).toBe(true);
    expect(answers[3]!.http).toBe(429);
    await clipQueue(t.rt).idle();
    // The hour: rows made earlier this hour count, whatever became of them.
    await t.rt.db.insert(clips).values(
      Array.from({ length: CLIPS_PER_HOUR - 3 }, () => ({
        anchorId: ANCHOR,
        userId: VIEWERS[4]!,
        title: 'Earlier',
        askedSec: 10,
        status: 2,
      })),
    );
    t.rt.shared = (await import('../../src/server/shared/state.ts')).createMemoryState();
    const hourly = await callApi(
      createApi(t.rt),
      'POST',
      '/api/clip/create',
      body,
      as(VIEWERS[4]!),
    );
    expect(hourly.msg).toBe(`You can make ${CLIPS_PER_HOUR} clips an hour; try again later`);
  }, 60_000);

  it('lets the anchor, its managers and administrators remove clips, audited; nobody else', async () => {
    const [first, second, third] = await t.rt.db
      .select({ id: clips.id })
      .from(clips)
      .where(and(eq(clips.anchorId, ANCHOR), eq(clips.status, 1)))
      .limit(3);
    const remove = (user: number, id: number) =>
      callApi(api, 'POST', '/api/clip/remove', { clip_id: id }, as(user));
    expect(
      (await callApi(api, 'POST', '/api/clip/remove', { clip_id: first!.id })).status,
    ).not.toBe(0);
    const rights = async (user: number) =>
      (
        await callApi<{ can_remove: number }>(
          api,
          'GET',
          `/api/clip/one?clip_id=${first!.id}`,
          undefined,
          as(user),
        )
      ).data.can_remove;
    expect(await rights(VIEWERS[0]!)).toBe(0);
    expect(await rights(OTHER_ANCHOR)).toBe(0);
    expect(await rights(MANAGER)).toBe(1);
    expect(await rights(ANCHOR)).toBe(1);
    expect(await rights(ADMIN)).toBe(1);
    expect((await remove(OTHER_ANCHOR, first!.id)).msg).toBe(
      'Only the room’s anchor, its managers and administrators can remove this clip',
    );
    expect((await remove(VIEWERS[0]!, first!.id)).status).toBe(1);
    expect((await remove(MANAGER, first!.id)).status).toBe(0);
    expect((await remove(ANCHOR, second!.id)).status).toBe(0);
    expect((await remove(ADMIN, third!.id)).status).toBe(0);
    expect((await remove(ADMIN, third!.id)).msg).toBe('This clip does not exist or was removed');
    const gone = await callApi(api, 'GET', `/api/clip/one?clip_id=${first!.id}`, undefined, {
      lang: 'en',
    });
    expect(gone.msg).toBe('This clip does not exist or was removed');
    expect(existsSync(path.join(t.rt.env.dataDir, 'clips', `${first!.id}.mp4`))).toBe(false);
    expect((await fetch(`${base}/clip-media/${first!.id}.mp4`)).status).toBe(404);
    const entries = await t.rt.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'clip.remove'));
    expect(entries.map((e) => e.target).sort()).toEqual(
      [first!.id, second!.id, third!.id].map((id) => `clip:${id}`).sort(),
    );
  });
});
