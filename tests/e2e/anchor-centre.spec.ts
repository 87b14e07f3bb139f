/**
 * The anchor centre: the demo anchor reads their live state and income balance, the income of
 * the last 30 days as the ledger has it, and draws the data analysis charts by day, by live and
 * minute by minute; a wrong range is refused in the page's language; a member is sent to the
 * application. Screens at 1440 and 375 px in both languages.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { formatMoney } from '../../src/lib/format.ts';
import { addDays, siteDay, siteDayRange } from '../../src/lib/time.ts';
import { ledgerEntries, users, wallets } from '../../src/server/db/schema.ts';
import { expect, screenshot, signIn, test, useLocale } from './fixtures.ts';

const ANCHOR = '13900000003';
const VIEWER = '13900000001';

test('an anchor reads their overview, income and charts', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(120_000);
  const db = server.rt.db;
  const [anchor] = await db.select().from(users).where(eq(users.mobile, ANCHOR));
  await useLocale(page, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await signIn(page, ANCHOR);

  // Anchors find their centre in the header's user card.
  await page.locator('.site-header [data-action="user-card"]').click();
  await page.getByRole('link', { name: 'Anchor centre' }).click();
  await page.waitForURL(/\/user-center\/center-anchor$/);
  await expect(page.getByRole('heading', { name: 'You are live' })).toBeVisible();
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, anchor!.id));
  await expect(page.getByTestId('income-balance')).toHaveText(formatMoney(wallet!.income));
  // The demo month: today's running live first, then past lives.
  const recent = page.locator('.ac-table tbody tr');
  await expect(recent).toHaveCount(5);
  await expect(recent.first()).toContainText('Live now');
  await screenshot(page, info, 'anchor-centre-overview-1440-en-US');

  await page.getByRole('link', { name: 'Income', exact: true }).first().click();
  await page.waitForURL(/tab=income/);
  const from = siteDayRange(addDays(siteDay(new Date()), -29)).start;
  const [ledger] = await db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, anchor!.id),
        eq(ledgerEntries.kind, 'gift_income'),
        gte(ledgerEntries.createdAt, from),
      ),
    );
  await expect(page.getByTestId('income-total')).toHaveText(formatMoney(Number(ledger!.sum)));
  await expect(page.locator('[data-chart="income"]')).toHaveAttribute('data-drawn', '1');
  await expect(page.locator('.ac-records tbody tr').first()).toContainText('×');
  await screenshot(page, info, 'anchor-centre-income-1440-en-US');

  await page.getByRole('link', { name: 'Data analysis' }).click();
  await page.waitForURL(/tab=analysis/);
  for (const name of ['viewers', 'chat', 'gifts']) {
    await expect(page.locator(`[data-chart="${name}"]`)).toHaveAttribute('data-drawn', '1');
  }
  await page.getByRole('button', { name: 'By live' }).click();
  await expect(page.getByRole('button', { name: 'By live' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const lives = page.locator('.ac-pick');
  expect(await lives.count()).toBeGreaterThan(10);
  await lives.nth(1).click();
  await expect(page.locator('[data-chart="minutes"]')).toHaveAttribute('data-drawn', '1');
  await screenshot(page, info, 'anchor-centre-analysis-1440-en-US');

  // A range that ends before it starts changes nothing and says why.
  await page.locator('input[name="from"]').fill('2026-11-20');
  await page.locator('input[name="to"]').fill('2026-11-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.locator('.ac-range .ac-error')).toHaveText(
    'Choose a start date and an end date on or after it',
  );
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.locator('.ac-range .ac-error')).toHaveCount(0);
  await expect(page.locator('[data-chart="viewers"]')).toHaveAttribute('data-drawn', '1');
});

test('the anchor centre in Chinese and on phones', async ({ page, baseURL }, info) => {
  test.setTimeout(120_000);
  await useLocale(page, baseURL!, 'zh-CN');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await signIn(page, ANCHOR);
  await page.goto('/user-center/center-anchor?tab=analysis');
  await expect(page.locator('[data-chart="gifts"]')).toHaveAttribute('data-drawn', '1');
  await expect(page.getByRole('heading', { name: '所选范围内的直播' })).toBeVisible();
  await screenshot(page, info, 'anchor-centre-analysis-1440-zh-CN');
  await page.goto('/user-center/center-anchor');
  await expect(page.getByRole('heading', { name: '正在直播' })).toBeVisible();
  await screenshot(page, info, 'anchor-centre-overview-1440-zh-CN');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('heading', { name: '正在直播' })).toBeVisible();
  await screenshot(page, info, 'anchor-centre-overview-375-zh-CN');
  await page.goto('/user-center/center-anchor?tab=income');
  await expect(page.locator('[data-chart="income"]')).toHaveAttribute('data-drawn', '1');
  await screenshot(page, info, 'anchor-centre-income-375-zh-CN');
  await useLocale(page, baseURL!, 'en-US');
  await page.goto('/user-center/center-anchor?tab=analysis');
  await expect(page.locator('[data-chart="viewers"]')).toHaveAttribute('data-drawn', '1');
  // Nothing runs off the side of a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, info, 'anchor-centre-analysis-375-en-US');
});

test('a member who is not an anchor is sent to the application', async ({ page, baseURL }) => {
  await useLocale(page, baseURL!, 'en-US');
  await page.goto('/home');
  await signIn(page, VIEWER);
  await expect(page.locator('[data-user-anchor]')).toBeHidden();
  await page.goto('/user-center/center-anchor');
  await page.waitForURL(/\/user-center\/apply-anchor$/);
});
