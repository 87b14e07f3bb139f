/**
 * Going live with only a browser: Debian's nginx with the RTMP module and the WebRTC ingest run
 * beside the test's server, Chromium's fake camera and microphone stand in for the anchor's. The
 * anchor turns on high-speed push in the start-live dialog, sees the camera's preview, starts,
 * and their room publishes over WHIP by itself, showing the connection's health. One viewer with
 * low latency on plays the live over WHEP, another plays it over HLS (the same stream, forwarded
 * into the RTMP ingest); turning low latency off ends the WHEP session with its secret and plays
 * HLS. End live stops both, and the old key is refused afterwards, as is a wrong key at any
 * time. A second anchor's session (in Chinese) opens the console from the room for the screens
 * at 375 px. nginx, libnginx-mod-rtmp and ffmpeg must be installed.
 */
import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { users } from '../../src/server/db/schema.ts';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import type { Ingest } from '../../src/server/media/nginx.ts';
import { startJourneyIngest } from './media-ingest.ts';
import { startWebRtcIngest, type WebRtcIngest } from '../../src/server/webrtc/server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WEBRTC_LOOPBACK_ARGS } from '../../scripts/chromium.ts';
import { FFMPEG } from '../media-pattern.ts';
import {
  expect,
  expectAccessible,
  freePort,
  openWindow,
  screenshot,
  signIn,
  test,
  useLocale,
} from './fixtures.ts';

const ANCHOR = '13900000015';

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      // A test pattern and a tone instead of a camera and a microphone, allowed without asking.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // Loopback candidates, as the ingest on this machine offers.
      ...WEBRTC_LOOPBACK_ARGS,
    ],
  },
});

async function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: '#00d1ff' } })
    .png()
    .toBuffer();
}

/** The video's playhead moves on (frames are arriving). */
async function expectPlaying(page: Page): Promise<void> {
  const video = page.locator('[data-player] video');
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(t0 + 1);
}

/** A screen of the viewport with the broadcast console in it. */
async function consoleScreen(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.locator('[data-broadcast]').scrollIntoViewIfNeeded();
  const file = `test-results/screens/${name}.png`;
  await page.screenshot({ path: file });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/** A WHIP offer's status for `key` on the site (the key is checked before the offer is read). */
async function whipStatus(page: Page, anchorId: number, key: string): Promise<number> {
  const res = await page.request.post(`/whip/${anchorId}`, {
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${key}` },
    data: 'v=0\r\n',
  });
  return res.status();
}

test('an anchor goes live from the browser; viewers watch over WebRTC and HLS', async ({
  page,
  browser,
  baseURL,
  server,
}, info) => {
  test.setTimeout(240_000);
  expect(existsSync(FFMPEG), 'ffmpeg is needed (apt-get install ffmpeg)').toBe(true);
  const { rt } = server;
  const [anchor] = await rt.db.select().from(users).where(eq(users.mobile, ANCHOR));
  const anchorId = anchor!.id;
  const hookToken = mediaHookToken(rt.env.secret);
  let ingest: Ingest | undefined;
  let webrtc: WebRtcIngest | undefined;
  const windows: Page[] = [];
  try {
    const rtmpPort = await freePort();
    ingest = await startJourneyIngest(rt, baseURL!, rtmpPort);
    webrtc = await startWebRtcIngest({
      host: '127.0.0.1',
      port: rt.env.webRtcPort,
      ice: { addresses: ['127.0.0.1'] },
      hookBase: baseURL!,
      hookToken,
      rtmpPort,
      keyframeMs: 1_000,
    });

    // The anchor opens Go live: the switch is offered now that the WebRTC ingest answers.
    await useLocale(page, baseURL!, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/home');
    await signIn(page, ANCHOR);
    await page.locator('.site-header [data-action="start-live"]').first().click();
    const dialog = page.locator('dialog.modal.ls[open]');
    const sw = dialog.getByRole('switch', { name: 'High-speed push (WebRTC)' });
    await expect(sw).toBeEnabled();
    await dialog.locator('input[name="title"]').fill('Match night, straight from the browser');
    await dialog
      .locator('[data-cover="cover_v"] input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await portrait() });
    await expect(dialog.locator('[data-cover="cover_v"] img')).toBeVisible();
    await sw.check();
    // The camera is chosen by default: its preview plays, with the devices to pick from.
    const setup = dialog.locator('[data-broadcast-setup]');
    await expect(setup.getByRole('radio', { name: 'Camera' })).toBeChecked();
    await expect
      .poll(() =>
        setup.locator('[data-broadcast-preview]').evaluate((v: HTMLVideoElement) => v.videoWidth),
      )
      .toBeGreaterThan(0);
    await expect(setup.locator('select[name="camera"] option')).not.toHaveCount(0);
    await expect(setup.locator('select[name="mic"] option')).not.toHaveCount(0);
    // The encoder choice shows the WHIP address without the key.
    await setup.getByRole('radio', { name: 'Encoder (OBS, WHIP)' }).check();
    await expect(setup.locator('[data-whip-url]')).toHaveText(`${baseURL}/whip/${anchorId}`);
    await setup.getByRole('radio', { name: 'Camera' }).check();
    await expect
      .poll(() =>
        setup.locator('[data-broadcast-preview]').evaluate((v: HTMLVideoElement) => v.videoWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, info, 'broadcast-dialog-1440-en-US', { fullPage: false });
    await expectAccessible(page);

    // Start: the room publishes by itself and shows the connection's health.
    await dialog.locator('[data-ls-submit]').click();
    await page.waitForURL(`**/liveMatchesTwo/${anchorId}`);
    const console = page.locator('[data-broadcast]');
    await expect(console).toHaveAttribute('data-phase', 'live', { timeout: 20_000 });
    await expect(console.getByRole('status')).toHaveText('Live over WebRTC');
    await expect(console.locator('[data-figure="resolution"] dd')).toHaveText(/^\d+×\d+$/, {
      timeout: 10_000,
    });
    await expect(console.locator('[data-figure="bitrate"] dd')).toHaveText(/[kM]b\/s$/);
    await expect(console.locator('[data-figure="loss"] dd')).toHaveText(/%$/, { timeout: 10_000 });
    // The stream went through to the RTMP ingest: the room is live.
    await expect(page.locator('[data-player]')).toHaveAttribute('data-live', '1', {
      timeout: 20_000,
    });
    // The bandwidth estimate climbs (the ingest reports how packets arrive): full 720p soon.
    await expect(console.locator('[data-figure="resolution"] dd')).toHaveText('1280×720', {
      timeout: 30_000,
    });
    // Muting the microphone is one click, and back.
    await console.locator('[data-broadcast-mic]').click();
    await expect(console.locator('[data-broadcast-mic]')).toHaveAttribute('aria-pressed', 'true');
    await console.locator('[data-broadcast-mic]').click();
    await consoleScreen(page, info, 'broadcast-room-1440-en-US');
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await consoleScreen(page, info, 'broadcast-room-375-en-US');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A viewer who wants it low: WebRTC. Another with the defaults: HLS of the same live.
    const fast = await openWindow(browser, baseURL!, '/home', null);
    await fast.evaluate(() => localStorage.setItem('player:lowLatency', '1'));
    await fast.goto(`/liveMatchesTwo/${anchorId}`);
    const slow = await openWindow(browser, baseURL!, `/liveMatchesTwo/${anchorId}`, null, {
      locale: 'zh-CN',
    });
    windows.push(fast, slow);
    await expect(fast.locator('[data-player]')).toHaveAttribute('data-mode', 'webrtc', {
      timeout: 20_000,
    });
    await expectPlaying(fast);
    // Still over WebRTC once playing: no fallback happened on the way.
    await expect(fast.locator('[data-player]')).toHaveAttribute('data-mode', 'webrtc');
    await expect(fast.locator('[data-player]')).not.toHaveAttribute('data-whep-fallback', /./);
    await expect(slow.locator('[data-player]')).toHaveAttribute('data-mode', 'hls', {
      timeout: 20_000,
    });
    await expect(slow.locator('[data-player]')).toHaveAttribute('data-state', 'playing', {
      timeout: 30_000,
    });
    await expectPlaying(slow);
    // The bar says which mode plays.
    for (const [viewer, text] of [
      [fast, 'WebRTC'],
      [slow, 'HLS'],
    ] as const) {
      await viewer.locator('[data-player] video').hover();
      await expect(viewer.locator('.pl-mode-text')).toHaveText(text);
    }
    await screenshot(fast, info, 'broadcast-viewer-webrtc-1440-en-US', { fullPage: false });
    // On a phone the bar still fits with the longer badge.
    await fast.setViewportSize({ width: 375, height: 812 });
    await fast.locator('[data-player] video').hover();
    const box = (await fast.locator('[data-player]').boundingBox())!;
    const last = (await fast.locator('[data-player] .pl-bar > :last-child').boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    await fast.setViewportSize({ width: 1440, height: 900 });
    await screenshot(slow, info, 'broadcast-viewer-hls-1440-zh-CN', { fullPage: false });
    expect(webrtc.streams()).toEqual([
      { name: String(anchorId), viewers: 1, pending: 0, connected: true },
    ]);
    // Low latency off: the player leaves WebRTC for HLS and ends its WHEP session through the
    // site with the secret its answer gave (the ingest ends it for nobody else).
    const ended = fast.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes(`/whep/${anchorId}/`),
    );
    await fast.locator('[data-player] video').hover();
    await fast.locator('[data-player]').getByRole('button', { name: 'Low latency' }).click();
    expect((await ended).status()).toBe(200);
    await expect(fast.locator('[data-player]')).toHaveAttribute('data-mode', 'hls', {
      timeout: 20_000,
    });
    expect(webrtc.streams()[0]?.viewers).toBe(0);

    // A wrong key is refused while the live runs, and so is a key once replaced.
    expect(await whipStatus(page, anchorId, 'not-the-right-key-at-all')).toBe(403);
    const studio = async (call: string) => {
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const res = await page.request.post(`/webapi/live/${call}`, {
        headers: { authorization: `Bearer ${token}` },
        data: {},
      });
      return ((await res.json()) as { data: { anchor_secret: string } }).data.anchor_secret;
    };
    const oldKey = await studio('getStreamInfo');
    const key = await studio('resetStreamKey');
    expect(await whipStatus(page, anchorId, oldKey)).toBe(403);

    // End live: both viewers see the room go offline, and the key no longer publishes.
    page.once('dialog', (d) => void d.accept());
    await page.locator('[data-end-live]').click();
    await page.waitForURL(/\/home$/);
    for (const viewer of [fast, slow]) {
      await expect(viewer.locator('[data-player]')).toHaveAttribute('data-live', '0', {
        timeout: 20_000,
      });
    }
    await expect.poll(() => webrtc!.streams(), { timeout: 10_000 }).toEqual([]);
    expect(await whipStatus(page, anchorId, key)).toBe(403);

    // In Chinese on a phone: the console opens from the room, camera preview first.
    await useLocale(page, baseURL!, 'zh-CN');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/liveMatchesTwo/${anchorId}`);
    await page.locator('[data-broadcast-open]').click();
    await expect(page.locator('[data-broadcast]')).toHaveAttribute('data-phase', 'preview');
    await expect(page.locator('[data-broadcast]').getByRole('status')).toHaveText('预览中');
    await consoleScreen(page, info, 'broadcast-room-375-zh-CN');
    await page.setViewportSize({ width: 1440, height: 900 });
    await consoleScreen(page, info, 'broadcast-room-1440-zh-CN');
    // Starting now is refused with the reason: the live has ended.
    await page.locator('[data-broadcast-start]').click();
    await expect(page.locator('[data-broadcast] .bc-problem')).toHaveText(
      '推流被拒绝：请先在“开播”中开始直播（更换推流码后旧码失效）。',
    );
    await expectAccessible(page);

    // The dialog on a phone in Chinese remembers the last live: high-speed push, the camera.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator('.site-header [data-action="start-live"]').first().click();
    const zhDialog = page.locator('dialog.modal.ls[open]');
    await expect(zhDialog.locator('input[name="title"]')).toHaveValue(
      'Match night, straight from the browser',
    );
    await expect(zhDialog.getByRole('switch')).toBeChecked();
    await expect(zhDialog.getByRole('radio', { name: '摄像头' })).toBeChecked();
    await expect
      .poll(() =>
        zhDialog
          .locator('[data-broadcast-preview]')
          .evaluate((v: HTMLVideoElement) => v.videoWidth),
      )
      .toBeGreaterThan(0);
    await zhDialog.locator('[data-broadcast-setup]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/broadcast-dialog-375-zh-CN.png' });
    await info.attach('broadcast-dialog-375-zh-CN', {
      path: 'test-results/screens/broadcast-dialog-375-zh-CN.png',
      contentType: 'image/png',
    });
  } finally {
    for (const w of windows) await w.context().close();
    await webrtc?.stop();
    await ingest?.stop();
    const token = await page.evaluate(() => localStorage.getItem('token')).catch(() => null);
    if (token) {
      await page.request.post('/webapi/live/endLive', {
        headers: { authorization: `Bearer ${token}` },
        data: {},
      });
    }
  }
});
