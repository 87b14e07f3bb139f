/**
 * Booking and the match centre in the browser against the real server: book on /schedule, find
 * the match in /user-center/mySchedule, unbook it; guests get the login dialog; the match
 * centre's tabs with and without JavaScript; screenshots at 375 and 1440 px in both languages.
 */
import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { addDays, siteDay } from '../../src/lib/time.ts';
import { matches, teams } from '../../src/server/db/schema.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { expect, expectToast, screenshot, test, useLocale } from './fixtures.ts';

type Locale = 'en-US' | 'zh-CN';

/** Signs the demo viewer in through the API and keeps the session in local storage. */
async function signIn(page: Page) {
  await page.goto('/home');
  const res = await page.request.post('/api/user/login', {
    data: { account: '13900000001', pwd: 'demo1234', platform: 0, login_type: 1, source_id: 10001 },
  });
  const { data } = (await res.json()) as { data: { token: string; id: number } };
  await page.evaluate((d) => {
    localStorage.setItem('token', d.token);
    localStorage.setItem('id', String(d.id));
    localStorage.setItem('userInfo', JSON.stringify({ ...d, token: undefined }));
  }, data);
  return data.token;
}

/** The id of the live Arsenal match (the demo's featured football match). */
async function arsenalMatch(rt: Runtime): Promise<number> {
  const [arsenal] = await rt.db.select().from(teams).where(eq(teams.nameEn, 'Arsenal'));
  const [match] = await rt.db
    .select()
    .from(matches)
    .where(and(eq(matches.homeTeamId, arsenal!.id), eq(matches.status, 1)));
  return match!.id;
}

const tomorrow = () => addDays(siteDay(new Date()), 1);

test('a viewer books a match on the schedule, finds it in the user centre and unbooks it', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto(`/schedule?date=${tomorrow()}`);
  const row = page.locator('.row', { has: page.locator('button[data-book]') }).first();
  const matchId = await row.getAttribute('data-match');
  const button = row.locator('button[data-book]');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toHaveText('Booked');
  await expectToast(page, /Booked!/);
  await screenshot(page, info, 'schedule-booked-1440-en-US', { fullPage: false });

  // The state survives a reload: it comes from the server.
  await page.reload();
  await expect(page.locator(`.row[data-match="${matchId}"] button[data-book]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/user-center/mySchedule');
  const booked = page.locator(`[data-booking="${matchId}"]`);
  await expect(booked).toBeVisible();
  await booked.getByRole('button', { name: /Cancel booking/ }).click();
  await expect(booked).toHaveCount(0);
  await expect(page.locator('[data-empty]')).toContainText('You have not booked any match yet.');

  await page.goto(`/schedule?date=${tomorrow()}`);
  await expect(page.locator(`.row[data-match="${matchId}"] button[data-book]`)).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('guests who book, or open their booked matches, are asked to log in', async ({ page }) => {
  await page.goto(`/schedule?date=${tomorrow()}`);
  await page.locator('button[data-book]').first().click();
  await expect(page.locator('.login-modal')).toBeVisible();

  await page.goto('/user-center/mySchedule');
  const panel = page.locator('[data-guest]');
  await expect(panel).toContainText('Log in to see your booked matches');
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('.login-modal')).toBeVisible();
});

test('the match centre switches tabs in place and keeps the tab in the address', async ({
  page,
  server,
}) => {
  const id = await arsenalMatch(server.rt);
  await page.goto(`/scheduleDetail/${id}/1`);
  const live = page.locator('#panel-live');
  await expect(live).toBeVisible();
  await expect(live.locator('.tl-line').first()).toContainText("37'");
  await expect(live.locator('.k-goal')).toContainText('Havertz');

  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(/\?tab=stats$/);
  await expect(live).toBeHidden();
  const stats = page.locator('#panel-stats');
  await expect(stats.locator('.st-item', { hasText: 'Possession' })).toContainText('42%');
  await expect(stats.locator('.st-periods')).toContainText('1st half');

  // Arrow keys move between tabs, as the tabs pattern asks.
  await page.getByRole('tab', { name: 'Statistics' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Line-ups' })).toBeFocused();
  await expect(page.locator('#panel-lineups')).toContainText('Bukayo Saka');
  await expect(page.locator('#panel-lineups .lu-form').first()).toHaveText('4-3-3');

  // A reload opens the same tab (rendered by the server).
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Line-ups' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Booking from the match centre.
  const book = page.locator('.board button[data-book]');
  await book.click();
  await expect(page.locator('.login-modal')).toBeVisible();
});

test('without JavaScript the match centre shows every tab’s text, in both languages', async ({
  browser,
  baseURL,
  server,
}) => {
  const id = await arsenalMatch(server.rt);
  for (const [locale, expected] of [
    ['en-US', ['Kick-off at the Emirates', 'Shots on target', 'Declan Rice', 'Mikel Arteta']],
    ['zh-CN', ['比赛开始！酋长球场', '射正', '赖斯', '阿尔特塔']],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'language', value: locale, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto(`/scheduleDetail/${id}/1?tab=lineups`);
    await expect(page.locator('#panel-lineups')).toBeVisible();
    const html = await page.content();
    for (const text of expected) expect(html, `${locale}: ${text}`).toContain(text);
    await page.getByRole('tab', { name: locale === 'en-US' ? 'Statistics' : '技术统计' }).click();
    await expect(page).toHaveURL(/\?tab=stats$/);
    await expect(page.locator('#panel-stats')).toBeVisible();
    await context.close();
  }
});

for (const locale of ['en-US', 'zh-CN'] as Locale[]) {
  for (const width of [1440, 375]) {
    test(`screens: match centre and booked matches at ${width} px in ${locale}`, async ({
      page,
      baseURL,
      server,
    }, info) => {
      await useLocale(page, baseURL!, locale);
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      const id = await arsenalMatch(server.rt);
      await page.goto(`/scheduleDetail/${id}/1`);
      await expect(page.locator('#panel-live .tl-line').first()).toBeVisible();
      await screenshot(page, info, `schedule-detail-live-${width}-${locale}`);
      await page.getByRole('tab').nth(1).click();
      await screenshot(page, info, `schedule-detail-stats-${width}-${locale}`);
      await page.getByRole('tab').nth(2).click();
      await screenshot(page, info, `schedule-detail-lineups-${width}-${locale}`);

      const token = await signIn(page);
      // Book the live match and two upcoming ones through the API.
      const upcoming = await server.rt.db
        .select({ id: matches.id })
        .from(matches)
        .where(eq(matches.status, 0))
        .orderBy(matches.startTime)
        .limit(2);
      for (const match_id of [id, ...upcoming.map((m) => m.id)]) {
        await page.request.post('/api/match/book', {
          data: { match_id },
          headers: { authorization: `Bearer ${token}` },
        });
      }
      await page.goto('/user-center/mySchedule');
      await expect(page.locator('.ms-row')).toHaveCount(3);
      await screenshot(page, info, `my-schedule-${width}-${locale}`);
      for (const match_id of [id, ...upcoming.map((m) => m.id)]) {
        await page.request.post('/api/match/unbook', {
          data: { match_id },
          headers: { authorization: `Bearer ${token}` },
        });
      }
    });
  }
}
