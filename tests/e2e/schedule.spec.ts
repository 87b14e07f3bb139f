/** The schedule against the seeded database: days, sport and league filters, live links. */
import { eq } from 'drizzle-orm';
import { appConfig } from '../../src/server/db/schema.ts';
import { expect, screenshot, test, useLocale } from './fixtures.ts';

test('schedule filters by sport and league and links live matches to their room', async ({
  page,
}, info) => {
  await page.goto('/schedule');
  await expect(page.locator('.day.active')).toHaveAttribute('aria-current', 'date');
  const all = await page.locator('.row').count();
  expect(all).toBeGreaterThan(3);

  await page.locator('.chip.sport', { hasText: 'Football' }).click();
  await expect(page).toHaveURL(/sport=1/);
  const football = await page.locator('.row').count();
  expect(football).toBeLessThan(all);
  await expect(page.locator('.leagues .chip', { hasText: 'NBA' })).toHaveCount(0);

  await page.locator('.leagues .chip', { hasText: 'Premier League' }).click();
  await expect(page).toHaveURL(/league=\d+/);
  for (const league of await page.locator('.row .league').allTextContents()) {
    expect(league).toBe('Premier League');
  }
  const watch = page.locator('.row.live a', { hasText: 'Watch live' }).first();
  await expect(watch).toHaveAttribute('href', '/liveMatchesTwo/100003');
  await screenshot(page, info, 'schedule-1440-en-US');
});

test('schedule moves between days and shows finished scores', async ({ page, baseURL }, info) => {
  await useLocale(page, baseURL!, 'zh-CN');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/schedule');
  const days = page.locator('.day');
  await expect(days).toHaveCount(15);
  await days.nth(5).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  const first = page.locator('.row').first();
  await expect(first.locator('.state')).toHaveText('完场');
  await expect(first.locator('.score')).toHaveText(/\d+ - \d+/);
  await screenshot(page, info, 'schedule-375-zh-CN');
});

test('bad schedule parameters fall back to today and all sports', async ({ page }) => {
  await page.goto('/schedule?date=2026-13-40&sport=9&league=abc');
  await expect(page.locator('.day.active .wd')).toHaveText('Today');
  await expect(page.locator('.chip.sport.active')).toHaveText('All');
});

test('a match opens its match centre with the score and the rooms broadcasting it', async ({
  page,
}, info) => {
  await page.goto('/schedule?sport=1');
  const live = page.locator('.row.live', { hasText: 'Arsenal' });
  await live.locator('.teams').click();
  await expect(page).toHaveURL(/\/scheduleDetail\/\d+\/1$/);
  await expect(page.locator('.board .score')).toHaveText('1 : 0');
  await expect(page.locator('.board .state')).toHaveText('Live');
  await expect(page.locator('.room-card[data-room="100003"]')).toBeVisible();
  await screenshot(page, info, 'schedule-detail-1440-en-US');
  const wrongSport = page.url().replace(/\/1$/, '/2');
  await page.goto(wrongSport);
  await expect(page).toHaveURL(/\/home$/);
});

test('the live preview lists rooms of matches not yet started, and follows its switch', async ({
  page,
  server,
}) => {
  await page.goto('/schedule-preview');
  await expect(page.locator('.preview').first()).toBeVisible();
  await expect(page.locator('.preview .when').first()).toContainText(' vs ');
  await server.rt.db
    .update(appConfig)
    .set({ value: 0 })
    .where(eq(appConfig.key, 'live_preview_switch'));
  try {
    await expect(async () => {
      // A fresh query string each time, past the page cache.
      const res = await page.request.get(`/schedule-preview?t=${Date.now()}`, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
    }).toPass({ timeout: 10_000 });
  } finally {
    await server.rt.db
      .update(appConfig)
      .set({ value: 1 })
      .where(eq(appConfig.key, 'live_preview_switch'));
  }
});
