/** The live list and its category filter. */
import { eq } from 'drizzle-orm';
import { liveRooms } from '../../src/server/db/schema.ts';
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

test('room cards follow heat and live state without a reload', async ({ page, server }) => {
  await page.goto('/liveMatches');
  const card = page.locator('.room-card[data-room="100010"]');
  await expect(card.locator('.live-pill')).toHaveText('LIVE');
  await server.rt.db
    .update(liveRooms)
    .set({ heat: 4_321_000, isLive: false })
    .where(eq(liveRooms.anchorId, 100010));
  try {
    // The list refreshes every 30 s and whenever the tab becomes visible again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(card.locator('[data-heat]')).toHaveText('4321K');
    await expect(card.locator('.live-pill')).toHaveText('Offline');
  } finally {
    await server.rt.db
      .update(liveRooms)
      .set({ heat: 910_000, isLive: true })
      .where(eq(liveRooms.anchorId, 100010));
  }
});
