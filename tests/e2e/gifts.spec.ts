/**
 * Sending gifts in the live room: the gift bar shows the gems, a send lowers them, the chat of
 * every viewer shows the gift line and a combo counts up on it; a gift beyond the balance is
 * refused with the spec's message and changes nothing; guests are asked to log in.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, screenshot, signIn, test, useLocale } from './fixtures.ts';

const ROOM = '/liveMatchesTwo/100003';

async function open(
  browser: Browser,
  baseURL: string,
  mobile: string | null,
  { width = 1440, locale = 'en-US' }: { width?: number; locale?: 'en-US' | 'zh-CN' } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
  const page = await context.newPage();
  await useLocale(page, baseURL, locale);
  await page.goto(ROOM);
  if (mobile) await signIn(page, mobile);
  await expect(page.locator('[data-gift-grid] [data-gift]').first()).toBeVisible();
  return page;
}

test('a viewer sends gifts: gems drop, both chats show the line and the combo counts up', async ({
  browser,
  baseURL,
}, info) => {
  const viewer = await open(browser, baseURL!, '13900000001');
  const other = await open(browser, baseURL!, '13900000002');
  await expect(viewer.locator('[data-chat-input]')).toBeVisible();
  const balance = viewer.locator('[data-gift-balance]');
  await expect(balance).toHaveText('10,000.00');
  const ranked = async () =>
    Number(
      (await viewer
        .locator('[data-room-ranking] .rr-row', { hasText: 'SkyRider' })
        .locator('[data-amount]')
        .getAttribute('data-amount', { timeout: 1000 })
        .catch(() => '0')) ?? 0,
    );
  await expect(viewer.locator('[data-room-ranking]')).toBeVisible();
  const rankedBefore = await ranked();

  // The whistle (1 gem) and ten of them.
  await viewer.locator('[data-gift="1"]').click();
  await viewer.locator('[data-gift-count]').selectOption('10');
  await viewer.locator('[data-gift-send]').click();
  await expect(balance).toHaveText('9,990.00');
  // The combo button sends the same again within 3 s; the line counts up instead of repeating.
  await viewer.locator('[data-gift-combo]').click();
  await expect(balance).toHaveText('9,980.00');
  const line = other.locator('[data-gift-line="1"]');
  await expect(line).toContainText('SkyRider');
  await expect(line).toHaveCount(1);
  await expect(line.locator('[data-combo]')).toHaveText('x20');
  await expect(viewer.locator('[data-gift-line="1"]')).toHaveCount(1);
  await screenshot(other, info, 'gifts-chat-1440-en', { fullPage: false });
  // The room's daily ranking takes the 20 gems a few seconds later.
  await expect.poll(ranked, { timeout: 20_000 }).toBe(rankedBefore + 2_000);
  for (const p of [viewer, other]) await p.context().close();
});

test('a gift beyond the balance is refused with the message and changes nothing', async ({
  browser,
  baseURL,
}, info) => {
  // 13900000004 holds fewer gems than the dearest gift's 1314.
  const page = await open(browser, baseURL!, '13900000004', { locale: 'zh-CN' });
  await expect(page.locator('[data-chat-input]')).toBeVisible();
  const balance = page.locator('[data-gift-balance]');
  const before = await balance.textContent();
  await page.locator('[data-gift-grid] [data-gift]').last().click();
  await page.locator('[data-gift-count]').selectOption('1314');
  await page.locator('[data-gift-send]').click();
  await expect(page.locator('[data-toast]')).toHaveText('余额不足，请充值');
  await expect(page.locator('[data-gift-short]')).toBeVisible();
  await expect(balance).toHaveText(before!);
  await screenshot(page, info, 'gifts-short-1440-zh', { fullPage: false });
  await page.context().close();
});

test('guests are asked to log in; the bar fits a phone', async ({ browser, baseURL }, info) => {
  const guest = await open(browser, baseURL!, null, { width: 375 });
  await guest.locator('.gift-login').click();
  await expect(guest.locator('dialog.modal[open]')).toBeVisible();
  await guest.locator('dialog.modal[open] .modal-close').click();
  const bar = await guest.locator('.gift-bar').boundingBox();
  expect(bar!.width).toBeLessThanOrEqual(375);
  await screenshot(guest, info, 'gifts-bar-375-en');
  await guest.context().close();
});
