/**
 * Quizzes in the live room: the anchor asks one through the dialog (its rules in the spec's
 * words), two viewers bet on opposite options with a chip and a custom amount and watch the
 * odds move, the anchor draws, each viewer sees the result and the gems change; the bet history
 * and the anchor's quiz management show it. Screens at 1440 and 375 px in both languages.
 */
import type { Browser, Page } from '@playwright/test';
import {
  expect,
  expectToast,
  screenshot,
  signIn,
  test,
  trackToasts,
  useLocale,
} from './fixtures.ts';

const ROOM = '/liveMatchesTwo/100003';

async function open(
  browser: Browser,
  baseURL: string,
  mobile: string,
  { width = 1440, locale = 'en-US' }: { width?: number; locale?: 'en-US' | 'zh-CN' } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
  const page = await context.newPage();
  await trackToasts(page);
  await useLocale(page, baseURL, locale);
  await page.goto(ROOM);
  await signIn(page, mobile);
  await expect(page.locator('[data-chat-input]')).toBeVisible();
  return page;
}

const gems = async (page: Page) =>
  Number((await page.locator('[data-gift-balance]').innerText()).replace(/,/g, ''));

test('an anchor asks, two viewers bet on both sides, the anchor draws and the winner is paid', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
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
  for (const p of [anchor, fan, rival]) await p.context().close();
});
