/**
 * The mall in the browser against the real server: the demo viewer buys a fox noble and a
 * speaker pack (balance down, title and backpack shown, header and records follow) and then
 * rides into a live room with the fox entrance; a shopper short of gems is stopped before paying
 * and refused by the server when another tab spent the gems; a higher noble cannot buy a lower
 * title; guests are asked to log in. Screens at 375 and 1440 px in both languages; axe on /mall.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/format.ts';
import { createSession } from '../../src/server/sessions.ts';
import { createUser } from '../../src/server/users/service.ts';
import { applyMoves } from '../../src/server/wallet/ledger.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { expect, screenshot, signIn, test, useLocale } from './fixtures.ts';

test.describe.configure({ timeout: 120_000 });

const VIEWER = '13900000001';
/** 龙吟九天, the demo dragon noble. */
const DRAGON = '13900000002';
/** A live room without a ticket. */
const ROOM = '/liveMatchesTwo/100003';

/** The number a money text shows, in minor units ("9,700.00" → 970000). */
const minor = (text: string | null) => Math.round(Number((text ?? '').replace(/,/g, '')) * 100);

/** Waits until the account panel has loaded and returns the gem balance it shows. */
async function shownGold(page: Page): Promise<number> {
  const gold = page.locator('[data-me-gold]');
  await expect(gold).toHaveText(/^\d[\d,]*\.\d\d$/);
  return minor(await gold.textContent());
}

/** A new member holding `gems` gems, signed in on `page` (the page must be on the site). */
async function signInShopper(page: Page, rt: Runtime, gems: number): Promise<string> {
  const mobile = `136${String(Date.now()).slice(-8)}`;
  const id = await createUser(rt.db, { mobile, regSource: 'OFFICIAL', regAnchorId: null });
  await applyMoves(rt.db, {
    key: `e2e-grant:${id}`,
    kind: 'grant',
    moves: [{ userId: id, currency: 'gold', amount: gems * 100, kind: 'grant' }],
  });
  const token = await createSession(rt.db, id, 'e2e');
  await page.evaluate(
    ({ token, id }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('id', String(id));
      localStorage.setItem('userInfo', JSON.stringify({ id, nick_name: 'Shopper', gold: 0 }));
    },
    { token, id },
  );
  await page.reload();
  return token;
}

test('the demo viewer buys a fox noble and a speaker pack, then rides into a room as a fox', async ({
  page,
  browser,
  baseURL,
}, info) => {
  await useLocale(page, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/mall');
  await signIn(page, VIEWER);
  // Other specs spend this viewer's gems: work from whatever the balance is now.
  const before = await shownGold(page);
  await expect(page.locator('[data-me-noble]')).toHaveText('None yet');

  await page.locator('[data-buy="noble-1-30"]').click();
  const dialog = page.locator('[data-mall-dialog]');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-md-title]')).toHaveText('Confirm purchase');
  await expect(dialog.locator('[data-md-get]')).toHaveText('Fox Noble for 30 days');
  await expect(dialog.locator('[data-md-price]')).toHaveText('300 gems');
  await expect(dialog.locator('[data-md-balance]')).toHaveText(formatMoney(before));
  await expect(dialog.locator('[data-md-after]')).toHaveText(formatMoney(before - 30_000));
  await expect(dialog.locator('[data-md-note]')).toContainText('Starts now and lasts until');
  await screenshot(page, info, 'mall-confirm-noble-1440-en-US', { fullPage: false });
  await dialog.getByRole('button', { name: 'Pay 300 gems' }).click();

  await expect(dialog.locator('[data-md-done]')).toContainText('You are a Fox Noble until');
  await expect(dialog.locator('[data-md-new-balance]')).toHaveText(formatMoney(before - 30_000));
  await screenshot(page, info, 'mall-done-noble-1440-en-US', { fullPage: false });
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-me-gold]')).toHaveText(formatMoney(before - 30_000));
  await expect(page.locator('[data-me-noble]')).toHaveText('Fox Noble');
  await expect(page.locator('[data-me-until]')).toContainText('until');
  await expect(page.locator('[data-noble="1"]')).toHaveClass(/is-held/);
  // The header's user card reads the same stored balance and level.
  await expect(page.locator('[data-user-gold]').first()).toHaveText(formatMoney(before - 30_000));
  await expect(page.locator('[data-user-vip]').first()).toHaveText('VIP 01');

  // A speaker pack from the props tab.
  await page.getByRole('tab', { name: 'Chat props' }).click();
  await expect(page).toHaveURL(/\/mall\?tab=props$/);
  const speakers = Number(await page.locator('[data-me-count="speaker"]').textContent());
  await page.locator('[data-buy="speaker-5"]').click();
  await expect(dialog.locator('[data-md-get]')).toHaveText('5 × Speaker');
  await dialog.getByRole('button', { name: 'Pay 50 gems' }).click();
  await expect(dialog.locator('[data-md-done]')).toHaveText('5 × Speaker added to your backpack.');
  await expect(page.locator('[data-me-count="speaker"]')).toHaveText(String(speakers + 5));
  await dialog.getByRole('link', { name: 'See my backpack' }).click();

  await page.waitForURL('**/user-center/voucher');
  await expect(page.locator('[data-prop-held="speaker"] strong')).toHaveText(String(speakers + 5));
  await screenshot(page, info, 'mall-voucher-props-1440-en-US');
  await page.goto('/user-center/myWallet');
  const rows = page.locator('.wl-row');
  await expect(rows.nth(0)).toContainText('Mall: Speaker ×5');
  await expect(rows.nth(0)).toContainText('-50.00');
  await expect(rows.nth(1)).toContainText('Mall: Fox Noble, 30 days');
  await expect(rows.nth(1)).toContainText('-300.00');
  await screenshot(page, info, 'mall-records-1440-en-US');

  // A guest watches the room (still cards stand in for animations); the fox noble walks in.
  const watcherContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const watcher = await watcherContext.newPage();
  await useLocale(watcher, baseURL!, 'en-US');
  await watcher.goto(ROOM);
  await expect(watcher.locator('.chat[data-connection="joined"]')).toBeVisible();
  await page.goto(ROOM);
  const card = watcher.locator('[data-gift-card="entrance"]');
  await expect(card).toHaveAttribute('data-level', '1', { timeout: 15_000 });
  await expect(card.locator('.gift-card-line')).toHaveText('Fox Noble rides in');
  await expect(watcher.locator('.chat-enter.noble-1')).toContainText('SkyRider');
  await watcherContext.close();
});

test('a shopper short of gems is stopped before paying and refused when another tab spent them', async ({
  page,
  baseURL,
  server,
}, info) => {
  await useLocale(page, baseURL!, 'zh-CN');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/mall');
  const token = await signInShopper(page, server.rt, 300);
  expect(await shownGold(page)).toBe(30_000);

  // The 90-day fox costs 810 gems: the dialog says what is missing and offers the recharge.
  await page.locator('[data-buy="noble-1-90"]').click();
  const dialog = page.locator('[data-mall-dialog]');
  await expect(dialog.locator('[data-md-warn]')).toHaveText('还差 510 宝石。');
  await expect(dialog.locator('[data-mall-pay]')).toBeHidden();
  await expect(dialog.locator('[data-md-recharge]')).toHaveAttribute(
    'href',
    '/user-center/recharge',
  );
  await screenshot(page, info, 'mall-short-375-zh-CN', { fullPage: false });
  await dialog.getByRole('button', { name: '取消' }).click();

  // Another tab spends 180 gems; this page still shows 300 and lets the 300-gem fox through to
  // the server, which refuses it and reports the real balance.
  const spent = await page.request.post('/api/mall/buy', {
    headers: { authorization: `Bearer ${token}`, lang: 'zh_cn' },
    data: { item_id: 'speaker-20', client_order_id: 'e2e-other-tab-0001' },
  });
  expect(((await spent.json()) as { status: number }).status).toBe(0);
  await page.locator('[data-buy="noble-1-30"]').click();
  await dialog.getByRole('button', { name: '支付 300 宝石' }).click();
  await expect(dialog.locator('[data-md-refused]')).toHaveText('余额不足：需要 300 宝石，请充值');
  await expect(dialog.locator('[data-md-title]')).toHaveText('购买失败');
  await expect(dialog.locator('[data-md-refused-recharge]')).toBeVisible();
  await expect(dialog.locator('[data-md-refused-gold]')).toHaveText('120.00');
  await screenshot(page, info, 'mall-refused-375-zh-CN', { fullPage: false });
  await dialog.getByRole('button', { name: '关闭', exact: true }).last().click();
  await expect(page.locator('[data-me-gold]')).toHaveText('120.00');
  await expect(page.locator('[data-me-noble]')).toHaveText('暂未开通');
});

test('a dragon noble cannot buy a lower title; a guest is asked to log in', async ({
  page,
  baseURL,
}) => {
  await useLocale(page, baseURL!, 'en-US');
  await page.goto('/mall');
  await page.getByRole('button', { name: /Buy Fox Noble, 30 days/ }).click();
  await expect(page.locator('.login-modal')).toBeVisible();
  await expect(page.locator('[data-mall-dialog]')).toBeHidden();

  await signIn(page, DRAGON);
  const gold = await shownGold(page);
  await expect(page.locator('[data-me-noble]')).toHaveText('Dragon Noble');
  await page.locator('[data-buy="noble-1-30"]').click();
  const dialog = page.locator('[data-mall-dialog]');
  await expect(dialog.locator('[data-md-warn]')).toHaveText('Your noble level is already higher');
  await expect(dialog.locator('[data-mall-pay]')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The server says the same to a call made without the page.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/mall/buy', {
    headers: { authorization: `Bearer ${token}`, lang: 'en' },
    data: { item_id: 'noble-1-30', client_order_id: 'e2e-lower-title-01' },
  });
  expect(await res.json()).toMatchObject({ status: 1, msg: 'Your noble level is already higher' });
  await page.reload();
  expect(await shownGold(page)).toBe(gold);
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [375, 1440]) {
    test(`the mall at ${width} px in ${locale}: every tab, no sideways scroll`, async ({
      page,
      baseURL,
    }, info) => {
      await useLocale(page, baseURL!, locale);
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await page.goto('/mall');
      await expect(page.locator('[data-mall][data-ready="1"]')).toBeVisible();
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await screenshot(page, info, `mall-nobles-guest-${width}-${locale}`);
      await signIn(page, VIEWER);
      await shownGold(page);
      for (const tab of ['props', 'tickets'] as const) {
        await page.locator(`#mall-tab-${tab}`).click();
        await expect(page.locator(`#mall-${tab}`)).toBeVisible();
        expect(await overflow()).toBeLessThanOrEqual(0);
        await screenshot(page, info, `mall-${tab}-${width}-${locale}`);
      }
      await page.locator('[data-buy="ticket-5"]').click();
      await expect(page.locator('[data-mall-dialog] [data-md-price]')).toHaveText(
        locale === 'en-US' ? '135 gems' : '135 宝石',
      );
      expect(await overflow()).toBeLessThanOrEqual(0);
      await screenshot(page, info, `mall-confirm-ticket-${width}-${locale}`, { fullPage: false });
    });
  }

  test(`no serious accessibility problems on /mall (${locale})`, async ({ page, baseURL }) => {
    await useLocale(page, baseURL!, locale);
    await page.goto('/mall');
    await signIn(page, VIEWER);
    await shownGold(page);
    const check = async () => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
      expect(serious, serious.join('\n')).toEqual([]);
    };
    await check();
    await page.locator('#mall-tab-props').click();
    await page.locator('[data-buy="colorful-3-20"]').click();
    await expect(page.locator('[data-mall-dialog]')).toBeVisible();
    await check();
  });
}
