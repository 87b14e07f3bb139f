/**
 * Clips: a viewer clips a range of the seeded demo replay from its stage, follows the cut in the
 * dialog, opens /clip/{id} and it plays; the anchor's page lists it with its views and the
 * anchor removes it; an unknown clip answers a 404 page in both languages; a viewer clips the
 * last 30 s of a live pushed to the real ingest (nginx with the RTMP module, ffmpeg) and that
 * plays too; screens at phone and desktop width in both languages.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { replays, users } from '../../src/server/db/schema.ts';
import type { Ingest } from '../../src/server/media/nginx.ts';
import {
  expect,
  expectAccessible,
  freePort,
  screenshot,
  signIn,
  test,
  useLocale,
} from './fixtures.ts';
import { playClip } from './clip-helpers.ts';
import { pushToIngest, startJourneyIngest } from './media-ingest.ts';

const ANCHOR = 100003;

/** A free room's anchor who pushes a test pattern in the live journey. */
const LIVE_ANCHOR = '13900000017';

test('a viewer clips a replay range, opens and plays the clip, and the anchor page lists it', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(240_000);
  const [replay] = await server.rt.db
    .select({ id: replays.id })
    .from(replays)
    .where(eq(replays.anchorId, ANCHOR))
    .orderBy(desc(replays.recordedAt))
    .limit(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/anchorReplay/${ANCHOR}?replay=${replay!.id}`);
  await signIn(page, '13900000001');
  await expect(page.locator('[data-player]')).toHaveAttribute('data-state', 'playing', {
    timeout: 20_000,
  });

  await page.getByRole('button', { name: 'Clip', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a clip' });
  await expect(dialog).toBeVisible();
  // The demo recording is 16 s long: start at 2 s for 10 s.
  await dialog.getByLabel('Start').fill('2');
  await dialog.getByText('10 s', { exact: true }).click();
  await dialog.getByLabel('Title').fill('Winning goal');
  await dialog.getByRole('button', { name: 'Cut clip' }).click();
  const open = dialog.getByRole('link', { name: 'Open clip' });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator('[data-clip-status]')).toHaveText('Your clip is ready');
  await expectAccessible(page);
  await screenshot(page, info, 'clip-dialog-1440-en-US', { fullPage: false });
  const href = (await open.getAttribute('href'))!;
  expect(href).toMatch(/^\/clip\/\d+$/);

  const counted = page.waitForResponse((r) => r.url().endsWith('/api/clip/view'));
  await open.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winning goal');
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'video.other');
  await expect(page.locator('meta[property="og:video:type"]')).toHaveAttribute(
    'content',
    'video/mp4',
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\.jpg$/);
  const duration = await playClip(page);
  expect(duration).toBeGreaterThan(9);
  expect(duration).toBeLessThan(13);
  expect(((await (await counted).json()) as { status: number }).status).toBe(0);
  await expect(page.locator('[data-clip-views]')).toHaveText('1 view');
  await expectAccessible(page);
  await screenshot(page, info, 'clip-page-1440-en-US');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, info, 'clip-page-375-en-US');

  await useLocale(page, baseURL!, 'zh-CN');
  await page.reload();
  await expect(page.getByRole('button', { name: '复制链接' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, info, 'clip-page-375-zh-CN');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, info, 'clip-page-1440-zh-CN');

  // The anchor sees it on their page.
  await page.goto(`/anchorInfo/${ANCHOR}`);
  const list = page.locator('[data-clip-list]');
  await expect(list.getByRole('heading', { name: '精彩片段' })).toBeVisible();
  const card = list.locator(`a[href="${href}"]`);
  await expect(card).toContainText('Winning goal');
  await expect(card).toContainText('1 次观看');
  await expectAccessible(page);
  await screenshot(page, info, 'anchor-clips-1440-zh-CN');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, info, 'anchor-clips-375-zh-CN');

  // The anchor removes it from the clip page: gone from their page (whose rendering the anchor
  // saw just before, so it was cached) and its video stops at once.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(href);
  await signIn(page, '13900000003');
  const remove = page.getByRole('button', { name: '删除', exact: true });
  await expect(remove).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await remove.click();
  await expect(page).toHaveURL(new RegExp(`/anchorInfo/${ANCHOR}$`));
  await expect(page.locator(`[data-clip-list] a[href="${href}"]`)).toHaveCount(0);
  const clipId = Number(href.split('/').pop());
  expect((await page.request.get(`/clip-media/${clipId}.mp4`)).status()).toBe(404);
  const gone = await page.request.get(`/api/clip/one?clip_id=${clipId}`);
  expect(((await gone.json()) as { status: number }).status).toBe(1);

  // An unknown clip: a 404 page in the viewer's language.
  const missing = await page.goto('/clip/999999');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('片段不存在');
  await expectAccessible(page);
  await useLocale(page, baseURL!, 'en-US');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clip not found');
  await screenshot(page, info, 'clip-missing-375-en-US');
});

test('a viewer clips the last 30 s of a pushed live and the clip plays', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(240_000);
  const { rt } = server;
  const [anchor] = await rt.db.select().from(users).where(eq(users.mobile, LIVE_ANCHOR));
  const anchorId = anchor!.id;
  const login = await page.request.post('/api/user/login', {
    data: { account: LIVE_ANCHOR, pwd: 'demo1234', platform: 0, login_type: 1, source_id: 10001 },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}` };
  const streamInfo = await page.request.post('/webapi/live/getStreamInfo', { headers, data: {} });
  const stream = ((await streamInfo.json()) as { data: { stream: string } }).data.stream;
  const start = await page.request.post('/webapi/live/startLive', {
    headers,
    data: {
      title: 'Clip me live',
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
  const pushes = new AbortController();
  let ingest: Ingest | undefined;
  try {
    ingest = await startJourneyIngest(rt, baseURL!, rtmpPort);
    const pushing = pushToIngest(
      rtmpPort,
      stream,
      { seconds: 150, size: '640x360', strictGop: true },
      pushes.signal,
    );
    const playlist = path.join(rt.env.mediaDir, 'hls', `${anchorId}.m3u8`);
    // Wait until the live playlist holds more than 30 s of video.
    await expect
      .poll(
        () =>
          existsSync(playlist)
            ? [...readFileSync(playlist, 'utf8').matchAll(/#EXTINF:([\d.]+)/g)].reduce(
                (sum, m) => sum + Number(m[1]),
                0,
              )
            : 0,
        { timeout: 80_000, intervals: [1000] },
      )
      .toBeGreaterThan(32);

    await useLocale(page, baseURL!, 'zh-CN');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/liveMatchesTwo/${anchorId}`);
    await signIn(page, '13900000002');
    await page.getByRole('button', { name: '剪辑', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '剪辑片段' });
    await expect(dialog.getByText('30 秒', { exact: true })).toBeVisible();
    await dialog.getByLabel('标题').fill('刚才的进球');
    await expectAccessible(page);
    await screenshot(page, info, 'clip-live-dialog-375-zh-CN', { fullPage: false });
    await dialog.getByRole('button', { name: '剪辑', exact: true }).click();
    const open = dialog.getByRole('link', { name: '查看片段' });
    await expect(open).toBeVisible({ timeout: 30_000 });
    await open.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('刚才的进球');
    const duration = await playClip(page);
    expect(duration).toBeGreaterThan(29);
    expect(duration).toBeLessThan(33);
    await screenshot(page, info, 'clip-live-page-375-zh-CN');
    pushes.abort();
    await pushing;
  } finally {
    pushes.abort();
    await ingest?.stop();
  }
});
