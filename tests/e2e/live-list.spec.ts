/** The live list and its category filter. */
import { expect, screenshot, test } from './fixtures.ts';

test('the live list filters by category and second category', async ({ page }, info) => {
  await page.goto('/liveMatches');
  await expect(page.locator('.cat.active')).toHaveText('All live');
  const all = await page.locator('.room-card').count();
  expect(all).toBeGreaterThanOrEqual(8);
  await expect(page.locator('.room-card .live-pill').first()).toHaveText('LIVE');

  await page.locator('.cat', { hasText: /^Sports$/ }).click();
  await expect(page).toHaveURL(/category=2$/);
  const sports = await page.locator('.room-card').count();
  expect(sports).toBeLessThan(all);
  await page.locator('.sub', { hasText: 'Basketball' }).click();
  await expect(page).toHaveURL(/second=202/);
  await expect(page.locator('.room-card')).toHaveCount(1);
  await expect(page.locator('.room-card .cat-tag')).toHaveText('Basketball');
  await screenshot(page, info, 'live-list-1440-en-US');

  await page.goto('/liveMatches?category=99&second=abc');
  await expect(page.locator('.cat.active')).toHaveText('All live');
});
