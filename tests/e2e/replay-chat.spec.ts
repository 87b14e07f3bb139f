/**
 * A replay with its chat: the barrage flies in time with the playhead and the chat-replay panel
 * follows it; a seek moves both; a logged-in viewer adds a barrage line at the playhead and the
 * room's anchor deletes it from the panel; axe and screens at phone and desktop width in both
 * languages.
 */
import type { Page } from '@playwright/test';
import { and, desc, eq } from 'drizzle-orm';
import { replayComments, replays } from '../../src/server/db/schema.ts';
import {
  expect,
  expectAccessible,
  expectToast,
  openWindow,
  screenshot,
  signIn,
  test,
  useLocale,
} from './fixtures.ts';

const ANCHOR = 100003;

const video = (page: Page) => page.locator('[data-player] video');
const currentMs = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => Math.round(v.currentTime * 1000));
const barrageCount = (page: Page) =>
  page
    .locator('[data-player] canvas[data-barrage]')
    .evaluate((c: HTMLCanvasElement) => Number(c.dataset.count ?? 0));
const lastOffset = (page: Page) =>
  page
    .locator('[data-player] canvas[data-barrage]')
    .evaluate((c: HTMLCanvasElement) => Number(c.dataset.lastOffset ?? -1));

test('a replay plays its chat in time, jumps with a seek and takes new barrage', async ({
  page,
  browser,
  baseURL,
  server,
}, info) => {
  // One journey through four screens on a shared two-core machine.
  test.setTimeout(180_000);
  const [replay] = await server.rt.db
    .select({ id: replays.id })
    .from(replays)
    .where(and(eq(replays.anchorId, ANCHOR), eq(replays.hidden, false)))
    .orderBy(desc(replays.recordedAt))
    .limit(1);
  const path = `/anchorReplay/${ANCHOR}?replay=${replay!.id}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLocale(page, baseURL!, 'en-US');
  await page.goto(path);
  const panel = page.locator('[data-replay-chat]');
  await expect(panel).toHaveAttribute('data-status', 'ready');
  await expect(page.locator('[data-player]')).toHaveAttribute('data-state', 'playing', {
    timeout: 20_000,
  });

  // The barrage flies lines as the playhead passes them, never ahead of it.
  await expect.poll(() => barrageCount(page), { timeout: 15_000 }).toBeGreaterThan(3);
  const [flown, at] = await Promise.all([lastOffset(page), currentMs(page)]);
  expect(flown).toBeLessThanOrEqual(at + 100);
  await expect(panel.locator('.chat-msg').first()).toBeVisible();

  // Seek: pause near the end of the recording; the panel shows the lines up to there.
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await page.locator('[data-timeline] input').evaluate((input: HTMLInputElement) => {
    input.value = String(Number(input.max) * 0.8);
    input.dispatchEvent(new Event('input'));
    input.dispatchEvent(new Event('change'));
  });
  await expect.poll(() => currentMs(page)).toBeGreaterThan(10_000);
  const seekedMs = await currentMs(page);
  const time = `0:${String(Math.floor(seekedMs / 1000)).padStart(2, '0')}`;
  await expect(page.locator('[data-replay-chat-time]')).toHaveText(time);
  const rows = await panel.locator('.chat-msg').count();
  expect(rows).toBeGreaterThan(5);
  // Back to the start: the panel jumps back with it.
  await page.locator('[data-timeline] input').evaluate((input: HTMLInputElement) => {
    input.value = '0.5';
    input.dispatchEvent(new Event('input'));
    input.dispatchEvent(new Event('change'));
  });
  await expect(page.locator('[data-replay-chat-time]')).toHaveText('0:00');
  await expect.poll(() => panel.locator('.chat-msg').count()).toBeLessThan(rows);

  // Guests are asked to log in; a viewer adds a line at the playhead.
  await panel.locator('.chat-login').click();
  await expect(page.locator('.login-modal')).toBeVisible();
  await signIn(page, '13900000001');
  await expect(panel).toHaveAttribute('data-status', 'ready');
  const input = panel.locator('[data-replay-barrage-input]');
  // No digits: a run of them reads as an advertisement to the chat rules.
  const words = `replay line ${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  await input.fill(words);
  await panel.locator('button[type="submit"]').click();
  await expect(panel.locator('.chat-msg.own', { hasText: words })).toBeVisible();
  await expect(input).toHaveValue('');
  await expectAccessible(page);
  await screenshot(page, info, 'replay-chat-1440-en-US');

  // The line is stored: after a reload it comes back with the track.
  await page.reload();
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await expect(panel).toHaveAttribute('data-status', 'ready');

  for (const [width, locale] of [
    [375, 'zh-CN'],
    [1440, 'zh-CN'],
    [375, 'en-US'],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await useLocale(page, baseURL!, locale);
    await page.goto(path);
    await expect(panel).toHaveAttribute('data-status', 'ready');
    await expect(page.locator('#replay-chat-title')).toHaveText(
      locale === 'zh-CN' ? '聊天回放' : 'Chat replay',
    );
    if (width === 375) {
      // On phones the panel sits below the player.
      const player = (await page.locator('[data-player]').boundingBox())!;
      const box = (await panel.boundingBox())!;
      expect(box.y).toBeGreaterThan(player.y + player.height - 1);
    }
    await expectAccessible(page);
    await screenshot(page, info, `replay-chat-${width}-${locale}`);
  }

  // The room's anchor deletes the viewer's line from the panel as the replay passes it.
  const anchor = await openWindow(browser, baseURL!, path, '13900000003');
  const line = anchor.locator('[data-replay-chat] .chat-msg', { hasText: words });
  await expect(line).toBeVisible({ timeout: 20_000 });
  await line.locator('.chat-manage').click();
  const confirm = anchor.locator('[data-replay-delete]');
  await expect(confirm).toContainText(words);
  await confirm.locator('button[type="submit"]').click();
  await expectToast(anchor, 'Barrage deleted');
  await expect(line).toHaveCount(0);
  const [stored] = await server.rt.db
    .select({ deletedAt: replayComments.deletedAt })
    .from(replayComments)
    .where(eq(replayComments.content, words));
  expect(stored!.deletedAt).not.toBeNull();
  await anchor.context().close();
});
