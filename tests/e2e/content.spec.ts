/** Content pages in the browser: notices, help centre, agreements without the header, language. */
import { expect, screenshot, test, useLocale } from './fixtures.ts';

test('notice list: every notice visible, pinned first, side index jumps to an anchor', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await page.locator('[data-tab="notice"]').click();
  await expect(page).toHaveURL(/\/notice$/);
  const notices = page.locator('article.notice');
  await expect(notices).toHaveCount(4);
  await expect(notices.first().locator('.pin')).toBeVisible();
  await expect(notices.first().locator('.card > h2')).toContainText('Scheduled maintenance');
  await expect(notices.nth(3).locator('.prose li').first()).toBeVisible();
  await page.locator('.side a[href="#notice-3"]').click();
  await expect(page).toHaveURL(/#notice-3$/);
  await expect(page.locator('#notice-3 .card > h2')).toBeInViewport();
});

test('help centre: a topic card leads to its articles, each readable in full', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/help');
  await page.locator('.topic[href="#help-wallet"]').click();
  await expect(page).toHaveURL(/#help-wallet$/);
  const article = page.locator('#help-3');
  await expect(article.locator('h3')).toHaveText('How do I recharge gems?');
  await expect(article.locator('.prose h2').first()).toBeVisible();
  await expect(article.locator('.prose')).toContainText('Recharge');
  await article.locator('.to-contents').click();
  await expect(page.locator('#help-topics')).toBeInViewport();
});

test('agreements hide the global header and switch language from their own bar', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/protocol/1/web');
  await expect(page.locator('h1')).toHaveText('ArenaLive User Agreement');
  await expect(page.locator('[data-site-header]')).toHaveCount(0);
  await expect(page.locator('.tabs')).toHaveCount(0);
  await expect(page.locator('.site-footer')).toHaveCount(0);
  await expect(page.locator('[data-doc-bar]')).toBeVisible();
  await screenshot(page, info, 'agreement-1440-en-US');
  await page.locator('.toc a').nth(2).click();
  await expect(page.locator('.prose h2').nth(2)).toBeInViewport();
  await Promise.all([
    page.waitForEvent('load'),
    page.locator('[data-doc-bar] [data-locale="zh-CN"]').click(),
  ]);
  await expect(page.locator('h1')).toHaveText('竞技直播用户协议');
  await page.locator('.others a', { hasText: '隐私政策' }).click();
  await expect(page).toHaveURL(/\/privacy\/1$/);
  await expect(page.locator('[data-site-header]')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveText('竞技直播隐私政策');
});

test('switching language on a content page re-renders it in the other language', async ({
  page,
}) => {
  await page.goto('/help');
  await expect(page.locator('h1')).toHaveText('Help centre');
  await Promise.all([page.waitForEvent('load'), page.locator('[data-locale="zh-CN"]').click()]);
  await expect(page.locator('h1')).toHaveText('帮助中心');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('#help-1 h3')).toHaveText('如何使用手机号和短信验证码登录？');
  await page.goto('/notice');
  await expect(page.locator('h1')).toHaveText('公告');
  await Promise.all([page.waitForEvent('load'), page.locator('[data-locale="en-US"]').click()]);
  await expect(page.locator('h1')).toHaveText('Notices');
});

test('activities, an activity and a licence open from the about pages', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/activity');
  const cards = page.locator('a.activity');
  await expect(cards).toHaveCount(3);
  await expect(cards.first().locator('[data-state]')).toBeVisible();
  await screenshot(page, info, 'activity-1440-en-US');
  await cards.first().click();
  await expect(page).toHaveURL(/\/activity_details\/\d+$/);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.card .prose h2').first()).toBeVisible();
  await page.goto('/about/1');
  await expect(page.locator('h1')).toHaveText('About ArenaLive');
  await page.locator('.about-nav a', { hasText: 'Licences' }).click();
  await expect(page).toHaveURL(/\/certificate1$/);
  await expect(page.locator('.doc img')).toBeVisible();
  expect(await page.locator('.doc img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
    1200,
  );
  await page.locator('.cert-tabs a').nth(1).click();
  await expect(page).toHaveURL(/\/certificate2$/);
  await expect(page.locator('h1')).toHaveText('Network culture operation licence');
  await screenshot(page, info, 'certificate2-1440-en-US');
});

const TITLES = {
  '/help': { 'en-US': 'Help centre', 'zh-CN': '帮助中心' },
  '/notice': { 'en-US': 'Notices', 'zh-CN': '公告' },
} as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [1440, 375]) {
    test(`help and notices at ${width}px in ${locale}`, async ({ page, baseURL }, info) => {
      await useLocale(page, baseURL!, locale);
      await page.setViewportSize({ width, height: 900 });
      for (const [path, title] of Object.entries(TITLES)) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('h1')).toHaveText(title[locale]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        await screenshot(page, info, `${path.slice(1)}-${width}-${locale}`);
      }
    });
  }
}
