/** Search from the header: rooms by anchor or title, matches by team, and the 10-character rule. */
import { expect, screenshot, test } from './fixtures.ts';

test('searching a team finds its matches; an anchor finds the room', async ({ page }, info) => {
  await page.goto('/home');
  await page.locator('[data-search] input').fill('Arsenal');
  await page.locator('[data-search] input').press('Enter');
  await expect(page.locator('h1')).toHaveText('Results for “Arsenal”');
  await expect(page.locator('.match-card').first()).toContainText('Arsenal');
  await expect(page.locator('.room-card[data-room="100003"]')).toBeVisible();
  await screenshot(page, info, 'search-1440-en-US');
  await page.goto('/keysearch?keyword=HoopsDan');
  await expect(page.locator('.room-card')).toHaveCount(1);
});

test('wildcards match literally and long keywords are refused', async ({ page }) => {
  await page.goto('/keysearch?keyword=%25');
  await expect(page.locator('.room-card')).toHaveCount(0);
  await expect(page.locator('main')).toContainText('Nothing matches “%”');
  await page.goto('/keysearch?keyword=abcdefghijk');
  await expect(page.locator('[data-search-error]')).toHaveText('Search up to 10 characters');
  await expect(page.locator('.room-card')).toHaveCount(0);
});

test('the download page shows the QR code of the mobile site', async ({ page }) => {
  await page.goto('/download');
  await expect(page.locator('.qr-big svg')).toBeVisible();
  await expect(page.locator('a.btn-primary')).toHaveAttribute('href', /^https?:\/\//);
});
