/**
 * Daily check-in and the lottery against the real server: the dialog opening on load and not
 * again after the day's count, a check-in with its rewards landing in the header's wallet, a
 * third day that wins a spin and leads to the wheel, the spin itself, the check-in page with
 * the streak and history, guests; axe on every screen, screenshots at 375 and 1440 px in both
 * languages.
 */
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { DEFAULT_CHECKIN_REWARDS } from '../../src/lib/rewards/types.ts';
import { checkIn } from '../../src/server/checkin/service.ts';
import { appConfig, users, wallets } from '../../src/server/db/schema.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import {
  expect,
  expectAccessible,
  expectToast,
  screenshot,
  signIn,
  test,
  useLocale,
} from './fixtures.ts';

const DAY = 24 * 3600_000;

/** A new member with the demo password (demo1234) and an empty wallet; returns id and mobile. */
async function newMember(rt: Runtime, mobile: string): Promise<number> {
  const [demo] = await rt.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.mobile, '13900000001'));
  const [row] = await rt.db
    .insert(users)
    .values({ mobile, nickName: `Fan${mobile.slice(-4)}`, passwordHash: demo!.hash })
    .returning({ id: users.id });
  await rt.db.insert(wallets).values({ userId: row!.id });
  return row!.id;
}

async function setDailyTimes(rt: Runtime, value: number): Promise<void> {
  await rt.db.update(appConfig).set({ value }).where(eq(appConfig.key, 'dialog_daily_times'));
}

const dialog = (page: Page) => page.locator('[data-checkin-dialog]');

test('the check-in dialog opens on load once a day and pays the first day into the wallet', async ({
  page,
  server,
}, info) => {
  test.setTimeout(120_000);
  await newMember(server.rt, '13911110001');
  await setDailyTimes(server.rt, 1);
  await page.setViewportSize({ width: 1440, height: 900 });
  try {
    // A query string of its own: pages are cached for seconds, and this one must carry the 1.
    await page.goto('/news?checkin-journey=1');
    await signIn(page, '13911110001');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toHaveAttribute('data-phase', '1');
    const today = dialog(page).locator('[data-day="1"]');
    await expect(today).toHaveAttribute('aria-current', 'date');
    await expect(dialog(page).locator('[data-day="7"] .ck-big')).toHaveText('Big reward');
    await expectAccessible(page);
    await screenshot(page, info, 'checkin-dialog-1440-en', { fullPage: false });

    await dialog(page).getByRole('button', { name: 'Check in' }).click();
    await expectToast(page, 'Checked in');
    await expect(dialog(page)).toHaveAttribute('data-phase', '3');
    await expect(today).toHaveAttribute('data-checked', '1');
    await expect(dialog(page).locator('.ck-won')).toContainText('Gems');
    await expect(dialog(page).locator('.ck-won .rw-amount')).toHaveText('×2');
    await expect(dialog(page)).toContainText('1-day streak');
    // Day one has no spin: the dialog closes instead of leading to the wheel.
    await expect(dialog(page).locator('[data-lottery-link]')).toHaveCount(0);
    await dialog(page).getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog(page)).toHaveCount(0);
    // The user info was refreshed: the card shows the gems and the experience of day one.
    await expect(page.locator('[data-user-gold]').first()).toHaveText('2.00');
    const firstDay = DEFAULT_CHECKIN_REWARDS[0]!;
    await expect(page.locator('[data-user-next]').first()).toHaveText(
      `${100 - firstDay.exp} exp to Lv.1`,
    );

    // Loaded again the same day, the dialog stays shut: the counter reached dialog_daily_times.
    await page.reload();
    await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
    expect(await page.evaluate(() => localStorage.getItem('count_times_today'))).toBe('1');
    await expect(dialog(page)).toHaveCount(0);
    // The header's button still opens it, showing today as done.
    await page.locator('a.icon-btn[data-action="checkin"]').click();
    await expect(dialog(page)).toHaveAttribute('data-phase', '3');
    await expect(dialog(page).getByRole('button', { name: 'Close' }).last()).toBeVisible();
    // A second check-in from a crafted call is refused with the spec's message.
    const again = await page.evaluate(async () => {
      const res = await fetch('/api/checkin/checkinToday', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          lang: 'zh_cn',
          'content-type': 'application/json',
        },
        body: '{}',
      });
      return (await res.json()) as { status: number; msg: string };
    });
    expect(again).toEqual({ status: 1, msg: '今天已签到', data: null });

    // Switched off, the page says so instead of showing an empty week.
    await server.rt.db
      .update(appConfig)
      .set({ value: 0 })
      .where(eq(appConfig.key, 'checkin_switch'));
    await page.goto('/user-center/checkin?switched-off=1');
    await expect(page.locator('[data-checkin-closed]')).toHaveText(
      'Check-in is not open right now',
    );
  } finally {
    await server.rt.db
      .update(appConfig)
      .set({ value: 1 })
      .where(eq(appConfig.key, 'checkin_switch'));
    await setDailyTimes(server.rt, 0);
  }
});

test('day three wins a spin: the dialog leads to the wheel, which turns to the prize drawn', async ({
  page,
  server,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const id = await newMember(server.rt, '13911110002');
  // The two days before, checked in through the service with the clock set back.
  await checkIn(server.rt.db, id, new Date(Date.now() - 2 * DAY));
  await checkIn(server.rt.db, id, new Date(Date.now() - DAY));
  await page.setViewportSize({ width: 375, height: 800 });
  await useLocale(page, baseURL!, 'zh-CN');
  await page.goto('/news');
  await signIn(page, '13911110002');
  // On a phone the header's icons are hidden: the user card holds the check-in link.
  await page.locator('[data-action="user-card"]').click();
  await page.locator('[data-user-checkin]').click();
  await expect(dialog(page)).toHaveAttribute('data-phase', '1');
  await expect(dialog(page)).toContainText('已连续签到 2 天');
  await expect(dialog(page).locator('[data-day="3"]')).toHaveAttribute('aria-current', 'date');
  await expect(dialog(page).locator('[data-checked="1"]')).toHaveCount(2);
  await screenshot(page, info, 'checkin-dialog-375-zh', { fullPage: false });
  await dialog(page).getByRole('button', { name: '立即签到' }).click();
  await expectToast(page, '签到成功');
  await expect(dialog(page).locator('.ck-won')).toContainText('抽奖机会');
  await expectAccessible(page);
  await screenshot(page, info, 'checkin-dialog-won-375-zh', { fullPage: false });
  await dialog(page).locator('[data-lottery-link]').click();

  await expect(page).toHaveURL(/\/lottery$/);
  const lottery = page.locator('[data-lottery]');
  await expect(lottery).toHaveAttribute('data-chances', '1');
  await expect(lottery.locator('[data-odds]')).toHaveCount(8);
  await screenshot(page, info, 'lottery-375-zh');
  await lottery.locator('[data-spin]').click();
  await expect(lottery.locator('[data-lottery-result] .lt-won')).toBeVisible({ timeout: 10_000 });
  const drawnId = await page.evaluate(async () => {
    const res = await fetch('/api/lottery/getLotteryHistory', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${localStorage.getItem('token')}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    const body = (await res.json()) as { data: { list: { prize_id: number }[] } };
    return body.data.list[0]!.prize_id;
  });
  // The result names the prize the server drew, as the odds table titles it.
  const title = await lottery.locator(`[data-odds="${drawnId}"] .rw-title`).textContent();
  await expect(lottery.locator('[data-lottery-result]')).toContainText(title!);
  await expect(lottery.locator('[data-lottery-history] li')).toHaveCount(1);
  await expect(lottery).toHaveAttribute('data-chances', /^[01]$/);
  await screenshot(page, info, 'lottery-won-375-zh', { fullPage: false });
  // The wheel rests with the drawn prize's slice under the pointer.
  const pointerSlice = await page.evaluate(() => {
    const wheel = document.querySelector('.lt-wheel svg')!.getBoundingClientRect();
    const x = wheel.left + wheel.width / 2;
    const y = wheel.top + wheel.height * 0.12;
    return document.elementFromPoint(x, y)?.closest('[data-prize]')?.getAttribute('data-prize');
  });
  expect(pointerSlice).toBe(String(drawnId));
  await expectAccessible(page);

  // The check-in page: the streak of three, the week and the history.
  await page.goto('/user-center/checkin');
  const ck = page.locator('[data-checkin-page]');
  await expect(ck).toHaveAttribute('data-phase', '3');
  await expect(ck.locator('[data-streak]')).toHaveAttribute('data-streak', '3');
  await expect(ck.locator('[data-checkin-history] li')).toHaveCount(3);
  await expect(ck.locator('[data-checkin-history] li').first()).toContainText('第 3/7 天');
  await expectAccessible(page);
  await screenshot(page, info, 'checkin-page-375-zh');
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLocale(page, baseURL!, 'en-US');
  await page.reload();
  await expect(ck.locator('[data-checkin-history] li').first()).toContainText('Day 3 of 7');
  await screenshot(page, info, 'checkin-page-1440-en');
  await page.goto('/lottery');
  await expect(lottery.locator('[data-lottery-history] li')).toHaveCount(1);
  await screenshot(page, info, 'lottery-1440-en');
});

test('guests see the odds and a log-in button; the check-in page asks them to log in', async ({
  page,
  baseURL,
}, info) => {
  await page.goto('/lottery');
  const lottery = page.locator('[data-lottery]');
  await expect(lottery.locator('[data-odds]')).toHaveCount(8);
  await expect(lottery.locator('[data-odds]').last()).toContainText('1%');
  await expect(lottery.locator('[data-spin]')).toHaveCount(0);
  await lottery.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('dialog.login-modal')).toBeVisible();
  await page.goto('/user-center/checkin');
  await expect(page.locator('[data-guest]')).toContainText('Log in to check in');
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLocale(page, baseURL!, 'zh-CN');
  await page.goto('/lottery');
  await expect(page.locator('[data-lottery] [data-odds]')).toHaveCount(8);
  await screenshot(page, info, 'lottery-guest-1440-zh');
});
