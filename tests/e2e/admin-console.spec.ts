/**
 * The operations console in the browser: an administrator reaches /admin from the user card,
 * tops up the platform account and finishes a quiz cancellation that had stopped on it,
 * verifies the ledger, turns a switch off and on, plans and removes a maintenance window, bans
 * a fan (who is then told why at login, in the login dialog) and lifts the ban, and finds every
 * change in the audit log; a member is refused. Each tab passes axe; screens at 375 and 1440 px
 * in both languages.
 */
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../src/server/auth/password.ts';
import type { Db } from '../../src/server/db/index.ts';
import { users, wallets } from '../../src/server/db/schema.ts';
import { PLATFORM_ID } from '../../src/server/quiz/accounts.ts';
import { placeBets } from '../../src/server/quiz/bets.ts';
import { createQuiz } from '../../src/server/quiz/service.ts';
import { runJob, startCancel, startDraw } from '../../src/server/quiz/settle.ts';
import { applyMoves, readBalances } from '../../src/server/wallet/ledger.ts';
import {
  expect,
  expectAccessible,
  expectToast,
  nextChallenge,
  screenshot,
  signIn,
  solveCaptcha,
  test,
  trackToasts,
  useLocale,
} from './fixtures.ts';

const ADMIN = '13900000005';
const MEMBER = '13900000004';
const FAN = '13900000027';
/** The demo anchor whose room is live: the stopped cancellation's quizzes are asked there. */
const ANCHOR_ID = 100003;

/**
 * A quiz drawn for a winner who then staked everything on the next quiz, and an administrator's
 * cancellation of it that stopped because the platform account is `short` gold short. Returns
 * the stopped quiz's id.
 */
async function stallCancellation(db: Db, short: number): Promise<number> {
  const people = await db
    .insert(users)
    .values([
      { mobile: '17760000001', nickName: 'Reserve winner' },
      { mobile: '17760000002', nickName: 'Reserve loser' },
    ])
    .returning({ id: users.id });
  const [winner, loser] = people.map((p) => p.id) as [number, number];
  await db.insert(wallets).values([{ userId: winner }, { userId: loser }]);
  const big = (await readBalances(db, PLATFORM_ID)).gold + short;
  for (const [userId, amount] of [
    [winner, 1_000],
    [loser, big],
  ] as const) {
    await applyMoves(db, {
      key: `e2e-reserve:${userId}`,
      kind: 'grant',
      moves: [{ userId, currency: 'gold', amount, kind: 'grant' }],
    });
  }
  const ask = () =>
    createQuiz(db, {
      anchorId: ANCHOR_ID,
      byUserId: ANCHOR_ID,
      question: 'Reserve test?',
      optionA: 'Yes',
      optionB: 'No',
      minBet: 100,
      closeMinutes: 30,
      feeBp: 0,
    });
  const first = (await ask()).guess_id;
  await placeBets(db, [
    { userId: winner, quizId: first, option: 1, amount: 1_000, clientMsgId: 'w' },
    { userId: loser, quizId: first, option: 2, amount: big, clientMsgId: 'l' },
  ]);
  await startDraw(db, first, 1);
  await runJob(db, first);
  const second = (await ask()).guess_id;
  const won = (await readBalances(db, winner)).gold;
  await placeBets(db, [
    { userId: winner, quizId: second, option: 1, amount: won, clientMsgId: 'w' },
  ]);
  await startCancel(db, first, null);
  await expect(runJob(db, first)).rejects.toThrow('quiz.errors.reserveShort');
  return first;
}

async function openTab(page: Page, name: string) {
  await page.locator(`[data-tab]`).filter({ hasText: name }).click();
}

test('an administrator runs the platform from the console', async ({
  page,
  baseURL,
  browser,
  server,
}, info) => {
  test.setTimeout(300_000);
  // The fan logs in with a password later on (demo fans sign in by SMS otherwise).
  await server.rt.db
    .update(users)
    .set({ passwordHash: await hashPassword('demo1234') })
    .where(eq(users.mobile, FAN));
  await page.setViewportSize({ width: 1440, height: 900 });
  await trackToasts(page);
  await useLocale(page, baseURL!, 'en-US');
  await page.goto('/home');
  await signIn(page, ADMIN);
  await page.locator('[data-action="user-card"]').click();
  await page.locator('[data-user-card]').getByRole('link', { name: 'Operations console' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Overview: the money held, and a verification run now.
  await expect(page.locator('.ad-stat.is-gold strong')).not.toHaveText('0.00');
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(page.locator('[data-verification="clean"] .ad-verdict')).toHaveText(
    'Clean: every balance equals its ledger',
  );

  // The platform reserve: a cancellation after the draw stopped because the winner had staked
  // the winnings again; a top-up (a bad amount refused first) lets it finish from the console.
  const stalled = await stallCancellation(server.rt.db, 25_000);
  await page.reload();
  const reserve = page.locator('[data-reserve]');
  const unfinished = reserve.locator(`[data-unfinished="${stalled}"]`);
  await expect(unfinished).toContainText('short by 250.00');
  const platform = reserve.locator('[data-balance="platform"] dd');
  const held = Number((await platform.innerText()).replace(/,/g, ''));
  await reserve.getByLabel('Gems').fill('2.505');
  await reserve.getByLabel('Reason (kept in the audit log)').fill('Cover a reversed quiz');
  await reserve.getByRole('button', { name: 'Top up' }).click();
  await expectToast(page, 'Enter gems, more than 0 and with at most two decimals');
  await reserve.getByLabel('Gems').fill('250');
  await reserve.getByRole('button', { name: 'Top up' }).click();
  await expectToast(page, 'Platform account topped up');
  await expect(platform).toHaveText(
    (held + 250).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await expect(unfinished).toContainText('can finish now');
  await expectAccessible(page);
  await screenshot(page, info, 'admin-overview-1440-en-US');
  await unfinished.getByRole('button', { name: 'Cancel again' }).click();
  await expectToast(page, 'Cancellation finished');
  await expect(unfinished).toHaveCount(0);
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(page.locator('[data-verification="clean"] .ad-verdict')).toBeVisible();

  // Settings: the live preview tab off, then on again (the home page reads it at once).
  await openTab(page, 'Settings');
  const preview = page.locator('[data-setting="live_preview_switch"] [role="switch"]');
  await expect(preview).toHaveAttribute('aria-checked', 'true');
  await preview.click();
  await expectToast(page, 'Saved');
  await expect(preview).toHaveAttribute('aria-checked', 'false');
  const config = await page.request.post('/api/config/getCommonConfig', { data: {} });
  expect(
    ((await config.json()) as { data: { config: { live_preview_switch: number } } }).data.config
      .live_preview_switch,
  ).toBe(0);
  await preview.click();
  await expect(preview).toHaveAttribute('aria-checked', 'true');
  // A bad address is refused with the field's message, the old one kept.
  const weibo = page.locator('[data-setting="weibo"]');
  await weibo.locator('input').fill('javascript:alert(1)');
  await weibo.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Enter a site path starting with / or an http(s):// address');
  await expectAccessible(page);
  await screenshot(page, info, 'admin-settings-1440-en-US');

  // Maintenance: planned a month ahead without a reminder (no visitor sees a dialog), then removed.
  await openTab(page, 'Maintenance');
  await page.getByLabel('Title (Chinese)').fill('系统升级');
  await page.getByLabel('Title (English)').fill('Stadium upgrade');
  await page.getByLabel('Notice (Chinese)').fill('服务器升级，直播暂停。');
  await page.getByLabel('Notice (English)').fill('Servers are upgraded; lives pause.');
  const local = (days: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
    return d.toISOString().slice(0, 16);
  };
  await page.getByLabel('Starts').fill(local(30));
  await page.getByLabel('Ends').fill(local(29));
  await page.getByRole('button', { name: 'Plan maintenance' }).click();
  await expectToast(page, 'The end must come after the start');
  await page.getByLabel('Ends').fill(local(31));
  await page.getByRole('button', { name: 'Plan maintenance' }).click();
  await expectToast(page, 'Maintenance planned');
  const record = page.locator('[data-maintenance]').filter({ hasText: 'Stadium upgrade' });
  await expect(record.locator('.ad-pill')).toHaveText('Upcoming');
  await expectAccessible(page);

  // Users: the fan found by the last digits of the phone, banned for a day with a reason.
  await openTab(page, 'Users');
  await page.getByLabel('User id or phone').fill('0027');
  await page.locator('.ad-search').getByRole('button', { name: 'Search' }).click();
  const card = page.locator('[data-user]').filter({ hasText: '139****0027' });
  await card.getByRole('button', { name: 'Ban' }).click();
  await card.getByLabel('Reason (shown to the user)').fill('Selling fake tickets');
  await card.getByRole('button', { name: 'Ban and log out' }).click();
  await expectToast(page, 'Banned and logged out everywhere');
  await expect(card.locator('[data-banned]')).toContainText('Selling fake tickets');
  await expectAccessible(page);
  await screenshot(page, info, 'admin-users-1440-en-US');

  // The fan tries to log in: the login dialog says why and until when.
  const fanContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL });
  const fan = await fanContext.newPage();
  await useLocale(fan, baseURL!, 'en-US');
  await fan.goto('/home');
  await fan.locator('[data-action="login"]').click();
  await fan.getByRole('tab', { name: 'Password login' }).click();
  await fan.locator('input[name="phone"]').fill(FAN);
  await fan.locator('input[name="passwd"]').fill('demo1234');
  const challenge = nextChallenge(fan);
  await fan.locator('.lf-submit').click();
  await solveCaptcha(fan, challenge);
  await expect(fan.locator('.lf-error')).toHaveText(
    /^This account is banned until \d{4}-\d\d-\d\d \d\d:\d\d GMT\+8: Selling fake tickets$/,
  );
  await fanContext.close();

  await card.getByRole('button', { name: 'Lift ban' }).click();
  await expectToast(page, 'Ban lifted');
  await expect(card.locator('[data-banned]')).toHaveCount(0);
  await openTab(page, 'Maintenance');
  await record.getByRole('button', { name: 'Remove' }).click();
  await expect(record).toHaveCount(0);

  // The audit log names the administrator on every change, newest first.
  await openTab(page, 'Audit log');
  await expect(page.locator('[data-audit]').first()).toHaveAttribute(
    'data-audit',
    'maintenance.remove',
  );
  const actions = await page
    .locator('[data-audit]')
    .evaluateAll((rows) => rows.slice(0, 6).map((r) => r.getAttribute('data-audit')));
  expect(actions).toEqual([
    'maintenance.remove',
    'user.unban',
    'user.ban',
    'maintenance.add',
    'settings.set',
    'settings.set',
  ]);
  await expect(page.locator('[data-audit]').first()).toContainText(/\(#\d+\)/);
  await expectAccessible(page);
});

test('screens of the console at 375 and 1440 px in both languages, and a member refused', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  await useLocale(page, baseURL!, 'zh-CN');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin');
  await signIn(page, ADMIN);
  await expect(page.locator('.ad-stat.is-gold strong')).toBeVisible();
  await expect(
    page.locator('[data-reserve]').getByRole('form', { name: '为平台账户注资' }),
  ).toBeVisible();
  await screenshot(page, info, 'admin-overview-375-zh-CN');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, info, 'admin-overview-1440-zh-CN');
  await page.setViewportSize({ width: 375, height: 800 });
  await openTab(page, '设置');
  await expect(page.locator('[data-setting="checkin_switch"]')).toContainText('每日签到按钮与弹窗');
  await expectAccessible(page);
  await screenshot(page, info, 'admin-settings-375-zh-CN');
  await openTab(page, '维护公告');
  await expect(page.getByLabel('标题（中文）')).toBeVisible();
  await screenshot(page, info, 'admin-maintenance-375-zh-CN');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTab(page, '充值订单');
  await expect(page.locator('.ad-chip.is-active')).toHaveText('全部');
  await screenshot(page, info, 'admin-recharges-1440-zh-CN');

  await useLocale(page, baseURL!, 'en-US');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin');
  await expect(
    page.locator('[data-reserve]').getByRole('form', { name: 'Top up the platform account' }),
  ).toBeVisible();
  await screenshot(page, info, 'admin-overview-375-en-US');
  await page.goto('/admin#feedback');
  await expect(page.locator('[data-panel="feedback"]')).toBeVisible();
  await screenshot(page, info, 'admin-feedback-375-en-US');

  // A member signs in: the console answers with its refusal and shows nothing.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin');
  await signIn(page, MEMBER);
  await expect(page.locator('.ad-error')).toHaveText('Only administrators can open the console');
  await expect(page.locator('.ad-stat')).toHaveCount(0);
});
