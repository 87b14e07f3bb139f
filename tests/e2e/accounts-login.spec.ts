/**
 * Signing in and out in the browser against the real server: slide captcha (mouse and finger),
 * SMS codes read from the server's stdout, automatic registration, password login, wrong codes
 * and passwords, the user card, logout and the forgot-password wizard.
 */
import { eq } from 'drizzle-orm';
import { loginFailures, users } from '../../src/server/db/schema.ts';
import { createUser } from '../../src/server/users/service.ts';
import { openCard, openLogin, shot, smsCode } from './accounts-helpers.ts';
import { expect, expectToast, nextChallenge, shownToasts, solveCaptcha, test } from './fixtures.ts';

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
  // solveCaptcha waits for the success flash. It stays 1 s: on a busy machine it may be gone
  // before the next step, so the shot of it is taken only while it is still there (with its
  // slide-in finished so it shows in place).
  await solveCaptcha(page, challenge);
  const flash = page.locator('.captcha-flash.ok');
  const shown = await flash
    .evaluate((el) => el.getAnimations().forEach((a) => a.finish()), undefined, { timeout: 500 })
    .then(() => true)
    .catch(() => false);
  if (shown) await shot(page, info, 'login-captcha-ok-1440-en-US');
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
