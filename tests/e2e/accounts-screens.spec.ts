/**
 * The login dialog's screens: every dialog state at 1440 and 375 px in both languages (the reset
 * wizard included), the user card of a noble and of a live anchor, the guest login panel, the
 * user restored from storage, and the accessibility of the dialog and the card.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { createUser } from '../../src/server/users/service.ts';
import { openCard, openLogin, shot, smsCode } from './accounts-helpers.ts';
import {
  expect,
  nextChallenge,
  signIn as apiSignIn,
  solveCaptcha,
  test,
  useLocale,
} from './fixtures.ts';

type Locale = 'en-US' | 'zh-CN';

const TEXT = {
  'en-US': {
    codeTab: 'SMS login',
    passwordTab: 'Password login',
    getCode: 'Get code',
    forgot: 'Forgot the password?',
  },
  'zh-CN': {
    codeTab: '验证码登录',
    passwordTab: '密码登录',
    getCode: '获取验证码',
    forgot: '忘记密码？',
  },
} as const;

/** Signs a demo account in through the API (for screens that only need a logged-in header). */
async function signIn(page: Page, mobile: string) {
  await apiSignIn(page, mobile);
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
}

/** Every state that needs no SMS, in one locale and width; ends with the captcha open. */
async function dialogTour(page: Page, info: TestInfo, locale: Locale, width: number) {
  const text = TEXT[locale];
  const tag = `${width}-${locale}`;
  await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
  await page.goto('/home');
  await openLogin(page);
  await expect(page.getByRole('tab', { name: text.codeTab })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.locator('.lf-brand')).toBeVisible({ visible: width > 760 });
  await shot(page, info, `login-sms-${tag}`);

  await page.getByRole('tab', { name: text.passwordTab }).click();
  await page.locator('input[name="phone"]').fill('13900000001');
  await page.locator('input[name="passwd"]').fill('abc');
  await shot(page, info, `login-password-${tag}`);
  await page.locator('.lf-submit').click();
  await expect(page.locator('.lf-error')).toHaveText(
    locale === 'en-US' ? 'password length must be at least 6 characters' : /6/,
  );
  await shot(page, info, `login-error-${tag}`);

  await page.getByRole('button', { name: text.forgot }).click();
  await expect(page.locator('.lf-steps [aria-current="step"]')).toBeVisible();
  await shot(page, info, `forgot-step1-${tag}`);

  // Closing resets mode, form and toggles.
  await page.locator('.modal-close').click();
  await expect(page.locator('.login-modal')).toHaveCount(0);
  await openLogin(page);
  await expect(page.getByRole('tab', { name: text.codeTab })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.locator('input[name="phone"]')).toHaveValue('');

  await page.locator('input[name="phone"]').fill('13900000001');
  await page.getByRole('button', { name: text.getCode }).click();
  await expect(page.locator('.captcha-piece')).toBeVisible();
  await shot(page, info, `login-captcha-${tag}`);
}

for (const [locale, width] of [
  ['zh-CN', 1440],
  ['zh-CN', 375],
] as const) {
  test(`dialog states and the user card at ${width} px in ${locale}`, async ({
    page,
    baseURL,
  }, info) => {
    await useLocale(page, baseURL!, locale);
    await dialogTour(page, info, locale, width);
    // Closing the captcha leaves the dialog as it was.
    await page.locator('.captcha-head button').last().click();
    await expect(page.locator('.captcha')).toHaveCount(0);
    await expect(page.locator('input[name="phone"]')).toHaveValue('139 0000 0001');
    await page.locator('.modal-close').click();

    await signIn(page, '13900000002');
    const card = await openCard(page);
    await expect(card.locator('[data-user-vip]')).toHaveText('VIP 03');
    await expect(card.locator('[data-user-badge] svg')).toHaveAttribute('data-band', '2');
    await expect(card.locator('.uc-links').getByRole('link', { name: '个人中心' })).toBeVisible();
    await shot(page, info, `user-card-${width}-${locale}`);
    await page.keyboard.press('Escape');
    await expect(page.locator('.user-chip')).toHaveAttribute('aria-expanded', 'false');
  });
}

test('dialog states at 375 px in English, the reset wizard included', async ({
  page,
  server,
}, info) => {
  const mobile = '13812340088';
  await createUser(server.rt.db, { mobile, regSource: 'OFFICIAL', regAnchorId: null });
  await dialogTour(page, info, 'en-US', 375);
  await page.locator('.captcha-head button').last().click();

  await page.getByRole('tab', { name: 'Password login' }).click();
  await page.getByRole('button', { name: 'Forgot the password?' }).click();
  await page.locator('input[name="phone"]').fill(mobile);
  const challenge = nextChallenge(page);
  await page.getByRole('button', { name: 'Get code' }).click();
  await solveCaptcha(page, challenge);
  await page.locator('input[name="code"]').fill(await smsCode(server, mobile, 'reset'));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('input[name="passwd1"]').fill('abc12');
  await page.locator('input[name="passwd2"]').fill('abc12');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('.lf-error')).toHaveText(
    'password length must be at least 6 characters',
  );
  await shot(page, info, 'forgot-step2-375-en-US');
  // 'Return to previous step' goes back to step 1 with the phone kept.
  await page.getByRole('button', { name: 'Return to previous step' }).click();
  await expect(page.locator('.lf-steps [aria-current="step"]')).toContainText('Verify phone');
  await expect(page.locator('input[name="phone"]')).toHaveValue('138 1234 0088');
  await page.locator('.modal-close').click();

  // An anchor who is live is warned before logging out.
  await signIn(page, '13900000003');
  const card = await openCard(page);
  await expect(card.locator('[data-live-label]')).toHaveText('Live now');
  await shot(page, info, 'user-card-375-en-US');
  await card.locator('[data-action="logout"]').click();
  await expect(page.locator('.confirm-warn')).toHaveText(
    'You are live: the live ends 5 minutes after you log out.',
  );
  await shot(page, info, 'logout-anchor-375-en-US');
});

test('the guest login panel, and the user restored from storage when the tab comes back', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/news');
  await page.locator('.guest-area').hover();
  await expect(page.locator('.guest-card')).toHaveCSS('opacity', '1');
  await shot(page, info, 'guest-panel-1440-en-US');
  // A content page loads no React (the dialogs' chunk; only its small CSS is linked) until the
  // user opens a dialog.
  const loaded = () =>
    page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect((await loaded()).filter((name) => /\/_astro\/mount\.[^/]*\.js$/.test(name))).toEqual([]);
  await page.locator('.guest-card [data-action="login-panel"]').click();
  await expect(page.locator('.login-modal')).toBeVisible();
  expect((await loaded()).some((name) => /\/_astro\/mount\.[^/]*\.js$/.test(name))).toBe(true);
  await page.locator('.modal-close').click();

  await signIn(page, '13900000001');
  // Another tab logged out (no storage event reaches this one in the test): on coming back, the
  // header follows local storage.
  await page.evaluate(() => {
    for (const key of ['token', 'id', 'userInfo']) localStorage.removeItem(key);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'out');
});

test('the login dialog and the user card have no serious accessibility problems', async ({
  page,
}) => {
  // Three axe runs and a login: well over a minute when the machine is busy.
  test.setTimeout(180_000);
  await page.goto('/home');
  await openLogin(page);
  const serious = async (selector: string) =>
    (
      await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze()
    ).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
  expect(await serious('.login-modal')).toEqual([]);
  await page.getByRole('tab', { name: 'Password login' }).click();
  await page.getByRole('button', { name: 'Forgot the password?' }).click();
  expect(await serious('.login-modal')).toEqual([]);
  await page.locator('.modal-close').click();
  await signIn(page, '13900000002');
  await openCard(page);
  expect(await serious('[data-user-card]')).toEqual([]);
});
