/**
 * Accounts in the browser against the real server: slide captcha, SMS codes read from the
 * server's stdout, automatic registration, password login, the user card, forgot password,
 * logout, and screenshots of every dialog state at 1440 and 375 px in both languages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { loginFailures, users } from '../../src/server/db/schema.ts';
import type { SmsMessage } from '../../src/server/sms/index.ts';
import { createUser } from '../../src/server/users/service.ts';
import {
  expect,
  expectToast,
  nextChallenge,
  screenshot,
  shownToasts,
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

/** A dialog state: the viewport only, as a person sees it (the page behind is dimmed). */
const shot = (page: Page, info: TestInfo, name: string) =>
  screenshot(page, info, name, { fullPage: false });

/** The latest code the server printed for a phone and purpose. */
async function smsCode(server: { sms: SmsMessage[] }, mobile: string, purpose: 'login' | 'reset') {
  let code = '';
  await expect
    .poll(() => {
      code = server.sms.findLast((m) => m.mobile === mobile && m.purpose === purpose)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

async function openLogin(page: Page) {
  await page.locator('[data-action="login"]').click();
  await expect(page.locator('.login-modal')).toBeVisible();
}

/** Opens the user card with a click (as on a phone) and waits until it has faded in. */
async function openCard(page: Page) {
  await page.locator('.user-chip').click();
  await expect(page.locator('.user-chip')).toHaveAttribute('aria-expanded', 'true');
  const card = page.locator('[data-user-card]');
  await expect(card).toHaveCSS('opacity', '1');
  return card;
}

/** Signs a demo account in through the API (for screens that only need a logged-in header). */
async function signIn(page: Page, mobile: string) {
  const res = await page.request.post('/api/user/login', {
    data: { account: mobile, pwd: 'demo1234', platform: 0, login_type: 1, source_id: 10001 },
  });
  const { data } = (await res.json()) as { data: { token: string; id: number } };
  await page.evaluate((d) => {
    localStorage.setItem('token', d.token);
    localStorage.setItem('id', String(d.id));
    localStorage.setItem('userInfo', JSON.stringify({ ...d, token: undefined }));
  }, data);
  await page.reload();
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
}

test('a new phone in a live room: captcha, code from stdout, registration, the card', async ({
  page,
  server,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/liveMatchesTwo/100003');
  await openLogin(page);
  const submit = page.locator('.lf-submit');
  await expect(submit).toBeDisabled();
  await shot(page, info, 'login-sms-1440-en-US');

  const phone = page.locator('input[name="phone"]');
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.locator('.lf-error')).toHaveText('please enter a valid phone number');
  await phone.fill('13812340001');
  await expect(phone).toHaveValue('138 1234 0001');

  const challenge = nextChallenge(page);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.locator('.captcha-piece')).toBeVisible();
  await shot(page, info, 'login-captcha-1440-en-US');
  await solveCaptcha(page, challenge);
  // The flash slides in and stays 1 s: finish its animation so the shot shows it in place even
  // when a busy machine paints slowly.
  const flash = page.locator('.captcha-flash.ok');
  await expect(flash).toBeVisible();
  await flash.evaluate((el) => el.getAnimations().forEach((a) => a.finish()));
  await shot(page, info, 'login-captcha-ok-1440-en-US');
  await expectToast(page, 'sent successfully');
  await expect(page.locator('.lf-send')).toHaveText(/^\d+ s$/);
  await expect(page.locator('.lf-send')).toBeDisabled();

  await page.locator('input[name="code"]').fill(await smsCode(server, '13812340001', 'login'));
  await expect(submit).toBeEnabled();
  await shot(page, info, 'login-sms-filled-1440-en-US');
  await submit.click();
  await expectToast(page, 'registration success');
  await page.waitForEvent('load');

  const header = page.locator('[data-site-header]');
  await expect(header).toHaveAttribute('data-auth', 'in');
  const card = await openCard(page);
  await expect(card.locator('[data-user-phone]')).toHaveText('138****0001');
  await expect(card.locator('[data-user-badge] svg')).toHaveAttribute('aria-label', 'Lv.0');
  await expect(card.locator('[data-user-level]')).toHaveText('Lv.0');
  await shot(page, info, 'user-card-new-1440-en-US');

  const [user] = await server.rt.db.select().from(users).where(eq(users.mobile, '13812340001'));
  expect(user?.regAnchorId).toBe(100003);
  const stored = await page.evaluate(() =>
    ['token', 'id', 'userInfo'].map((k) => localStorage.getItem(k)),
  );
  expect(stored[0]).toBeTruthy();
  expect(stored[1]).toBe(String(user!.id));
  expect(JSON.parse(stored[2]!)).toMatchObject({ formatPhone: '138****0001' });
});

test('a wrong code shows the server message in the red line', async ({ page, server }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/news');
  await openLogin(page);
  await page.locator('input[name="phone"]').fill('13900000003');
  const challenge = nextChallenge(page);
  await page.getByRole('button', { name: 'Get code' }).click();
  await solveCaptcha(page, challenge);
  const code = await smsCode(server, '13900000003', 'login');
  await page.locator('input[name="code"]').fill(code === '1111' ? '2222' : '1111');
  await page.locator('.lf-submit').click();
  await expect(page.locator('.lf-error')).toHaveText(
    'The verification code is wrong or has expired',
  );
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'out');
  await shot(page, info, 'login-error-1440-en-US');
});

test('password login with a demo account, the user card, logout with confirmation', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await openLogin(page);
  await page.getByRole('tab', { name: 'Password login' }).click();
  await page.locator('input[name="phone"]').fill('13900000001');
  const password = page.locator('input[name="passwd"]');
  await password.fill('demo1234');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await shot(page, info, 'login-password-1440-en-US');

  const challenge = nextChallenge(page);
  await page.locator('.lf-submit').click();
  await Promise.all([page.waitForEvent('load'), solveCaptcha(page, challenge)]);

  // On a desktop the card opens on hover.
  await page.locator('[data-user-area]').hover();
  const card = page.locator('[data-user-card]');
  await expect(card).toHaveCSS('opacity', '1');
  await expect(card.locator('[data-user-nick]')).toHaveText('SkyRider');
  await expect(card.locator('[data-user-gold]')).toHaveText('10,000.00');
  await expect(card.locator('[data-user-diamond]')).toHaveText('100.00');
  await expect(card.locator('[data-user-next]')).toHaveText('800 exp to Lv.6');
  await expect(card.locator('[data-user-badge] svg')).toHaveAttribute('data-band', '1');
  await expect(card.locator('[data-user-progressbar]')).toHaveAttribute('aria-valuenow', /\d+/);
  await expect(card.getByRole('link', { name: 'Vouchers' })).toHaveAttribute(
    'href',
    '/user-center/voucher',
  );
  await expect(
    card.locator('.uc-links').getByRole('link', { name: 'Personal centre' }),
  ).toBeVisible();
  await shot(page, info, 'user-card-1440-en-US');

  const token = await page.evaluate(() => localStorage.getItem('token'));
  await card.locator('[data-action="logout"]').click();
  await expect(page.locator('.confirm')).toBeVisible();
  await expect(page.locator('.confirm-warn')).toHaveCount(0);
  await shot(page, info, 'logout-confirm-1440-en-US');
  await Promise.all([page.waitForEvent('load'), page.locator('[data-confirm-logout]').click()]);
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'out');
  expect(
    await page.evaluate(() => ['token', 'id', 'userInfo'].map((k) => localStorage.getItem(k))),
  ).toEqual([null, null, null]);
  // The token is revoked on the server too.
  const after = await page.request.get('/api/user/getUserInfo', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await after.json()) as { status: number }).status).toBe(2);
});

test('wrong passwords by a stranger never shut the owner out of password login', async ({
  page,
  server,
}) => {
  const mobile = '13900000002';
  // A stranger's wrong passwords, past the five free tries.
  const at = new Date();
  await server.rt.db
    .insert(loginFailures)
    .values(Array.from({ length: 8 }, () => ({ mobile, createdAt: at })));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await openLogin(page);
  await page.getByRole('tab', { name: 'Password login' }).click();
  await page.locator('input[name="phone"]').fill(mobile);
  // Each try past the free ones costs the slider, which the dialog asks before every try anyway.
  await page.locator('input[name="passwd"]').fill('wrong1234');
  const first = nextChallenge(page);
  await page.locator('.lf-submit').click();
  await solveCaptcha(page, first);
  await expect(page.locator('.lf-error')).toHaveText('Wrong phone number or password');
  await page.locator('input[name="passwd"]').fill('demo1234');
  const second = nextChallenge(page);
  await page.locator('.lf-submit').click();
  await Promise.all([page.waitForEvent('load'), solveCaptcha(page, second)]);
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
});

test('forgot password: verify the phone, set a new password, log in with it', async ({
  page,
  server,
}, info) => {
  const mobile = '13812340077';
  await createUser(server.rt.db, { mobile, regSource: 'OFFICIAL', regAnchorId: null });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await openLogin(page);
  await page.getByRole('tab', { name: 'Password login' }).click();
  await page.getByRole('button', { name: 'Forgot the password?' }).click();
  await expect(page.locator('.lf-steps [aria-current="step"]')).toContainText('Verify phone');
  await page.locator('input[name="phone"]').fill(mobile);
  await shot(page, info, 'forgot-step1-1440-en-US');

  const challenge = nextChallenge(page);
  await page.getByRole('button', { name: 'Get code' }).click();
  await solveCaptcha(page, challenge);
  const code = await smsCode(server, mobile, 'reset');
  // 'sent successfully' is only for login codes.
  await expect(page.locator('.lf-send')).toHaveText(/^\d+ s$/);
  expect(await shownToasts(page)).toEqual([]);
  await page.locator('input[name="code"]').fill(code);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.locator('.lf-steps [aria-current="step"]')).toContainText('New password');
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await page.locator('input[name="passwd1"]').fill('fresh2026');
  await expect(confirm).toBeDisabled();
  await page.locator('input[name="passwd2"]').fill('fresh2027');
  await confirm.click();
  await expect(page.locator('.lf-error')).toHaveText('the two password inputs are inconsistent');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await shot(page, info, 'forgot-step2-error-1440-en-US');
  await page.locator('input[name="passwd2"]').fill('fresh2026');
  await shot(page, info, 'forgot-step2-1440-en-US');
  await confirm.click();

  await expect(page.locator('.lf-done h3')).toHaveText('Setup successful');
  await expectToast(page, 'Password changed. Please log in with your new password.');
  await shot(page, info, 'forgot-step3-1440-en-US');
  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page.getByRole('tab', { name: 'Password login' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.locator('input[name="phone"]')).toHaveValue('138 1234 0077');
  await page.locator('input[name="passwd"]').fill('fresh2026');
  const again = nextChallenge(page);
  await page.locator('.lf-submit').click();
  await Promise.all([page.waitForEvent('load'), solveCaptcha(page, again)]);
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
});

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

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('a finger drags the slider; the user card opens and closes with taps', async ({
    page,
    server,
  }) => {
    const mobile = '13812340099';
    await page.goto('/home');
    await page.locator('[data-action="login"]').tap();
    await page.locator('input[name="phone"]').fill(mobile);
    const challenge = nextChallenge(page);
    await page.getByRole('button', { name: 'Get code' }).tap();
    const { data } = await challenge;
    await expect(page.locator('.captcha-piece')).toBeVisible();
    const handle = (await page.locator('.captcha-handle').boundingBox())!;
    const picture = (await page.locator('.captcha-picture').boundingBox())!;
    const from = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    const to = from.x + ((data.test_x * 480) / 590) * (picture.width / 480);
    // Playwright has taps only; a drag is sent as raw touch events.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: x === undefined ? [] : [{ x, y: from.y }],
      });
    await touch('touchStart', from.x);
    for (let i = 1; i <= 8; i++) await touch('touchMove', from.x + ((to - from.x) * i) / 8);
    await touch('touchEnd');
    await expect(page.locator('.captcha-flash.ok')).toBeVisible();
    await expectToast(page, 'sent successfully');
    await page.locator('input[name="code"]').fill(await smsCode(server, mobile, 'login'));
    await Promise.all([page.waitForEvent('load'), page.locator('.lf-submit').tap()]);

    const chip = page.locator('.user-chip');
    await chip.tap();
    await expect(chip).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('[data-user-card] [data-user-phone]')).toHaveText('138****0099');
    // A tap anywhere outside closes it (the footer: the open card covers the top of the page).
    await page.locator('.site-footer .copyright').tap();
    await expect(chip).toHaveAttribute('aria-expanded', 'false');
  });
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
