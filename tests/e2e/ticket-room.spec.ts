/**
 * A ticket-paid room and chat props: the demo viewer meets the ticket dialog, pays once, then
 * sees the player and chat; a colourful message shows in its colour in another viewer's chat.
 * Screens of the dialog in both languages at 375 and 1440 px.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, screenshot, signIn, test, useLocale } from './fixtures.ts';

/** ValQueen's room: live, entry 1 ticket. */
const TICKET_ROOM = '/liveMatchesTwo/100009';

async function open(
  browser: Browser,
  baseURL: string,
  {
    locale = 'en-US',
    width = 1440,
    mobile,
  }: { locale?: 'en-US' | 'zh-CN'; width?: number; mobile?: string },
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 860 }, baseURL });
  const page = await context.newPage();
  await useLocale(page, baseURL, locale);
  await page.goto(TICKET_ROOM);
  if (mobile) await signIn(page, mobile);
  return page;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [375, 1440]) {
    test(`ticket dialog screens ${locale} ${width}`, async ({ browser, baseURL }, info) => {
      // The noble viewer holds no tickets: the dialog points to the mall.
      const page = await open(browser, baseURL!, { locale, width, mobile: '13900000002' });
      const dialog = page.locator('dialog.ticket-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('.ticket-error a[href="/mall"]')).toBeVisible();
      await expect(dialog.locator('[data-ticket-pay]')).toBeDisabled();
      await expect(page.locator('[data-player] video')).toHaveCount(0);
      await expect(page.locator('[data-chat-locked]')).toBeVisible();
      await screenshot(page, info, `ticket-dialog-${width}-${locale}`, { fullPage: false });
      await page.context().close();
    });
  }
}

test('a guest is asked to log in; the page carries no stream', async ({ browser, baseURL }) => {
  const page = await open(browser, baseURL!, {});
  const dialog = page.locator('dialog.ticket-dialog');
  await expect(dialog.getByRole('button', { name: 'Log in to enter' })).toBeVisible();
  await expect(page.locator('[data-player]')).toHaveAttribute('data-src', '');
  expect(await page.content()).not.toContain('.m3u8');
  await page.context().close();
});

test('the demo viewer pays once, watches and chats; a colourful message reaches another viewer in its colour', async ({
  browser,
  baseURL,
}, info) => {
  const viewer = await open(browser, baseURL!, { mobile: '13900000001' });
  const dialog = viewer.locator('dialog.ticket-dialog');
  await expect(dialog.locator('[data-ticket-owned]')).toHaveText('2');
  await screenshot(viewer, info, 'ticket-dialog-viewer-1440-en-US', { fullPage: false });
  await dialog.locator('[data-ticket-pay]').click();
  await expect(dialog).toBeHidden();
  await expect(viewer.locator('[data-player] video')).toHaveCount(1);
  await expect(viewer.locator('[data-player]')).toHaveAttribute('data-src', /\.m3u8$/);
  await expect(viewer.locator('[data-chat-input]')).toBeVisible();

  // Reloading does not ask again.
  await viewer.reload();
  await expect(viewer.locator('[data-chat-input]')).toBeVisible();
  await expect(viewer.locator('dialog.ticket-dialog')).toHaveCount(0);

  // The anchor enters free and watches the chat.
  const anchor = await open(browser, baseURL!, { mobile: '13900000013' });
  await expect(anchor.locator('[data-chat-input]')).toBeVisible();

  await viewer.locator('[data-props-toggle]').click();
  await expect(viewer.locator('[data-prop="101:3"] .prop-count')).toHaveText('×5');
  await viewer.locator('[data-prop="101:3"]').click();
  await viewer.locator('[data-chat-input]').fill('Pink clutch incoming');
  await viewer.keyboard.press('Enter');
  const line = anchor.locator('.chat-msg', { hasText: 'Pink clutch incoming' });
  await expect(line.locator('.chat-text')).toHaveCSS('color', 'rgb(228, 30, 177)');
  await expect(viewer.locator('.chat-msg', { hasText: 'Pink clutch incoming' })).toBeVisible();

  // A speaker message flies as a banner over the player (after the chat's 2 s speak rate).
  await viewer.waitForTimeout(2_100);
  await viewer.locator('[data-props-toggle]').click();
  await expect(viewer.locator('[data-prop="101:3"] .prop-count')).toHaveText('×4');
  await viewer.locator('[data-prop="100:0"]').click();
  await viewer.locator('[data-chat-input]').fill('What a round!');
  await viewer.keyboard.press('Enter');
  await expect(anchor.locator('[data-speaker-banner]')).toContainText('What a round!');
  await screenshot(anchor, info, 'ticket-room-props-1440-en-US', { fullPage: false });
  for (const p of [viewer, anchor]) await p.context().close();
});
