/**
 * Chat modes: the anchor turns on slow mode from the manager bar; a viewer sends a message, sees
 * the countdown with sending held until it ends, then speaks again. Axe and screens at 375 and
 * 1440 px in both languages; the anchor turns the modes off again at the end, whatever happened.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signIn, test, useLocale } from './fixtures.ts';

const ROOM = '/liveMatchesTwo/100003';

async function openAs(
  browser: Browser,
  baseURL: string,
  mobile: string,
  { width = 1440, locale = 'en-US' }: { width?: number; locale?: 'en-US' | 'zh-CN' } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
  const page = await context.newPage();
  await useLocale(page, baseURL, locale);
  await page.goto(ROOM);
  await signIn(page, mobile);
  // A busy machine can take a while to open the room's socket.
  await expect(page.locator('[data-chat-input]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.chat[data-connection="joined"]')).toBeVisible({ timeout: 15_000 });
  return page;
}

test('the anchor turns on slow mode and a viewer waits out the countdown', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const anchor = await openAs(browser, baseURL!, '13900000003');
  try {
    await slowModeJourney(browser, baseURL!, anchor, info);
  } finally {
    // Off again whatever happened, for the journeys that follow in this server.
    await anchor.locator('[data-chat-modes-open]').click();
    await anchor.locator('.chat-modes-form [data-slow-mode]').selectOption('0');
    await anchor.locator('.chat-modes-form [data-chat-modes-save]').click();
    await expect(anchor.locator('[data-chat-modes]')).toHaveCount(0);
  }
});

async function slowModeJourney(
  browser: Browser,
  baseURL: string,
  anchor: Page,
  info: Parameters<Parameters<typeof test>[2]>[1],
): Promise<void> {
  await anchor.locator('[data-chat-modes-open]').click();
  const form = anchor.locator('.chat-modes-form');
  await form.locator('[data-slow-mode]').selectOption('30');
  await expectAccessible(anchor);
  await screenshot(anchor, info, 'chat-modes-form-1440-en', { fullPage: false });
  await form.locator('[data-chat-modes-save]').click();
  await expect(
    anchor.locator('[data-chat-list]').getByText('Chat modes: Slow mode 30 s').last(),
  ).toBeVisible();
  // The anchor is exempt: no countdown in their own input.
  await expect(anchor.locator('[data-chat-modes]')).toContainText('Slow mode 30 s');
  await expect(anchor.locator('[data-slow-left]')).toHaveCount(0);

  const viewer = await openAs(browser, baseURL, '13900000001');
  await expect(viewer.locator('[data-chat-modes]')).toContainText('Slow mode 30 s');
  await viewer.locator('[data-chat-input]').fill('Slow and steady');
  await viewer.keyboard.press('Enter');
  await expect(viewer.locator('.chat-msg', { hasText: 'Slow and steady' })).toBeVisible();
  await expect(viewer.locator('[data-slow-left]')).toContainText(/Next message in \d+ s/);
  await viewer.locator('[data-chat-input]').fill('Too fast');
  await expect(viewer.locator('[data-chat-send]')).toBeDisabled();
  await viewer.keyboard.press('Enter');
  await screenshot(viewer, info, 'chat-modes-countdown-1440-en', { fullPage: false });
  await viewer.setViewportSize({ width: 375, height: 800 });
  await expect(viewer.locator('[data-slow-left]')).toBeVisible();
  await screenshot(viewer, info, 'chat-modes-countdown-375-en');
  await expectAccessible(viewer);
  await expect(viewer.locator('.chat-msg', { hasText: 'Too fast' })).toHaveCount(0);

  // A second viewer, in Chinese on a phone, sees the mode too.
  const other = await openAs(browser, baseURL, '13900000002', { width: 375, locale: 'zh-CN' });
  await expect(other.locator('[data-chat-modes]')).toContainText('慢速模式 30 秒');
  await other.locator('[data-chat-input]').fill('慢慢来');
  await other.keyboard.press('Enter');
  await expect(other.locator('[data-slow-left]')).toContainText(/秒后可再次发言/);
  await expectAccessible(other);
  await screenshot(other, info, 'chat-modes-countdown-375-zh');
  await other.setViewportSize({ width: 1440, height: 900 });
  await screenshot(other, info, 'chat-modes-countdown-1440-zh', { fullPage: false });

  // When the countdown ends the first viewer speaks again.
  // 30 s from the first message: long enough for the screens and the second viewer above.
  await expect(viewer.locator('[data-slow-left]')).toHaveCount(0, { timeout: 60_000 });
  await expect(viewer.locator('[data-chat-send]')).toBeEnabled();
  await viewer.keyboard.press('Enter');
  await expect(viewer.locator('.chat-msg', { hasText: 'Too fast' })).toBeVisible();
  await viewer.context().close();
  await other.context().close();
}
