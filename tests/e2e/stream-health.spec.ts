/**
 * Live thumbnails and stream health on a real ingest: ffmpeg pushes a 720p test pattern at
 * 20 fps with a keyframe every 4 s and a low bitrate. The anchor's stream health call reports
 * the resolution, frame rate and keyframe interval with the keyframe, bitrate and frame rate
 * warnings, and nobody else may ask for it; the anchor centre and the room's anchor bar show
 * it (screens at 375 and 1440 px in both languages). The home page shows the room's cover
 * until the server has grabbed a frame, then the frame: a real 480x270 JPEG under /frames/.
 * nginx, libnginx-mod-rtmp and ffmpeg must be installed: this test fails, never skips.
 */
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { liveRooms, users } from '../../src/server/db/schema.ts';
import { listRooms } from '../../src/server/live/rooms.ts';
import type { Ingest } from '../../src/server/media/nginx.ts';
import { pushToIngest, startJourneyIngest } from './media-ingest.ts';
import type { StreamHealth } from '../../src/lib/studio/stream-health.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { expect, freePort, screenshot, signIn, test, useLocale } from './fixtures.ts';
import { FFMPEG } from '../media-pattern.ts';

const ANCHOR = '13900000016';
const OTHER_ANCHOR = '13900000015';

test('an anchor sees the health of their stream and the cards show a frame of it', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(240_000);
  expect(existsSync(FFMPEG), 'ffmpeg is needed (apt-get install ffmpeg)').toBe(true);
  const { rt } = server;
  const [anchor] = await rt.db.select().from(users).where(eq(users.mobile, ANCHOR));
  const anchorId = anchor!.id;

  await useLocale(page, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await signIn(page, ANCHOR);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const health = async (as = headers, query = '') => {
    const res = await page.request.get(`/api/studio/stream_health${query}`, { headers: as });
    return (await res.json()) as { status: number; msg: string; data: StreamHealth };
  };

  // The seeded room plays the demo clip as if live: this anchor starts a live of their own.
  await rt.db.update(liveRooms).set({ isLive: false }).where(eq(liveRooms.anchorId, anchorId));
  const info1 = await page.request.post('/webapi/live/getStreamInfo', { headers, data: {} });
  const stream = ((await info1.json()) as { data: { stream: string } }).data.stream;
  const start = await page.request.post('/webapi/live/startLive', {
    headers,
    data: {
      title: 'Health check live',
      category: 3,
      cateid: 303,
      match_id: 0,
      thumb: '/demo/covers/dota2-1.webp',
      thumb_y: '/demo/covers-v/dota2-1.webp',
      ticket: 0,
      enable_webrtc: 0,
    },
  });
  expect(await start.json()).toMatchObject({ status: 0 });
  // The hottest live leads the home page.
  await rt.db.update(liveRooms).set({ heat: 2e12 }).where(eq(liveRooms.anchorId, anchorId));
  const [room] = await rt.db.select().from(liveRooms).where(eq(liveRooms.anchorId, anchorId));
  const cover = room!.cover;

  // Session open, nothing pushed: the call answers, with nothing received.
  const idle = await health();
  expect(idle.status).toBe(0);
  expect(idle.data).toMatchObject({ session_open: true, receiving: false, warnings: [] });

  const pushes = new AbortController();
  let ingest: Ingest | undefined;
  try {
    const rtmpPort = await freePort();
    ingest = await startJourneyIngest(rt, baseURL!, rtmpPort);
    void push(rtmpPort, stream, 90, pushes.signal);

    // Live, and no frame yet: the home page leads with the room's own cover.
    await expect.poll(() => isLive(rt, anchorId), { timeout: 15_000 }).toBe(true);
    const hero = page.locator('.hero-media img');
    // The home page is cached for 5 s: the render from before the live may still be served.
    await expect
      .poll(
        async () => {
          await page.goto('/home');
          return page.locator('.hero-media').getAttribute('href');
        },
        { timeout: 15_000, intervals: [1_000] },
      )
      .toBe(`/liveMatchesTwo/${anchorId}`);
    await expect(hero).toHaveAttribute('src', cover);

    // The figures: 1280x720 at 20 fps, keyframes 4 s apart, far too few bits for 720p.
    await expect
      .poll(async () => (await health()).data.warnings.map((w) => w.code), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['keyframe', 'bitrate', 'frameRate']));
    const { data } = await health();
    expect(data.receiving).toBe(true);
    expect(data.figures).toMatchObject({ width: 1280, height: 720, fps: 20, codec: 'H264' });
    expect(data.figures.keyframeS).toBeGreaterThanOrEqual(3.9);
    expect(data.figures.keyframeS).toBeLessThanOrEqual(4.2);
    expect(data.figures.kbps).toBeLessThan(1_000);
    const keyframe = data.warnings.find((w) => w.code === 'keyframe');
    expect(keyframe).toMatchObject({ code: 'keyframe', max: 2 });
    expect(keyframe && 'seconds' in keyframe ? keyframe.seconds : 0).toBeCloseTo(4, 0);

    // Nobody else: another anchor asking for this room, a viewer, a guest.
    const [other] = await rt.db.select().from(users).where(eq(users.mobile, OTHER_ANCHOR));
    const otherLogin = await page.request.post('/api/user/login', {
      data: { account: OTHER_ANCHOR, pwd: 'demo1234', platform: 0, login_type: 1, source_id: 1 },
    });
    const otherToken = ((await otherLogin.json()) as { data: { token: string } }).data.token;
    const asOther = { authorization: `Bearer ${otherToken}` };
    const refused = await health(asOther, `?anchor_id=${anchorId}`);
    expect(refused.status).toBe(1);
    expect(refused.msg).toBe('You can only see the health of your own stream');
    // Their own call is about their own (offline) room, never this one.
    expect((await health(asOther)).data.receiving).toBe(false);
    expect(other!.id).not.toBe(anchorId);
    expect((await health({ authorization: '' })).status).not.toBe(0);

    // Within a tick or two of the first segment the cards show a frame of the live instead.
    let frameUrl = '';
    await expect
      .poll(
        async () => {
          await page.goto('/home');
          frameUrl = (await hero.getAttribute('src')) ?? '';
          return frameUrl;
        },
        { timeout: 30_000, intervals: [2_000] },
      )
      .toMatch(new RegExp(`^/frames/${anchorId}-\\d{13}\\.jpg$`));
    const frame = await page.request.get(frameUrl);
    expect(frame.headers()['content-type']).toBe('image/jpeg');
    expect(jpegSize(await frame.body())).toEqual({ width: 480, height: 270 });
    const [card] = await listRooms(rt.db, { locale: 'en-US', anchorIds: [anchorId] });
    expect(card!.cover).toBe(frameUrl);
    await expect(hero).toHaveJSProperty('naturalWidth', 480);
    await screenshot(page, info, 'live-frame-home-1440-en-US', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto('/home');
    await expect(hero).toHaveJSProperty('naturalWidth', 480);
    await screenshot(page, info, 'live-frame-home-375-en-US', { fullPage: false });

    // The anchor centre and the room's anchor bar show the figures and the warnings.
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await useLocale(page, baseURL!, locale);
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/user-center/center-anchor');
        await expectPanel(page);
        await page.locator('[data-stream-health]').scrollIntoViewIfNeeded();
        await screenshot(page, info, `stream-health-centre-${width}-${locale}`, {
          fullPage: false,
        });
        await page.goto(`/liveMatchesTwo/${anchorId}`);
        await expectPanel(page);
        await page.locator('[data-stream-health]').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `test-results/screens/stream-health-room-${width}-${locale}.png`,
        });
      }
    }
    await useLocale(page, baseURL!, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/user-center/center-anchor');
    await expect(page.locator('[data-warning="keyframe"]')).toContainText(
      'Keyframes are 4 s apart',
    );
  } finally {
    pushes.abort();
    await ingest?.stop();
    await page.request.post('/webapi/live/endLive', { headers, data: {} });
  }
  // Offline again: the card is the cover.
  const [after] = await listRooms(rt.db, { locale: 'en-US', anchorIds: [anchorId] });
  expect(after!.cover).toBe(cover);
});

/** The panel is on the page with figures and the keyframe warning. */
async function expectPanel(page: Page): Promise<void> {
  const panel = page.locator('[data-stream-health]');
  await expect(panel).toHaveAttribute('data-receiving', '1', { timeout: 15_000 });
  await expect(panel.locator('[data-figure="resolution"] dd')).toHaveText('1280×720');
  await expect(panel.locator('[data-warning="keyframe"]')).toBeVisible();
}

/** Whether the anchor's room is live in the database. */
async function isLive(rt: Runtime, anchorId: number): Promise<boolean> {
  const [room] = await rt.db
    .select({ isLive: liveRooms.isLive })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId));
  return room?.isLive ?? false;
}

/** The width and height in a JPEG's first start-of-frame marker, or null when not a JPEG. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** Pushes the suite's test pattern to the ingest on `port`; resolves with ffmpeg's exit code. */
const push = (port: number, stream: string, seconds: number, signal?: AbortSignal) =>
  pushToIngest(
    port,
    stream,
    { seconds, size: '1280x720', fps: 20, gop: 80, strictGop: true, bitrate: '300k' },
    signal,
  );
