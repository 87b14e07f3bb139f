/**
 * A pushed live becomes a replay on its own: Debian's nginx with the RTMP module records it,
 * ffmpeg pushes 6 s of test pattern, and when the push ends the replay is listed within a
 * minute on /liveMatchesReplay, the anchor page and /anchorReplay/{id}, with the live's title,
 * its length and a thumbnail from the recording, and plays in Chromium with a seek to the
 * middle. The anchor then finds it in the anchor centre's "My replays", hides it (gone from the
 * public list), shows it again and deletes it after confirming. nginx, libnginx-mod-rtmp and
 * ffmpeg must be installed: this test fails, never skips, without them.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { liveRooms } from '../../src/server/db/schema.ts';
import type { Ingest } from '../../src/server/media/nginx.ts';
import { pushToIngest, startJourneyIngest } from './media-ingest.ts';
import {
  expect,
  expectAccessible,
  freePort,
  screenshot,
  signIn,
  test,
  useLocale,
} from './fixtures.ts';

const ANCHOR = '13900000019';
const TITLE = 'Recorded test pattern';
const PUSH_SECONDS = 6;

interface ListedReplay {
  id: number;
  title: string;
  duration: number;
  cover: string;
}

/** The anchor's public replays, newest first. */
async function publicReplays(request: APIRequestContext, anchorId: number) {
  const res = await request.get(`/api/live/replays?anchor_id=${anchorId}&size=50`);
  return ((await res.json()) as { data: { list: ListedReplay[] } }).data.list;
}

test('a pushed live is recorded into a replay that plays and seeks, and its anchor hides and deletes it', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(240_000);
  const { rt } = server;
  const login = await page.request.post('/api/user/login', {
    data: { account: ANCHOR, pwd: 'demo1234', platform: 0, login_type: 1, source_id: 10001 },
  });
  const { token, id: anchorId } = ((await login.json()) as { data: { token: string; id: number } })
    .data;
  const headers = { authorization: `Bearer ${token}` };
  // The room goes back to its match after this live (other journeys list it as upcoming).
  const [room] = await rt.db
    .select({
      matchId: liveRooms.matchId,
      categoryId: liveRooms.categoryId,
      secondCategoryId: liveRooms.secondCategoryId,
    })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId));
  const infoRes = await page.request.post('/webapi/live/getStreamInfo', { headers, data: {} });
  const stream = ((await infoRes.json()) as { data: { stream: string } }).data.stream;
  const start = await page.request.post('/webapi/live/startLive', {
    headers,
    data: {
      title: TITLE,
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

  let ingest: Ingest | undefined;
  try {
    const rtmpPort = await freePort();
    ingest = await startJourneyIngest(rt, baseURL!, rtmpPort);
    const pushStarted = Date.now();
    expect(await push(rtmpPort, stream, PUSH_SECONDS)).toBe(0);
    // End live as the anchor would; the recording was closed when the push ended.
    await page.request.post('/webapi/live/endLive', { headers, data: {} });

    // Within a minute the replay is there, as long as the push, with a JPEG from it.
    let replay: ListedReplay | undefined;
    await expect
      .poll(
        async () => {
          replay = (await publicReplays(page.request, anchorId)).find((r) => r.title === TITLE);
          return replay !== undefined;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(true);
    console.log(`replay listed ${Date.now() - pushStarted} ms after the push started`);
    expect(Math.abs(replay!.duration - PUSH_SECONDS)).toBeLessThanOrEqual(2);
    const cover = await page.request.get(replay!.cover);
    expect(cover.status()).toBe(200);
    expect(cover.headers()['content-type']).toBe('image/jpeg');

    // Listed on the replay list and the anchor page.
    await useLocale(page, baseURL!, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/liveMatchesReplay');
    await expect(page.locator('.replay-card .replay-title', { hasText: TITLE })).toHaveCount(1);
    await page.goto(`/anchorInfo/${anchorId}`);
    await expect(page.locator('.replay-title', { hasText: TITLE }).first()).toBeVisible();

    // It plays, and a seek to the middle lands there and plays on.
    await page.goto(`/anchorReplay/${anchorId}?replay=${replay!.id}`);
    await expect(page.locator('#replay-title')).toHaveText(TITLE);
    const player = page.locator('[data-player]');
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    const video = page.locator('[data-player] video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
    const length = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(Math.abs(length - PUSH_SECONDS)).toBeLessThanOrEqual(2);
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration / 2;
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(length / 2 - 0.5);
    const mid = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(mid + 0.5);
    await screenshot(page, info, 'recorded-replay-1440-en-US', { fullPage: false });

    // The anchor's "My replays": screens in both languages and widths.
    await signIn(page, ANCHOR);
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await useLocale(page, baseURL!, locale);
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await openMine(page);
        await screenshot(page, info, `my-replays-${width}-${locale}`);
      }
    }

    await useLocale(page, baseURL!, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openMine(page);
    const row = page.locator(`[data-replay="${replay!.id}"]`);
    await expectAccessible(page);
    await row.getByRole('button', { name: 'Hide' }).click();
    await expect(row.locator('.mr-badge')).toHaveText('Hidden');
    await expectAccessible(page);
    expect((await publicReplays(page.request, anchorId)).map((r) => r.id)).not.toContain(
      replay!.id,
    );
    await screenshot(page, info, 'my-replays-hidden-1440-en-US');
    await row.getByRole('button', { name: 'Show' }).click();
    await expect(row.locator('.mr-badge')).toHaveCount(0);
    expect((await publicReplays(page.request, anchorId)).map((r) => r.id)).toContain(replay!.id);

    const one = await page.request.get(`/api/live/replay?replay_id=${replay!.id}`);
    const streamUrl = ((await one.json()) as { data: { stream_url: string } }).data.stream_url;
    expect((await page.request.get(streamUrl)).status()).toBe(200);

    // Delete asks first: a dismissed question keeps it, an accepted one removes it.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toBeVisible();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(TITLE);
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    expect((await publicReplays(page.request, anchorId)).map((r) => r.id)).not.toContain(
      replay!.id,
    );
    expect((await page.request.get(streamUrl)).status()).toBe(404);
  } finally {
    await ingest?.stop();
    await page.request.post('/webapi/live/endLive', { headers, data: {} });
    if (room) await rt.db.update(liveRooms).set(room).where(eq(liveRooms.anchorId, anchorId));
  }
});

/** Opens the anchor centre's "My replays" tab and waits for its list. */
async function openMine(page: Page): Promise<void> {
  await page.goto('/user-center/center-anchor?tab=replays');
  await expect(page.locator('.mr-list')).toBeVisible({ timeout: 15_000 });
}

/** Pushes the suite's test pattern to the ingest on `port`; resolves with ffmpeg's exit code. */
const push = (port: number, stream: string, seconds: number, signal?: AbortSignal) =>
  pushToIngest(port, stream, { seconds }, signal);
