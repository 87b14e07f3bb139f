/** News from Markdown: list with pages, article pages, both languages, unknown ids. */
import { gzipSync } from 'node:zlib';
import { expect, screenshot, test, useLocale } from './fixtures.ts';

test('home → news → article, with pages', async ({ page }, info) => {
  await page.goto('/home');
  await page.locator('[data-tab="news"]').click();
  await expect(page).toHaveURL(/\/news$/);
  const cards = page.locator('.news-card');
  await expect(cards).toHaveCount(6);
  await expect(page.locator('.pager a[aria-current="page"]')).toHaveText('1');
  await screenshot(page, info, 'news-1440-en-US');
  const title = (await cards.first().locator('h2').textContent())!;
  await cards.first().click();
  await expect(page).toHaveURL(/\/news_detail\/\w+$/);
  await expect(page.locator('article h1')).toHaveText(title);
  await expect(page.locator('.prose h2').first()).toBeVisible();
  await expect(page).toHaveTitle(
    new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  await screenshot(page, info, 'news-detail-1440-en-US');
  await page.goto('/news?page=2');
  await expect(page.locator('.pager a[aria-current="page"]')).toHaveText('2');
  expect(await page.locator('.news-card').count()).toBeGreaterThan(0);
});

test('news in Chinese, and unknown articles go home', async ({ page, baseURL, request }, info) => {
  await useLocale(page, baseURL!, 'zh-CN');
  await page.setViewportSize({ width: 375, height: 800 });
  // Every script the page loads, gzipped as it travels: a content page stays light (60 KB at
  // most; the site's whole dictionary alone is 70 KB, so the shell must not bring it).
  const scripts: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.body());
  });
  await page.goto('/news');
  await expect(page.locator('h1')).toHaveText('资讯');
  await page.waitForLoadState('networkidle');
  const gzipped = (await Promise.all(scripts)).map((body) => gzipSync(body).length);
  expect(gzipped.length).toBeGreaterThan(0);
  expect(gzipped.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(60_000);
  await expect(page.locator('.news-card h2').first()).toHaveText(/[\u4e00-\u9fff]/);
  await screenshot(page, info, 'news-375-zh-CN');
  const res = await request.get('/news_detail/99999', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/home');
});
