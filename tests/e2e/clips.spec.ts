/**
 * Clips: a viewer clips a range of the seeded demo replay from its stage, follows the cut in the
 * dialog, opens /clip/{id} and it plays; the anchor's page lists it with its views; an unknown
 * clip answers a 404 page in both languages; screens at phone and desktop width in both.
 */
import { desc, eq } from 'drizzle-orm';
import { replays } from '../../src/server/db/schema.ts';
import { expect, expectAccessible, screenshot, signIn, test, useLocale } from './fixtures.ts';

const ANCHOR = 100003;

test('a viewer clips a replay range, opens and plays the clip, and the anchor page lists it', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(120_000);
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
  const video = page.locator('[data-clip-video]');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
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
