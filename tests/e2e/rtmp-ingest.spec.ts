/**
 * A real broadcast: Debian's nginx with the RTMP module runs as the ingest, ffmpeg pushes a
 * 10 s test pattern (keyframe every 50 frames) with the key from getStreamInfo, and a viewer who
 * opened the room before the stream started sees the player switch to it and play it. When the
 * push ends the room goes offline. An encoder still pushing when the live ends (endLive, or the
 * server ending it after the anchor logged out) is disconnected through the ingest's control
 * port, and its key is refused afterwards. nginx, libnginx-mod-rtmp and ffmpeg must be installed:
 * this test fails, never skips, without them.
 */
import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Runtime } from '../../src/server/runtime.ts';
import { liveRooms, users } from '../../src/server/db/schema.ts';
import type { Ingest } from '../../src/server/media/nginx.ts';
import { pushToIngest, startJourneyIngest } from './media-ingest.ts';
import { expect, freePort, screenshot, test, useLocale } from './fixtures.ts';
import { FFMPEG } from '../media-pattern.ts';

const ANCHOR = '13900000017';

test('an anchor pushes RTMP with their key and a viewer watches it play', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(180_000);
  expect(existsSync(FFMPEG), 'ffmpeg is needed (apt-get install ffmpeg)').toBe(true);
  const { rt } = server;
  const [anchor] = await rt.db.select().from(users).where(eq(users.mobile, ANCHOR));
  const anchorId = anchor!.id;

  // The anchor: log in, read the push key, start the live.
  const login = await page.request.post('/api/user/login', {
    data: { account: ANCHOR, pwd: 'demo1234', platform: 0, login_type: 1, source_id: 10001 },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}` };
  const info1 = await page.request.post('/webapi/live/getStreamInfo', { headers, data: {} });
  const stream = ((await info1.json()) as { data: { stream: string } }).data.stream;
  expect(stream).toMatch(new RegExp(`^${anchorId}\\?key=`));
  const startLive = async () => {
    const start = await page.request.post('/webapi/live/startLive', {
      headers,
      data: {
        title: 'Test pattern live',
        category: 3,
        cateid: 303,
        match_id: 0,
        thumb: '',
        thumb_y: '/demo/covers-v/dota2-1.webp',
        ticket: 0,
        enable_webrtc: 0,
      },
    });
    expect(((await start.json()) as { status: number }).status).toBe(0);
  };
  await startLive();

  // The ingest, calling this test's server for its publish decisions.
  const rtmpPort = await freePort();
  let ingest: Ingest | undefined;
  // Stops any push still running when the test ends, whatever happened.
  const pushes = new AbortController();
  try {
    ingest = await startJourneyIngest(rt, baseURL!, rtmpPort);

    // A viewer opens the room while nothing is being pushed yet.
    await useLocale(page, baseURL!, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/liveMatchesTwo/${anchorId}`);
    const player = page.locator('[data-player]');
    await expect(player).toHaveAttribute('data-live', '0');
    await expect(page.locator('.player-state')).toHaveText(
      'The anchor has not started broadcasting',
    );

    // A wrong key is turned away by the publish hook: ffmpeg fails.
    const refused = await push(rtmpPort, `${anchorId}?key=not-the-right-key-at-all`, 2);
    expect(refused).not.toBe(0);

    const pushing = push(rtmpPort, stream, 10);
    await expect(player).toHaveAttribute('data-live', '1', { timeout: 15_000 });
    await expect(player).toHaveAttribute('data-src', `/hls/${anchorId}.m3u8`);
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    const video = page.locator('[data-player] video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 })
      .toBe(640);
    const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(t0 + 1);
    await screenshot(page, info, 'rtmp-live-room-1440-en-US', { fullPage: false });

    expect(await pushing).toBe(0);
    // The push ended: nginx reports it and the room goes offline.
    await expect(player).toHaveAttribute('data-live', '0', { timeout: 20_000 });

    // The encoder reconnects (the session is still open) and is still pushing when the anchor
    // ends the live: the server drops it through the ingest's control port.
    const reconnected = push(rtmpPort, stream, 120, pushes.signal);
    await expect.poll(() => isLive(rt, anchorId), { timeout: 15_000 }).toBe(true);
    await expect(player).toHaveAttribute('data-live', '1', { timeout: 15_000 });
    const end = await page.request.post('/webapi/live/endLive', { headers, data: {} });
    expect(((await end.json()) as { status: number }).status).toBe(0);
    expect(await exitWithin(reconnected, 5_000), 'ffmpeg is disconnected').not.toBeNull();
    await expect(player).toHaveAttribute('data-live', '0', { timeout: 10_000 });
    // Its retry with the same key is refused: the live is over.
    expect(await push(rtmpPort, stream, 2)).not.toBe(0);

    // The anchor goes live again, logs out and does not come back: when the server ends the
    // live (its sweep runs every 15 s) the encoder is dropped as well.
    await startLive();
    const forgotten = push(rtmpPort, stream, 120, pushes.signal);
    await expect.poll(() => isLive(rt, anchorId), { timeout: 15_000 }).toBe(true);
    await rt.db
      .update(liveRooms)
      .set({ autoEndAt: new Date(Date.now() - 1_000) })
      .where(eq(liveRooms.anchorId, anchorId));
    expect(await exitWithin(forgotten, 25_000), 'ffmpeg is disconnected').not.toBeNull();
    expect(await isLive(rt, anchorId)).toBe(false);
  } finally {
    pushes.abort();
    await ingest?.stop();
    await page.request.post('/webapi/live/endLive', { headers, data: {} });
  }
});

/** Whether the anchor's room is live in the database. */
async function isLive(rt: Runtime, anchorId: number): Promise<boolean> {
  const [room] = await rt.db
    .select({ isLive: liveRooms.isLive })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId));
  return room?.isLive ?? false;
}

/** The exit code of a push that ends within `ms`, or null when it is still running. */
async function exitWithin(pushing: Promise<number>, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([pushing, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Pushes the suite's test pattern to the ingest on `port`; resolves with ffmpeg's exit code. */
const push = (port: number, stream: string, seconds: number, signal?: AbortSignal) =>
  pushToIngest(port, stream, { seconds, size: '640x360', gop: 50, preset: 'veryfast' }, signal);
