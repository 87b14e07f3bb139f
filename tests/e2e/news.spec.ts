/** News from Markdown: list with pages, article pages, both languages, unknown ids. */
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
  await page.goto('/news');
  await expect(page.locator('h1')).toHaveText('资讯');
  await expect(page.locator('.news-card h2').first()).toHaveText(/[\u4e00-\u9fff]/);
  await screenshot(page, info, 'news-375-zh-CN');
  const res = await request.get('/news_detail/99999', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/home');
});
