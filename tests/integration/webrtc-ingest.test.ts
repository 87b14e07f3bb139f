/**
 * The WebRTC ingest on the real RTMP ingest (Debian's nginx with the RTMP module; its hooks
 * answered by a stand-in that knows one stream and key). A WHIP publisher (werift in this
 * process, fed over RTP by ffmpeg's H.264 and Opus test pattern, what a browser sends) is
 * checked with the hook, forwarded into nginx, and nginx's HLS playlist of the stream grows with
 * H.264 and AAC; a WHEP viewer receives the picture; no key is 401, a wrong key 403, a bad offer
 * 400; when the RTMP ingest drops the forward (as End live does) the publisher and its viewers,
 * connected or still connecting, close and WHEP finds nothing. Through the site, a viewer's
 * session is ended with its secret only, and a ticket-paid room is never watched over WHEP.
 * ffmpeg, nginx and libnginx-mod-rtmp must be installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPublisher } from '../../src/server/media/control.ts';
import { newestSegment } from '../../src/server/media/ladder/probe.ts';
import { startIngest, type Ingest } from '../../src/server/media/nginx.ts';
import { startWebRtcIngest, type WebRtcIngest } from '../../src/server/webrtc/server.ts';
import { eq } from 'drizzle-orm';
import { createApi } from '../../src/server/app.ts';
import { liveRooms, users } from '../../src/server/db/schema.ts';
import { createRequestListener } from '../../src/server/server.ts';
import { createMemoryState } from '../../src/server/shared/state.ts';
import { WEBRTC_OFFERS_PER_MINUTE } from '../../src/server/webrtc/proxy.ts';
import { openTestRuntime } from './helpers.ts';
import { freePort } from './redis-helpers.ts';
import { until } from './wait.ts';
import {
  feed,
  hookStandIn,
  LOOPBACK,
  post,
  publisher,
  send,
  silentOffer,
  viewer,
} from './webrtc-helpers.ts';

const ANCHOR = '4343';
const KEY = 'right-key-right-key-1234';

let dir: string;
let hooks: Awaited<ReturnType<typeof hookStandIn>> | undefined;
let ingest: Ingest | undefined;
let webrtc: WebRtcIngest | undefined;
let controlPort = 0;
const calls: string[] = [];

const whip = (query = '') => `${webrtc!.url}/whip/${ANCHOR}${query}`;
const whep = (base = webrtc!.url) => `${base}/whep/${ANCHOR}`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'webrtc-'));
  // The site's hooks as far as this suite needs them: one stream name with one key.
  hooks = await hookStandIn(ANCHOR, KEY, calls);
  const hookBase = hooks.base;
  const rtmpPort = await freePort();
  controlPort = await freePort();
  ingest = await startIngest({
    mediaDir: dir,
    rtmpHost: '127.0.0.1',
    rtmpPort,
    controlPort,
    hookBase,
    hookToken: 'test',
  });
  webrtc = await startWebRtcIngest({
    host: '127.0.0.1',
    port: 0,
    ice: LOOPBACK,
    hookBase,
    hookToken: 'test',
    rtmpPort,
    keyframeMs: 1000,
    // Long enough that only the publisher's end can close the viewers still connecting here.
    connectMs: 60_000,
  });
}, 30_000);

afterAll(async () => {
  await webrtc?.stop();
  await ingest?.stop();
  await hooks?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('WebRTC ingest', () => {
  it('refuses a publisher without a key, with a wrong key, or with a bad offer', async () => {
    const none = await publisher(whip());
    expect(none.answer.status).toBe(401);
    await none.pc.close();
    const wrong = await publisher(whip('?key=wrong-key-wrong-key-0000'));
    expect(wrong.answer.status).toBe(403);
    await wrong.pc.close();
    const bad = await post(whip(`?key=${KEY}`), 'not an offer');
    expect(bad.status).toBe(400);
    expect(webrtc!.streams()).toEqual([]);
    // Nobody watches a stream that is not there.
    const early = await viewer(whep());
    expect(early.answer.status).toBe(404);
    await early.pc.close();
  });

  it('forwards a WHIP stream to HLS, serves it over WHEP, and ends with the RTMP ingest', async () => {
    // The key as a bearer token, as OBS's WHIP output sends it (the site's URL carries ?key=).
    const pub = await publisher(whip(), { authorization: `Bearer ${KEY}` });
    expect(pub.answer.status).toBe(201);
    expect(pub.answer.location).toMatch(new RegExp(`^/whip/${ANCHOR}/[0-9a-f-]{36}$`));
    // Only the configured address is offered to the publisher.
    const candidates = pub.answer.sdp.split('\r\n').filter((l) => l.startsWith('a=candidate:'));
    expect(candidates.length).toBeGreaterThan(0);
    for (const line of candidates) expect(line).toContain(' 127.0.0.1 ');
    await pub.pc.setRemoteDescription({ type: 'answer', sdp: pub.answer.sdp });
    const source = await feed(pub.video, pub.audio);
    try {
      // nginx's HLS of the stream: H.264 as sent, Opus turned into AAC.
      const playlist = path.join(dir, 'hls', `${ANCHOR}.m3u8`);
      const segment = await until(
        'two HLS segments',
        () => {
          if (!existsSync(playlist)) return false;
          const text = readFileSync(playlist, 'utf8');
          const count = text.split('\n').filter((l) => l.startsWith('#EXTINF')).length;
          const newest = newestSegment(text);
          return count >= 2 && newest ? path.join(dir, 'hls', newest.uri) : false;
        },
        30_000,
      );
      const codecs = execFileSync('/usr/bin/ffprobe', [
        ...['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', segment],
      ])
        .toString()
        .trim()
        .split('\n');
      expect([...new Set(codecs.filter(Boolean))].sort()).toEqual(['aac', 'h264']);
      // The WebRTC side only checked; the room went live through the RTMP ingest's own hook.
      expect(calls).toContain('check_publish webrtc');
      expect(calls).toContain('on_publish live');

      const watcher = await viewer(whep());
      expect(watcher.answer.status).toBe(201);
      await until('video packets at the viewer', () => watcher.got.video > 50, 15_000);
      expect(watcher.got.audio).toBeGreaterThan(0);
      // Two more viewers whose connections never complete: still connecting, well before the
      // deadline (a minute in this suite).
      const silent = [await silentOffer(), await silentOffer()];
      for (const { offer } of silent) expect((await post(whep(), offer)).status).toBe(201);
      expect(webrtc!.streams()).toEqual([
        { name: ANCHOR, viewers: 1, pending: 2, connected: true },
      ]);
      expect(webrtc!.sessions()).toBe(4);

      // End live drops the publisher at the RTMP ingest: the WebRTC side follows, and every
      // viewer's session, connected or still connecting, closes with it.
      expect(await dropPublisher(controlPort, Number(ANCHOR))).toBeGreaterThanOrEqual(1);
      await until('the WebRTC publisher to close', () => webrtc!.streams().length === 0, 10_000);
      expect(webrtc!.sessions()).toBe(0);
      for (const hole of silent) hole.close();
      const late = await viewer(whep());
      expect(late.answer.status).toBe(404);
      await late.pc.close();
      await watcher.pc.close();
    } finally {
      source.stop();
      await pub.pc.close();
    }
  }, 90_000);

  it('is reached through the site, which limits new sessions per address', async () => {
    const t = await openTestRuntime('pglite');
    const ingestPort = Number(new URL(webrtc!.url).port);
    const site = (port: number) =>
      createServer(
        createRequestListener({
          rt: t.rt,
          api: createApi(t.rt),
          hub: undefined as never,
          webrtcPort: port,
        }),
      );
    const up = site(ingestPort);
    await new Promise<void>((resolve) => up.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(up.address() as AddressInfo).port}`;
    try {
      // The ingest's answers come back as they are: no key, then a wrong one.
      expect((await post(`${base}/whip/${ANCHOR}`, 'v=0')).status).toBe(401);
      const wrong = await post(`${base}/whip/${ANCHOR}`, 'v=0', { authorization: 'Bearer wrong' });
      expect(wrong).toMatchObject({ status: 403, sdp: 'refused' });
      expect(
        (
          await send(
            `${base}/whip/${ANCHOR}/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`,
            'DELETE',
          )
        ).status,
      ).toBe(404);
      // A huge offer is refused whole; a key with control characters is just a wrong key.
      const huge = await post(`${base}/whip/${ANCHOR}`, `v=0\r\n${'a'.repeat(100_000)}`, {
        authorization: `Bearer ${KEY}`,
      });
      expect(huge).toMatchObject({ status: 413, sdp: 'offer too large' });
      const control = await post(
        `${base}/whip/${ANCHOR}?key=${encodeURIComponent('\u0000\u001b[2J')}`,
        'v=0',
      );
      expect(control.status).toBe(403);
      // One address may open so many sessions a minute.
      let limited = 0;
      for (let i = 0; i < WEBRTC_OFFERS_PER_MINUTE; i++) {
        if ((await post(`${base}/whep/${ANCHOR}`, 'v=0')).status === 429) limited += 1;
      }
      expect(limited).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => up.close(resolve));
    }
    // Without the ingest the site says so (fresh limits: this address used them up above).
    t.rt.shared = createMemoryState();
    const down = site(await freePort());
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    try {
      const res = await post(
        `http://127.0.0.1:${(down.address() as AddressInfo).port}/whep/${ANCHOR}`,
        'v=0',
      );
      expect(res).toMatchObject({ status: 503, sdp: 'the WebRTC ingest is not running' });
    } finally {
      await new Promise((resolve) => down.close(resolve));
      await t.dispose();
    }
  }, 120_000);

  it('refuses WHEP through the site for a ticket-paid room, which plays through its ticket check', async () => {
    const t = await openTestRuntime('pglite');
    // The stream's room in the site's database, free at first.
    await t.rt.db
      .insert(users)
      .values({ id: Number(ANCHOR), mobile: '13943430000', nickName: 'Pay' });
    await t.rt.db.insert(liveRooms).values({
      anchorId: Number(ANCHOR),
      title: 'Final',
      cover: '/img/cover.jpg',
      categoryId: 3,
      isLive: true,
    });
    const up = createServer(
      createRequestListener({
        rt: t.rt,
        api: createApi(t.rt),
        hub: undefined as never,
        webrtcPort: Number(new URL(webrtc!.url).port),
      }),
    );
    await new Promise<void>((resolve) => up.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(up.address() as AddressInfo).port}`;
    const pub = await publisher(whip(`?key=${KEY}`));
    expect(pub.answer.status).toBe(201);
    await pub.pc.setRemoteDescription({ type: 'answer', sdp: pub.answer.sdp });
    const source = await feed(pub.video, pub.audio);
    const open: { pc: { close: () => Promise<void> } }[] = [];
    try {
      await until(
        'the publisher to connect',
        () => webrtc!.streams()[0]?.connected === true,
        15_000,
      );
      // A free room is watched through the site, and its resource is deleted through it with
      // the session's secret (the site passes it to the viewer and its DELETE back).
      const free = await viewer(whep(base));
      open.push(free);
      expect(free.answer.status).toBe(201);
      expect(free.answer.secret).toMatch(/^[\w-]{43}$/);
      await until('video packets through the site', () => free.got.video > 10, 15_000);
      const resource = `${base}${free.answer.location}`;
      expect((await send(resource, 'DELETE')).status).toBe(401);
      const wrongSecret = { authorization: `Bearer ${'x'.repeat(43)}` };
      expect((await send(resource, 'DELETE', '', wrongSecret)).status).toBe(403);
      expect(webrtc!.streams()[0]?.viewers).toBe(1);
      const right = { authorization: `Bearer ${free.answer.secret}` };
      expect((await send(resource, 'DELETE', '', right)).status).toBe(200);
      expect(webrtc!.streams()[0]?.viewers).toBe(0);

      // The anchor asks for a ticket: the same offer is refused by the site, not by the ingest.
      await t.rt.db
        .update(liveRooms)
        .set({ ticket: 2 })
        .where(eq(liveRooms.anchorId, Number(ANCHOR)));
      const paid = await viewer(whep(base));
      open.push(paid);
      expect(paid.answer).toMatchObject({
        status: 403,
        sdp: 'a ticket room plays through its ticket check',
        location: null,
      });
      expect(webrtc!.streams()[0]?.viewers).toBe(0);
      const direct = await viewer(whep());
      open.push(direct);
      expect(direct.answer.status).toBe(201);
      // Publishing stays the anchor's own business: WHIP to a ticket room still reaches the ingest.
      expect((await post(`${base}/whip/${ANCHOR}`, 'v=0')).status).toBe(401);
    } finally {
      for (const v of open) await v.pc.close();
      source.stop();
      await pub.pc.close();
      // The publisher's own DELETE, with its key, ends its stream on the WebRTC side.
      await send(`${webrtc!.url}${pub.answer.location}`, 'DELETE', '', {
        authorization: `Bearer ${KEY}`,
      });
      await new Promise((resolve) => up.close(resolve));
      await t.dispose();
    }
  }, 120_000);
});
