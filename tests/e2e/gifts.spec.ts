/**
 * Sending gifts in the live room: the gift bar shows the gems, a send lowers them, the chat of
 * every viewer shows the gift line and a combo counts up on it; a gift beyond the balance is
 * refused with the spec's message and changes nothing; guests are asked to log in. The Backpack
 * tab lists the gifts, props and tickets held; a gift sent from it lowers its count, not the gems.
 * The Noble tab sells the titles in place.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users, wallets } from '../../src/server/db/schema.ts';
import { applyMoves } from '../../src/server/wallet/ledger.ts';
import { expect, expectToast, screenshot, test, openWindow } from './fixtures.ts';

const ROOM = '/liveMatchesTwo/100003';

/** A close-up of the gift bar, next to the page screenshots. */
async function barShot(page: Page, info: TestInfo, name: string): Promise<void> {
  const file = path.resolve('test-results/screens', `${name}.png`);
  await page.locator('.gift-bar').screenshot({ path: file, animations: 'disabled' });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

async function open(
  browser: Browser,
  baseURL: string,
  mobile: string | null,
  { width = 1440, locale = 'en-US' }: { width?: number; locale?: 'en-US' | 'zh-CN' } = {},
): Promise<Page> {
  const page = await openWindow(browser, baseURL, ROOM, mobile, { width, locale });
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

test('the demo viewer sends gifts from the backpack: counts drop, gems stay, chat shows them', async ({
  browser,
  baseURL,
}, info) => {
  // Two pages, five sends and a few screens: longer than one page's journey on a busy machine.
  test.setTimeout(120_000);
  const viewer = await open(browser, baseURL!, '13900000001');
  const other = await open(browser, baseURL!, '13900000002');
  await expect(viewer.locator('[data-chat-input]')).toBeVisible();
  const balance = viewer.locator('[data-gift-balance]');
  await expect(balance).not.toHaveText('');
  const gems = await balance.textContent();

  await barShot(viewer, info, 'gifts-tab-bar-1440-en');
  await viewer.locator('[data-gift-tab="backpack"]').click();
  await expect(viewer.locator('[data-gift-tab="backpack"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const whistles = viewer.locator('[data-backpack-gift="1"]');
  const rockets = viewer.locator('[data-backpack-gift="11"]');
  await expect(whistles.locator('[data-held]')).toHaveText('×10');
  await expect(rockets.locator('[data-held]')).toHaveText('×2');
  // Props and tickets are listed too, each saying how it is used.
  await expect(viewer.locator('[data-backpack-item="100:0"] [data-held]')).toHaveText('×3');
  await expect(viewer.locator('[data-backpack-item="105:0"] [data-held]')).toHaveText('×2');
  await screenshot(viewer, info, 'gifts-backpack-1440-en');
  await barShot(viewer, info, 'gifts-backpack-bar-1440-en');

  // Ten whistles held: send one, then the combo sends another within 3 s.
  await whistles.click();
  await expect(viewer.locator('[data-backpack-left]')).toHaveText('10 left');
  await viewer.locator('[data-gift-count]').selectOption('1');
  await viewer.locator('[data-gift-send]').click();
  await expect(whistles.locator('[data-held]')).toHaveText('×9');
  await expect(viewer.locator('[data-backpack-left]')).toHaveText('9 left');
  await viewer.locator('[data-gift-combo]').click();
  await expect(whistles.locator('[data-held]')).toHaveText('×8');
  for (const page of [viewer, other]) {
    const line = page.locator('[data-gift-line="1"]');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('SkyRider');
    await expect(line.locator('[data-combo]')).toHaveText('x2');
  }
  // Eight left: ten is offered but cannot be chosen.
  await expect(viewer.locator('[data-gift-count] option[value="10"]')).toBeDisabled();

  // The showy one: two held, both sent one by one, then it leaves the backpack.
  await rockets.click();
  await viewer.locator('[data-gift-send]').click();
  await expect(rockets.locator('[data-held]')).toHaveText('×1');
  await expect(other.locator('[data-gift-line="11"]')).toHaveCount(1);
  await viewer.locator('[data-gift-send]').click();
  await expect(rockets).toHaveCount(0);
  await expect(balance).toHaveText(gems!);

  // A prop is not sent from here: the panel says where it is used.
  await viewer.locator('[data-backpack-item="101:2"]').click();
  await expect(viewer.locator('[data-backpack-hint]')).toContainText('Props button');
  await expect(viewer.locator('[data-gift-send]')).toHaveCount(0);
  await viewer.locator('[data-backpack-item="105:0"]').click();
  await expect(viewer.locator('[data-backpack-hint]')).toContainText('ticket-paid');
  await barShot(viewer, info, 'gifts-backpack-ticket-1440-en');
  await screenshot(other, info, 'gifts-backpack-chat-1440-en', { fullPage: false });
  for (const p of [viewer, other]) await p.context().close();
});

for (const [width, locale] of [
  [1440, 'zh-CN'],
  [375, 'zh-CN'],
  [375, 'en-US'],
] as const) {
  test(`the backpack tab at ${width} px (${locale})`, async ({ browser, baseURL }, info) => {
    const page = await open(browser, baseURL!, '13900000001', { width, locale });
    await page.locator('[data-gift-tab="backpack"]').click();
    await expect(page.locator('[data-backpack-gift="1"] [data-held]')).toBeVisible();
    await expect(page.locator('[data-backpack-left]')).toContainText(
      locale === 'zh-CN' ? '剩余' : 'left',
    );
    // Nothing wider than the phone: the grid scrolls inside the bar.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    const bar = await page.locator('.gift-bar').boundingBox();
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(width);
    // No serious accessibility problem in the tab (tabs, tiles, counts, the send row).
    const axe = await new AxeBuilder({ page })
      .include('.gift-bar')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
    expect(serious, serious.join('\n')).toEqual([]);
    const name = `${width}-${locale === 'zh-CN' ? 'zh' : 'en'}`;
    await screenshot(page, info, `gifts-backpack-${name}`);
    await barShot(page, info, `gifts-backpack-bar-${name}`);
    // A prop picked: the row says how it is used.
    await page.locator('[data-backpack-item="101:3"]').click();
    await barShot(page, info, `gifts-backpack-prop-${name}`);
    await page.context().close();
  });
}

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
  await expectToast(page, '余额不足，请充值');
  await expect(page.locator('[data-gift-short]')).toBeVisible();
  await expect(balance).toHaveText(before!);
  await screenshot(page, info, 'gifts-short-1440-zh', { fullPage: false });
  // This viewer holds nothing: the Backpack tab says so.
  await page.locator('[data-gift-tab="backpack"]').click();
  await expect(page.locator('[data-backpack-state="empty"]')).toContainText('背包是空的');
  await barShot(page, info, 'gifts-backpack-empty-1440-zh');
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
  // The Backpack tab asks a guest to log in too.
  await guest.locator('[data-gift-tab="backpack"]').click();
  await guest.locator('[data-backpack-login]').click();
  await expect(guest.locator('dialog.modal[open]')).toBeVisible();
  await guest.locator('dialog.modal[open] .modal-close').click();
  await barShot(guest, info, 'gifts-backpack-guest-375-en');
  await guest.context().close();
});

test('the Noble tab lists the titles and buys one in place; the header shows the new level', async ({
  browser,
  baseURL,
  server,
}, info) => {
  const { db } = server.rt;
  // A member of its own with 2,000 gems: a noble title changes how they enter every room.
  const [demo] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.mobile, '13900000001'));
  const [row] = await db
    .insert(users)
    .values({ mobile: '13911130001', nickName: 'NobleFan', passwordHash: demo!.hash })
    .returning({ id: users.id });
  await db.insert(wallets).values({ userId: row!.id });
  await applyMoves(db, {
    key: `e2e-noble:${row!.id}`,
    kind: 'grant',
    moves: [{ userId: row!.id, currency: 'gold', amount: 200_000, kind: 'grant' }],
  });
  const viewer = await open(browser, baseURL!, '13911130001');
  await viewer.locator('[data-gift-tab="noble"]').click();
  const panel = viewer.locator('[data-noble-panel]');
  await expect(panel.locator('[data-noble]')).toHaveCount(3);
  await expect(panel.locator('.nb-current')).toContainText('You are not a noble yet');
  await expect(panel.locator('[data-noble="1"] .nb-price')).toHaveText('300 gems');
  await barShot(viewer, info, 'gifts-noble-bar-1440-en');
  // Too dear: the dragon is refused with the recharge way, nothing charged.
  await panel.getByRole('button', { name: /Buy Dragon Noble/ }).click();
  await panel.locator('[data-noble-pay]').click();
  await expect(panel.locator('.nb-checkout.is-refused')).toContainText('Insufficient balance');
  await expect(viewer.locator('[data-gift-balance]')).toHaveText('2,000.00');
  await panel.getByRole('button', { name: 'Close' }).click();
  await panel.getByRole('button', { name: /Buy Fox Noble/ }).click();
  await expect(panel.locator('[data-noble-confirm]')).toContainText('Fox Noble for 30 days');
  await panel.locator('[data-noble-pay]').click();
  await expect(panel.locator('[data-noble-done]')).toContainText('You are a Fox Noble until');
  await expect(panel.locator('[data-noble-current="1"]')).toContainText('30 days left');
  await expect(viewer.locator('[data-gift-balance]')).toHaveText('1,700.00');
  await expect(viewer.locator('[data-user-vip]').first()).toHaveText('VIP 01');
  const axe = await new AxeBuilder({ page: viewer })
    .include('.gift-bar')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  await barShot(viewer, info, 'gifts-noble-done-bar-1440-en');
  await viewer.context().close();
});
