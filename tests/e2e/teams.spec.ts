/** The World Cup theme page and team pages: group tables, a team's page from its table row. */
import { expect, screenshot, test, useLocale } from './fixtures.ts';

test('the World Cup page shows the groups and leads to a team page', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/worldCup');
  await expect(page.locator('.group')).toHaveCount(8);
  await expect(page.locator('.group').first()).toContainText('Group A');
  await screenshot(page, info, 'world-cup-1440-en-US');

  await page.locator('.group').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/teamInfo\?id=\d+$/);
  await expect(page.locator('h1')).not.toBeEmpty();
  await expect(page.locator('.comps')).toContainText('World Cup');
  await screenshot(page, info, 'team-world-cup-1440-en-US');
});

test('a club page at 375 px in Chinese, and the World Cup page there too', async ({
  page,
  baseURL,
}, info) => {
  await useLocale(page, baseURL!, 'zh-CN');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/worldCup');
  await expect(page.locator('h1')).toHaveText('世界杯');
  await screenshot(page, info, 'world-cup-375-zh-CN');

  await page.goto('/schedule?sport=1');
  await page.locator('.row.live', { hasText: '阿森纳' }).locator('.teams').click();
  await page.locator('.board .team').first().click();
  await expect(page).toHaveURL(/\/teamInfo\?id=\d+$/);
  await expect(page.locator('h1')).toHaveText('阿森纳');
  await expect(page.locator('.squad')).toContainText('赖斯');
  await screenshot(page, info, 'team-375-zh-CN');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, info, 'team-1440-zh-CN');
});
