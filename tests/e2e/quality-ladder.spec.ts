/**
 * The quality ladder in a real room: the ingest (Debian's nginx with the RTMP module) and the
 * ladder's supervisor run beside this test's server, ffmpeg pushes a 1280x720 test pattern
 * (keyframe every second) with the anchor's key, and a viewer who opened the room as it went
 * live ends up on the master playlist: the quality menu lists 720p, 480p and Auto, and 480p
 * plays. Back on the 720p source, the transcoder is killed with SIGKILL: the video goes on while
 * the supervisor starts it again. ffmpeg, nginx and libnginx-mod-rtmp must be installed: this
 * test fails, never skips, without them.
 */
import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { liveRooms, users } from '../../src/server/db/schema.ts';
import { startLadder, type Supervisor } from '../../src/server/media/ladder/supervisor.ts';
import type { Ingest } from '../../src/server/media/nginx.ts';
import { pushToIngest, startJourneyIngest } from './media-ingest.ts';
import { expect, freePort, screenshot, test, useLocale } from './fixtures.ts';
import { FFMPEG } from '../media-pattern.ts';

const ANCHOR = '13900000017';

/** The video's current time. */
function currentTime(page: Page): Promise<number> {
  return page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.currentTime);
}

test('a pushed live gets 720p and 480p with Auto, and survives its transcoder dying', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(180_000);
  expect(existsSync(FFMPEG), 'ffmpeg is needed (apt-get install ffmpeg)').toBe(true);
  const { rt } = server;
  const [anchor] = await rt.db.select().from(users).where(eq(users.mobile, ANCHOR));
  const anchorId = anchor!.id;

  const login = await page.request.post('/api/user/login', {
    data: { account: ANCHOR, pwd: 'demo1234', platform: 0, login_type: 1, source_id: 10001 },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}` };
  const streamInfo = await page.request.post('/webapi/live/getStreamInfo', { headers, data: {} });
  const stream = ((await streamInfo.json()) as { data: { stream: string } }).data.stream;
  const start = await page.request.post('/webapi/live/startLive', {
    headers,
    data: {
      title: 'Quality ladder live',
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

  const rtmpPort = await freePort();
  let ingest: Ingest | undefined;
  let ladder: Supervisor | undefined;
  const pushes = new AbortController();
  try {
    ingest = await startJourneyIngest(rt, baseURL!, rtmpPort);
    ladder = startLadder({
      mediaDir: rt.env.mediaDir,
      rtmpPort,
      settings: { max: 1, preset: 'ultrafast' },
      intervalMs: 500,
    });
    const pushing = push(rtmpPort, stream, 90, pushes.signal);
    // The ingest has let the push in (a busy machine can take seconds to start ffmpeg).
    await expect
      .poll(
        async () =>
          (
            await rt.db
              .select({ isLive: liveRooms.isLive })
              .from(liveRooms)
              .where(eq(liveRooms.anchorId, anchorId))
          )[0]?.isLive,
        { timeout: 30_000 },
      )
      .toBe(true);

    // The viewer arrives as the live starts: the source first, the master once it is written.
    await useLocale(page, baseURL!, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/liveMatchesTwo/${anchorId}`);
    const player = page.locator('[data-player]');
    await expect(player).toHaveAttribute('data-live', '1', { timeout: 20_000 });
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    const menu = player.getByRole('menuitemradio');
    // The menu's entries, closed or open: the live's own heights once the master plays.
    const entries = player.locator('.pl-menu [data-quality]');
    await expect
      .poll(() => entries.allTextContents(), { timeout: 30_000 })
      .toEqual(['720p', '480p', 'Auto']);
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });

    await player.hover();
    await player.locator('.pl-quality-btn').click();
    await expect(menu).toHaveText(['720p', '480p', 'Auto']);
    await screenshot(page, info, 'quality-ladder-menu-1440-en-US', { fullPage: false });
    await player.getByRole('menuitemradio', { name: '480p', exact: true }).click();
    await expect(player).toHaveAttribute('data-level', '480', { timeout: 15_000 });
    const video = player.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 15_000 })
      .toBe(480);
    const at480 = await currentTime(page);
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(at480 + 1);

    // Back on the source; the transcoder dies and the source plays on while it is restarted.
    await player.hover();
    await player.locator('.pl-quality-btn').click();
    await player.getByRole('menuitemradio', { name: '720p', exact: true }).click();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 15_000 })
      .toBe(720);
    const [live] = ladder.lives();
    expect(live?.pid).toBeGreaterThan(0);
    process.kill(live!.pid!, 'SIGKILL');
    const killedAt = await currentTime(page);
    await expect
      .poll(
        () => {
          const [now] = ladder!.lives();
          return now?.master === true && now.pid !== live!.pid && now.restarts === 1;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await currentTime(page)).toBeGreaterThan(killedAt + 1);
    await expect(player).toHaveAttribute('data-state', 'playing');
    await expect(player).toHaveAttribute('data-level', '720');

    // A viewer on 480p when it dies again is carried on: hls.js falls back to the source level,
    // or the player reloads the room's stream, which is the source until the ladder is back.
    await player.hover();
    await player.locator('.pl-quality-btn').click();
    await player.getByRole('menuitemradio', { name: '480p', exact: true }).click();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 30_000 })
      .toBe(480);
    const [second] = ladder.lives();
    process.kill(second!.pid!, 'SIGKILL');
    await expect.poll(() => ladder!.lives()[0]?.restarts, { timeout: 10_000 }).toBe(2);
    const diedAt = await currentTime(page);
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(diedAt + 3);
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });

    // A page rendered while the ladder runs names the master as the room's stream.
    await expect.poll(() => ladder!.lives()[0]?.master, { timeout: 20_000 }).toBe(true);
    const html = await (await page.request.get(`/liveMatchesTwo/${anchorId}`)).text();
    expect(html).toContain(`data-src="/hls/${anchorId}/master.m3u8"`);

    pushes.abort();
    await pushing;
  } finally {
    pushes.abort();
    await ladder?.stop();
    await ingest?.stop();
    await page.request.post('/webapi/live/endLive', { headers, data: {} });
  }
});

/** Pushes the suite's test pattern to the ingest on `port`; resolves with ffmpeg's exit code. */
const push = (port: number, stream: string, seconds: number, signal?: AbortSignal) =>
  pushToIngest(port, stream, { seconds, size: '1280x720' }, signal);
