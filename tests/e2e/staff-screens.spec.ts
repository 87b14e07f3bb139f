/**
 * The staff screens' layout: with the daily check-in dialog switched on, an administrator goes
 * through the console, the anchor applications, the quiz administration, the content screen and
 * the match desk by the staff navigation, in Chinese and then in English after the header's language switch, and never has
 * to close anything: no check-in dialog, no advertising banner, no viewer tabs. The visits do not
 * use up the day's openings: the home page still opens the dialog afterwards. Axe and
 * screenshots at 375 and 1440 px in both languages on the first three; the content screen and
 * the match desk get theirs in their own journeys (newsroom.spec, match-desk.spec).
 */
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { appConfig } from '../../src/server/db/schema.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { expect, expectAccessible, screenshot, signIn, test, useLocale } from './fixtures.ts';

const ADMIN = '13900000005';

/**
 * The staff screens in the order of the navigation, with what shows once each has loaded and
 * whether this journey checks it with axe and screenshots.
 */
const SCREENS = [
  { name: 'console', path: '/admin', ready: '.ad-stat.is-gold strong', checked: true },
  { name: 'anchors', path: '/admin/anchors', ready: '.aa-review', checked: true },
  { name: 'quizzes', path: '/admin/quizzes', ready: '[data-admin-quizzes]', checked: true },
  { name: 'content', path: '/admin/content', ready: '.nr-row', checked: false },
  { name: 'matches', path: '/admin/matches', ready: '.ad-tab.is-active', checked: false },
] as const;

async function setDailyTimes(rt: Runtime, value: number): Promise<void> {
  await rt.db.update(appConfig).set({ value }).where(eq(appConfig.key, 'dialog_daily_times'));
}

/** The screen is open and ready, nothing covers it and nothing promotional is on it. */
async function expectStaffScreen(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
  await expect(page.locator(screen.ready).first()).toBeVisible();
  await expect(page.locator('.ad-strip')).toHaveCount(0);
  await expect(page.locator('[data-checkin-dialog]')).toHaveCount(0);
  await expect(page.locator('dialog[open], [role="dialog"]')).toHaveCount(0);
  // No viewer tabs, and no check-in or lottery button in the header.
  await expect(page.locator('[data-site-header] [data-tab]')).toHaveCount(0);
  await expect(page.locator('a.icon-btn[data-action="checkin"]')).toHaveCount(0);
  // The prompt never ran here: today's count of openings is untouched.
  expect(await page.evaluate(() => localStorage.getItem('count_times_today'))).toBeNull();
  const nav = page.locator('[data-staff-nav]');
  await expect(nav.locator(`[data-staff-link="${screen.name}"]`)).toHaveAttribute(
    'aria-current',
    'page',
  );
  for (const other of SCREENS) {
    await expect(nav.locator(`[data-staff-link="${other.name}"]`)).toBeVisible();
  }
}

/** Axe, then the screen at 1440 and 375 px (the page is left at 1440 px). */
async function checkScreen(
  page: Page,
  info: Parameters<Parameters<typeof test>[2]>[1],
  name: string,
  locale: string,
): Promise<void> {
  await expectAccessible(page);
  await screenshot(page, info, `staff-${name}-1440-${locale}`);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  await screenshot(page, info, `staff-${name}-375-${locale}`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an administrator works through every staff screen without closing anything', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(240_000);
  await setDailyTimes(server.rt, 1);
  try {
    await useLocale(page, baseURL!, 'zh-CN');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin');
    await signIn(page, ADMIN);
    const nav = page.locator('[data-staff-nav]');

    for (const [i, screen] of SCREENS.entries()) {
      if (i > 0) await nav.locator(`[data-staff-link="${screen.name}"]`).click();
      await expectStaffScreen(page, screen);
      await expect(nav).toHaveAttribute('aria-label', '管理导航');
      if (screen.checked) await checkScreen(page, info, screen.name, 'zh-CN');
    }

    // The header's language switch works here too; back through the screens in English.
    await page.locator('[data-site-header] [data-action="locale"][data-locale="en-US"]').click();
    await expect(nav).toHaveAttribute('aria-label', 'Staff navigation');
    await expect(nav.locator('[data-staff-link="quizzes"]')).toHaveText('Quiz administration');
    for (const [i, screen] of [...SCREENS].reverse().entries()) {
      if (i > 0) await nav.locator(`[data-staff-link="${screen.name}"]`).click();
      await expectStaffScreen(page, screen);
      if (screen.checked) await checkScreen(page, info, screen.name, 'en-US');
    }

    // The staff visits used none of the day's openings: a viewer page still opens the dialog.
    await page.goto('/home?staff-journey=1');
    await expect(page.locator('[data-checkin-dialog]')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('count_times_today'))).toBe('1');
  } finally {
    await setDailyTimes(server.rt, 0);
  }
});
