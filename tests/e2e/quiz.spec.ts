/**
 * Quizzes in the live room: the anchor asks one through the dialog (its rules in the spec's
 * words), two viewers bet on opposite options with a chip and a custom amount and watch the
 * odds move, the anchor draws, each viewer sees the result and the gems change; the bet history
 * and the anchor's quiz management show it, an administrator cancels after the draw and every
 * balance is back where it was; /guessList lists them. Screens at 1440 and 375 px in both
 * languages, and axe on every quiz screen.
 */
import type { Browser, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectToast,
  screenshot,
  signIn,
  test,
  trackToasts,
  openWindow,
} from './fixtures.ts';

const ROOM = '/liveMatchesTwo/100003';

async function open(
  browser: Browser,
  baseURL: string,
  mobile: string,
  { width = 1440, locale = 'en-US' }: { width?: number; locale?: 'en-US' | 'zh-CN' } = {},
): Promise<Page> {
  const page = await openWindow(browser, baseURL, ROOM, mobile, { width, locale });
  await expect(page.locator('[data-chat-input]')).toBeVisible();
  return page;
}

const gems = async (page: Page) =>
  Number((await page.locator('[data-gift-balance]').innerText()).replace(/,/g, ''));

test('an anchor asks, two viewers bet on both sides, the anchor draws and the winner is paid', async ({
  browser,
  baseURL,
}, info) => {
  // Three windows with video on a two-core machine: it has taken up to 150 s in a full run.
  test.setTimeout(240_000);
  const anchor = await open(browser, baseURL!, '13900000003');
  const fan = await open(browser, baseURL!, '13900000001');
  const rival = await open(browser, baseURL!, '13900000002', { width: 375, locale: 'zh-CN' });

  // The dialog checks the rules before sending, in the spec's words.
  await anchor.locator('.qz-ask').click();
  const dialog = anchor.locator('dialog.qz-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name=question]').fill('Who scores the next goal?');
  await dialog.locator('input[name=option_a]').fill('Arsenal');
  await dialog.locator('input[name=option_b]').fill('Man City');
  await dialog.locator('input[name=close_minutes]').fill('5');
  await dialog.locator('button[type=submit]').click();
  await expect(dialog.locator('.qz-error')).toHaveText('The question can be at most 16 characters');
  await dialog.locator('input[name=question]').fill('Next goal?');
  await dialog.locator('button[type=submit]').click();
  await expect(dialog.locator('.qz-error')).toHaveText(
    'The close time must be at least 10 minutes',
  );
  await dialog.locator('input[name=close_minutes]').fill('20');
  await dialog.locator('input[name=min_bet]').fill('2');
  await screenshot(anchor, info, 'quiz-dialog-1440-en', { fullPage: false });
  await dialog.locator('button[type=submit]').click();
  await expectToast(anchor, 'Quiz published');
  await expect(dialog).toBeHidden();

  const card = (page: Page) => page.locator('[data-quiz-panel] [data-quiz]').first();
  await expect(card(fan)).toContainText('Next goal?');
  await expect(card(rival)).toContainText('进行中');
  await expect(card(fan).locator('[data-odds="1"]')).toHaveText('No bets yet');

  // The fan picks Arsenal and presses the 10-gem chip; the rival bets 20 gems on Man City.
  const fanBefore = await gems(fan);
  await card(fan).locator('[data-option="1"]').click();
  await card(fan).locator('[data-chip="1000"]').click();
  await expectToast(fan, 'Bet placed: 10.00 on Arsenal');
  await expect(fan.locator('[data-gift-balance]')).toHaveText(
    (fanBefore - 10).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  const rivalBefore = await gems(rival);
  await card(rival).locator('[data-option="2"]').click();
  await card(rival).locator('.qz-custom input').fill('1');
  await card(rival).locator('.qz-custom button').click();
  await expectToast(rival, '最低下注为 2 宝石');
  await card(rival).locator('.qz-custom input').fill('20');
  await card(rival).locator('.qz-custom button').click();
  await expect(card(rival).locator('[data-mine]')).toContainText('20.00');
  // Both see the odds move: 30 gems in the pool, 10 on A (×3.00) and 20 on B (×1.50).
  await expect(card(fan).locator('[data-odds="1"]')).toHaveText('×3.00');
  await expect(card(fan).locator('[data-odds="2"]')).toHaveText('×1.50');
  await expect(card(rival).locator('[data-odds="1"]')).toHaveText('×3.00');
  // The other option is closed to a viewer who has bet.
  await expect(card(fan).locator('[data-option="2"]')).toBeDisabled();
  await screenshot(fan, info, 'quiz-room-1440-en');
  await screenshot(rival, info, 'quiz-room-375-zh');

  // The anchor draws Arsenal.
  anchor.once('dialog', (d) => void d.accept());
  await card(anchor).locator('[data-draw="1"]').click();
  await expectToast(anchor, 'Drawn: Arsenal wins');
  await expectToast(fan, 'You won 30.00');
  await expect(fan.locator('[data-gift-balance]')).toHaveText(
    (fanBefore + 20).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await expect(rival.locator('[data-gift-balance]')).toHaveText(
    (rivalBefore - 20).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await expectToast(rival, '很遗憾，未中奖');
  // The settled quiz moves to the room's quiz history.
  await fan.locator('.qz-history-toggle').click();
  await expect(fan.locator('.qz-history [data-quiz]').first()).toContainText('Arsenal');
  await expect(fan.locator('.qz-history [data-mine]').first()).toContainText('You won 30.00');
  await screenshot(fan, info, 'quiz-room-drawn-1440-en');

  // The bet history of each viewer.
  await fan.goto('/user-center/betHistory');
  const won = fan.locator('[data-bet]').first();
  await expect(won).toContainText('Next goal?');
  await expect(won.locator('[data-result]')).toHaveText('Won');
  await expect(won.locator('.qp-payout')).toHaveText('30.00');
  await expectAccessible(fan);
  await screenshot(fan, info, 'quiz-bets-1440-en');
  await rival.goto('/user-center/betHistory');
  await expect(rival.locator('[data-bet]').first().locator('[data-result]')).toHaveText('未中奖');
  await screenshot(rival, info, 'quiz-bets-375-zh');

  // The anchor's quiz management: the drawn quiz with its bets; a new quiz asked here and closed.
  await anchor.goto('/user-center/guessing-management');
  const drawn = anchor.locator('[data-quiz]').first();
  await expect(drawn).toContainText('Next goal?');
  await expect(drawn.locator('[data-status]')).toHaveText('Prize drawn');
  await anchor.locator('[data-ask]').click();
  const ask = anchor.locator('dialog.qz-dialog');
  await ask.locator('input[name=question]').fill('Red card today?');
  await ask.locator('input[name=option_a]').fill('Yes');
  await ask.locator('input[name=option_b]').fill('No');
  await ask.locator('button[type=submit]').click();
  await expectToast(anchor, 'Quiz published');
  const fresh = anchor.locator('[data-quiz]').first();
  await expect(fresh).toContainText('Red card today?');
  await expectAccessible(anchor);
  await screenshot(anchor, info, 'quiz-manage-1440-en');
  anchor.once('dialog', (d) => void d.accept());
  await fresh.getByRole('button', { name: 'Close betting' }).click();
  await expectToast(anchor, 'Betting closed');
  await expect(fresh.locator('[data-status]')).toHaveText('Closed');

  // An administrator cancels the closed quiz (nothing staked) and the drawn one: the winnings
  // go back, the stakes are refunded, and both viewers end where they started.
  const adminContext = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    baseURL,
  });
  const admin = await adminContext.newPage();
  await trackToasts(admin);
  await admin.goto('/admin/quizzes');
  await signIn(admin, '13900000005');
  await admin.getByRole('button', { name: 'Prize drawn', exact: true }).click();
  const target = admin.locator('[data-quiz]', { hasText: 'Next goal?' }).first();
  await expect(target).toBeVisible();
  await expectAccessible(admin);
  await screenshot(admin, info, 'quiz-admin-1440-en');
  admin.once('dialog', (d) => void d.accept());
  await target.locator('[data-cancel]').click();
  await expectToast(admin, 'Quiz cancelled');
  await fan.goto('/user-center/betHistory');
  await expect(fan.locator('[data-bet]').first().locator('[data-result]')).toHaveText(
    'Bonus withdrawn',
  );
  await fan.goto(ROOM);
  await expect(fan.locator('[data-gift-balance]')).toHaveText(
    fanBefore.toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await rival.goto('/user-center/betHistory');
  await expect(rival.locator('[data-bet]').first().locator('[data-result]')).toHaveText('已退还');
  await rival.goto(ROOM);
  await expect(rival.locator('[data-gift-balance]')).toHaveText(
    rivalBefore.toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );

  // /guessList for everyone, at both widths and in both languages.
  await rival.goto('/guessList');
  await expect(rival.locator('[data-quiz-list] [data-quiz]').first()).toBeVisible();
  await screenshot(rival, info, 'quiz-list-375-zh');
  await fan.goto('/guessList');
  await expect(
    fan.locator('[data-quiz-list] [data-quiz]', { hasText: 'Red card today?' }),
  ).toBeVisible();
  await expectAccessible(fan);
  await screenshot(fan, info, 'quiz-list-1440-en');
  for (const p of [anchor, fan, rival, admin]) await p.context().close();
});
