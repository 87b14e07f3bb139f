/**
 * Wallet in the browser against the real server: the demo viewer recharges through the sandbox's
 * hosted checkout, whose signed notification credits the order; the result page follows the
 * order, the balance rises, the history and income records show it. A declined payment credits
 * nothing. Screenshots of the four wallet sections at 375 and 1440 px in both languages.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, screenshot, signIn, test, useLocale } from './fixtures.ts';

const VIEWER = '13900000001';

test('a viewer recharges through the sandbox checkout and sees the balance rise', async ({
  page,
  baseURL,
}, info) => {
  await useLocale(page, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/user-center/myWallet');
  await signIn(page, VIEWER);
  const gems = page.locator('[data-balance="gold"] .wl-amount');
  await expect(gems).toHaveText(/^\d[\d,]*\.\d\d$/);
  // Other specs send gifts as this viewer, so the test works from whatever the balance is now.
  const before = Number((await gems.textContent())!.replace(/,/g, ''));
  const after = (before + 1000).toLocaleString('en-US', { minimumFractionDigits: 2 });

  await page.goto('/user-center/recharge');
  await page.locator('[data-package="p98"]').click();
  await expect(page.locator('.rc-total')).toHaveText('¥98');
  await page.getByRole('button', { name: 'Pay ¥98' }).click();

  await page.waitForURL(/\/sandbox-pay\/checkout\?session=/);
  await expect(page.locator('[data-amount]')).toContainText('98');
  const orderNo = (await page.locator('[data-order]').textContent())!.trim();
  expect(orderNo).toMatch(/^R\d{20}$/);
  await screenshot(page, info, 'wallet-checkout-1440-en-US');
  await page.getByRole('button', { name: 'Pay ¥98' }).click();
  await expect(page.locator('[data-outcome="paid"]')).toBeVisible();
  await screenshot(page, info, 'wallet-checkout-paid-1440-en-US');
  await page.locator('[data-back]').click();

  await page.waitForURL(`**/user-center/recharge?order=${orderNo}`);
  await expect(page.locator('[data-order-status="paid"]')).toBeVisible();
  await expect(page.locator('[data-order-status] [data-balance="gold"]')).toHaveText(after);
  await screenshot(page, info, 'wallet-recharge-result-1440-en-US');

  await page.goto('/user-center/rechargeHistory');
  const row = page.locator(`[data-order="${orderNo}"]`);
  await expect(row).toContainText('¥98');
  await expect(row).toContainText('Paid');

  await page.goto('/user-center/myWallet');
  await expect(gems).toHaveText(after);
  await page.getByRole('tab', { name: 'Income' }).click();
  const first = page.locator('.wl-row').first();
  await expect(first).toContainText('Recharge');
  await expect(first).toContainText('+1,000.00');
  // The header's user card follows the same stored balance.
  await expect(page.locator('[data-user-gold]').first()).toHaveText(after);
});

test('a declined sandbox payment credits nothing', async ({ page, baseURL }) => {
  await useLocale(page, baseURL!, 'en-US');
  await page.goto('/user-center/recharge');
  await signIn(page, '13900000002');
  const balance = page.locator('.rc-balance [data-balance="gold"]');
  const before = await balance.textContent();
  await page.locator('#rc-custom').fill('12');
  await expect(page.locator('.rc-total')).toHaveText('¥12');
  await page.getByRole('button', { name: 'Pay ¥12' }).click();
  await page.waitForURL(/\/sandbox-pay\/checkout/);
  await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page.locator('[data-outcome="failed"]')).toBeVisible();
  await page.locator('[data-back]').click();
  await expect(page.locator('[data-order-status="failed"]')).toBeVisible();
  await page.goto('/user-center/recharge');
  await expect(balance).toHaveText(before!);
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [375, 1440]) {
    test(`wallet sections at ${width} px in ${locale}`, async ({ page, baseURL }, info) => {
      await useLocale(page, baseURL!, locale);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/user-center/myWallet');
      await signIn(page, VIEWER);
      await expect(page.locator('.wl-row, .wl-empty').first()).toBeVisible();
      // Every section tab is on screen, none hidden past the right edge.
      for (const tab of await page.locator('.wl-tabs a').all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      await screenshot(page, info, `wallet-myWallet-${width}-${locale}`);
      await page.goto('/user-center/recharge');
      await expect(page.locator('[data-package]').first()).toBeVisible();
      await screenshot(page, info, `wallet-recharge-${width}-${locale}`);
      await page.goto('/user-center/rechargeHistory');
      await expect(page.locator('.wl-row, .wl-empty').first()).toBeVisible();
      await screenshot(page, info, `wallet-rechargeHistory-${width}-${locale}`);
      await page.goto('/user-center/voucher');
      // The tickets the backpack holds (other specs spend some in ticket rooms).
      const auth = await page.evaluate(() => ({
        authorization: `Bearer ${localStorage.getItem('token')}`,
        id: Number(localStorage.getItem('id')),
      }));
      const backpack = await page.request.post('/api/live/user_backpack', {
        headers: { authorization: auth.authorization },
        data: { user_id: auth.id },
      });
      const { data } = (await backpack.json()) as { data: { ticket: number } };
      await expect(page.locator('[data-tickets]')).toHaveText(String(data.ticket));
      await screenshot(page, info, `wallet-voucher-${width}-${locale}`);
    });
  }
}

test('the wallet sections have no serious accessibility problems', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await useLocale(page, baseURL!, 'en-US');
  await page.goto('/user-center/myWallet');
  await signIn(page, VIEWER);
  for (const [path, ready] of [
    ['/user-center/myWallet', '.wl-card'],
    ['/user-center/recharge', '[data-package]'],
    ['/user-center/rechargeHistory', '.wl-row, .wl-empty'],
    ['/user-center/voucher', '[data-tickets]'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
    expect(serious, serious.join('\n')).toEqual([]);
  }
});
