/**
 * Live thumbnails on real segments: the grabber turns the newest HLS segment of a live on our
 * ingest into a 480x270 JPEG, skips a live with no new segment, follows a new one, leaves an
 * ended live alone and removes its old frames; room cards name the newest frame while live and
 * the cover otherwise. A ticket live gets no frame, its card shows the cover and its room's frames
 * answer 404 over HTTP while the ticket stands. ffmpeg must be installed: this suite fails, never skips, without it.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRooms } from '../../src/server/db/schema.ts';
import { listRooms } from '../../src/server/live/rooms.ts';
import { FFMPEG_BIN, startFrameGrabber } from '../../src/server/media/frame-grabber.ts';
import {
  FRAMES_DIR,
  frameName,
  invalidateFrameIndex,
  serveFrame,
} from '../../src/server/media/frames.ts';
import { TERMS_CACHE_MS } from '../../src/server/media/gate.ts';
import { setRuntime } from '../../src/server/runtime.ts';
import { openTestRuntime, type TestRuntime, userIdByMobile } from './helpers.ts';

const ANCHOR = '13900000016';

/** Encodes `n` one-second 320x180 segments into `hls` and lists the first `listed` of them. */
function segments(hls: string, anchorId: number, n: number): (listed: number) => void {
  for (let i = 0; i < n; i += 1) {
    execFileSync(FFMPEG_BIN, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', `testsrc2=size=320x180:rate=25:duration=1`, '-c:v', 'libx264'],
      ...['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mpegts'],
      path.join(hls, `${anchorId}-${i}.ts`),
    ]);
  }
  return (listed) => {
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1'];
    for (let i = 0; i < listed; i += 1) lines.push('#EXTINF:1.000,', `${anchorId}-${i}.ts`);
    writeFileSync(path.join(hls, `${anchorId}.m3u8`), `${lines.join('\n')}\n`);
  };
}

/** The width and height ffprobe reads from a picture file. */
function pictureSize(file: string): string {
  return execFileSync('/usr/bin/ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file],
  ])
    .toString()
    .trim();
}

describe('live thumbnails', () => {
  let t: TestRuntime;
  let anchorId: number;
  let cover: string;
  beforeAll(async () => {
    expect(existsSync(FFMPEG_BIN), 'ffmpeg is needed (apt-get install ffmpeg)').toBe(true);
    t = await openTestRuntime('pglite');
    // Room cards find MEDIA_DIR through the process's runtime, as the pages do.
    setRuntime(t.rt);
    anchorId = await userIdByMobile(t.rt.db, ANCHOR);
    // Only this room is live, and on our ingest.
    await t.rt.db.update(liveRooms).set({ isLive: false }).where(ne(liveRooms.anchorId, anchorId));
    const [room] = await t.rt.db
      .update(liveRooms)
      .set({ isLive: true, streamUrl: `/hls/${anchorId}.m3u8` })
      .where(eq(liveRooms.anchorId, anchorId))
      .returning({ cover: liveRooms.cover });
    cover = room!.cover;
  });
  afterAll(async () => {
    setRuntime(undefined);
    await t?.dispose();
  });

  const card = async () => {
    invalidateFrameIndex();
    const [row] = await listRooms(t.rt.db, { locale: 'en-US', anchorIds: [anchorId] });
    return row!.cover;
  };

  it('grabs the newest segment once, follows new ones and stops with the live', async () => {
    const { mediaDir } = t.rt.env;
    const hls = path.join(mediaDir, 'hls');
    const frames = path.join(mediaDir, FRAMES_DIR);
    mkdirSync(hls, { recursive: true });
    const list = segments(hls, anchorId, 3);
    // A tick an hour away: the test drives the passes; every live is due at every pass.
    const grabber = startFrameGrabber({ db: t.rt.db, mediaDir, tickMs: 3_600_000, intervalMs: 0 });
    try {
      // Live without a segment yet: no frame, the card shows the cover.
      await grabber.tick();
      expect(await card()).toBe(cover);

      list(1);
      await grabber.tick();
      const first = readdirSync(frames);
      expect(first).toHaveLength(1);
      expect(first[0]).toMatch(new RegExp(`^${anchorId}-\\d{13}\\.jpg$`));
      const file = path.join(frames, first[0]!);
      expect([...readFileSync(file).subarray(0, 2)]).toEqual([0xff, 0xd8]);
      expect(pictureSize(file)).toBe('480,270');
      expect(await card()).toBe(`/frames/${first[0]}`);

      // No new segment: no ffmpeg, no new frame.
      await grabber.tick();
      expect(readdirSync(frames)).toEqual(first);

      // A new segment: a new frame with a new name, which the card now names.
      // Frames are named by the millisecond: let the clock move so the new name differs.
      await new Promise((r) => setTimeout(r, 5));
      list(2);
      await grabber.tick();
      const second = readdirSync(frames).filter((n) => !first.includes(n));
      expect(second).toHaveLength(1);
      expect(await card()).toBe(`/frames/${second[0]}`);

      // The live ends: no more grabs, the card is the cover, old frames go.
      await t.rt.db
        .update(liveRooms)
        .set({ isLive: false })
        .where(eq(liveRooms.anchorId, anchorId));
      list(3);
      const old = frameName(anchorId, Date.now() - 5 * 60_000);
      writeFileSync(path.join(frames, old), 'old');
      await grabber.tick();
      expect(readdirSync(frames).sort()).toEqual([...first, ...second].sort());
      expect(await card()).toBe(cover);
    } finally {
      await grabber.stop();
    }
  });

  it('takes no frame of a ticket live, shows its cover and serves none of its frames', async () => {
    const { mediaDir } = t.rt.env;
    const hls = path.join(mediaDir, 'hls');
    const frames = path.join(mediaDir, FRAMES_DIR);
    mkdirSync(hls, { recursive: true });
    mkdirSync(frames, { recursive: true });
    await t.rt.db
      .update(liveRooms)
      .set({ isLive: true, ticket: 0, startedAt: new Date() })
      .where(eq(liveRooms.anchorId, anchorId));
    // A frame from while the live was free, served over HTTP as the site serves it.
    const earlier = frameName(anchorId, Date.now());
    writeFileSync(path.join(frames, earlier), 'jpeg');
    const server: Server = createServer((req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://frames');
      void serveFrame({ db: t.rt.db, mediaDir }, pathname, req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/frames/${earlier}`;
    const grabber = startFrameGrabber({ db: t.rt.db, mediaDir, tickMs: 3_600_000, intervalMs: 0 });
    try {
      expect((await fetch(url)).status).toBe(200);
      expect(await card()).toBe(`/frames/${earlier}`);

      // The anchor now sells tickets for the live: no grab, the cover, and 404 for the frame.
      await t.rt.db.update(liveRooms).set({ ticket: 1 }).where(eq(liveRooms.anchorId, anchorId));
      // The room's terms are cached: wait the cache out so the change is read.
      await new Promise((r) => setTimeout(r, TERMS_CACHE_MS + 50));
      const before = readdirSync(frames).sort();
      segments(hls, anchorId, 5)(5);
      await grabber.tick();
      expect(readdirSync(frames).sort()).toEqual(before);
      expect(await card()).toBe(cover);
      const refused = await fetch(url);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('cache-control')).toBe('no-store');

      // Free again: the frame is served again.
      await t.rt.db.update(liveRooms).set({ ticket: 0 }).where(eq(liveRooms.anchorId, anchorId));
      // Again past the cached terms, so the frame is served under the new ones.
      await new Promise((r) => setTimeout(r, TERMS_CACHE_MS + 50));
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await grabber.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
