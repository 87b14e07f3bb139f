/** Accounts in the browser: captcha, SMS registration, password login, forgot password, logout. */
import type { Page } from '@playwright/test';
import { expect, screenshot, test, useLocale } from './fixtures.ts';

/** Drags the slider to the right place, read from the challenge the page received. */
async function solveCaptcha(
  page: Page,
  challenge: Promise<{ data: { test_x: number } }>,
): Promise<void> {
  const { data } = await challenge;
  const handle = page.locator('.captcha-handle');
  await expect(page.locator('.captcha-piece')).toBeVisible();
  const box = (await handle.boundingBox())!;
  const picture = (await page.locator('.captcha-picture').boundingBox())!;
  const scale = picture.width / 480;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(
    box.x + box.width / 2 + ((data.test_x * 480) / 590) * scale,
    box.y + box.height / 2,
    {
      steps: 8,
    },
  );
  await page.mouse.up();
  await expect(page.locator('.captcha-flash.ok')).toBeVisible();
}

const challenge = (page: Page) =>
  page
    .waitForResponse((r) => r.url().endsWith('/api/captcha_path'))
    .then((r) => r.json() as Promise<{ data: { test_x: number } }>);

async function openLogin(page: Page): Promise<void> {
  await page.locator('[data-action="login"]').click();
  await expect(page.locator('.login-modal')).toBeVisible();
}

test('a new phone registers by SMS code and sees its card', async ({ page, server }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await openLogin(page);
  await screenshot(page, info, 'login-sms-1440-en-US');
  const phone = page.locator('input[name="phone"]');
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.locator('.lf-error')).toHaveText('please enter a valid phone number');
  await phone.fill('13812340001');
  await expect(phone).toHaveValue('138 1234 0001');
  const next = challenge(page);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.locator('.captcha')).toBeVisible();
  await screenshot(page, info, 'login-captcha-1440-en-US');
  await solveCaptcha(page, next);
  await expect(page.locator('[data-toast]')).toHaveText('sent successfully');
  await expect(page.locator('.lf-send')).toHaveText(/\d+ s/);
  const code = server.sms.findLast((m) => m.mobile === '13812340001')!.code;
  await page.locator('input[name="code"]').fill(code);
  await Promise.all([page.waitForEvent('load'), page.locator('.lf-submit').click()]);
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
  await page.locator('[data-user-area]').hover();
  await expect(page.locator('[data-user-card] [data-user-phone]')).toHaveText('138****0001');
  await expect(page.locator('[data-user-card] [data-user-badge] svg')).toBeVisible();
  await screenshot(page, info, 'user-card-new-1440-en-US');
});

test('a wrong code shows the red line', async ({ page, server }, info) => {
  await page.goto('/news');
  await openLogin(page);
  await page.locator('input[name="phone"]').fill('13900000003');
  const next = challenge(page);
  await page.getByRole('button', { name: 'Get code' }).click();
  await solveCaptcha(page, next);
  await expect.poll(() => server.sms.some((m) => m.mobile === '13900000003')).toBe(true);
  const code = server.sms.findLast((m) => m.mobile === '13900000003')!.code;
  await page.locator('input[name="code"]').fill(code === '1111' ? '2222' : '1111');
  await page.locator('.lf-submit').click();
  await expect(page.locator('.lf-error')).toHaveText(
    'The verification code is wrong or has expired',
  );
  await screenshot(page, info, 'login-error-1440-en-US');
});

test('password login, the user card, and logout with confirmation', async ({ page }, info) => {
  await page.goto('/home');
  await openLogin(page);
  await page.getByRole('tab', { name: 'Password login' }).click();
  await page.locator('input[name="phone"]').fill('13900000001');
  const password = page.locator('input[name="passwd"]');
  await password.fill('demo1234');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await screenshot(page, info, 'login-password-1440-en-US');
  const next = challenge(page);
  await page.locator('.lf-submit').click();
  await Promise.all([page.waitForEvent('load'), solveCaptcha(page, next)]);
  await page.locator('[data-user-area]').hover();
  const card = page.locator('[data-user-card]');
  await expect(card.locator('[data-user-nick]')).toHaveText('SkyRider');
  await expect(card.locator('[data-user-gold]')).toHaveText('10,000.00');
  await expect(card.locator('[data-user-diamond]')).toHaveText('100.00');
  await expect(card.locator('[data-user-next]')).toHaveText('800 exp to Lv.6');
  await screenshot(page, info, 'user-card-1440-en-US');
  await card.locator('[data-action="logout"]').click();
  await expect(page.locator('.confirm')).toBeVisible();
  await Promise.all([page.waitForEvent('load'), page.locator('[data-confirm-logout]').click()]);
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'out');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('forgot password: verify the phone, set a new password, log in with it', async ({
  page,
  server,
}, info) => {
  await page.goto('/home');
  await openLogin(page);
  await page.getByRole('tab', { name: 'Password login' }).click();
  await page.getByRole('button', { name: 'Forgot the password?' }).click();
  await page.locator('input[name="phone"]').fill('13900000002');
  await screenshot(page, info, 'forgot-step1-1440-en-US');
  const next = challenge(page);
  await page.getByRole('button', { name: 'Get code' }).click();
  await solveCaptcha(page, next);
  await expect
    .poll(() => server.sms.some((m) => m.mobile === '13900000002' && m.purpose === 'reset'))
    .toBe(true);
  const code = server.sms.findLast((m) => m.mobile === '13900000002')!.code;
  await page.locator('input[name="code"]').fill(code);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('input[name="passwd1"]').fill('fresh2026');
  await page.locator('input[name="passwd2"]').fill('fresh2027');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('.lf-error')).toHaveText('the two password inputs are inconsistent');
  await page.locator('input[name="passwd2"]').fill('fresh2026');
  await screenshot(page, info, 'forgot-step2-1440-en-US');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('.lf-done h3')).toHaveText('Setup successful');
  await expect(page.locator('[data-toast]')).toHaveText(
    'Password changed. Please log in with your new password.',
  );
  await screenshot(page, info, 'forgot-step3-1440-en-US');
  await page.getByRole('button', { name: 'Back to login' }).click();
  await page.locator('input[name="passwd"]').fill('fresh2026');
  const again = challenge(page);
  await page.locator('.lf-submit').click();
  await Promise.all([page.waitForEvent('load'), solveCaptcha(page, again)]);
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
});

test('the login dialog on a phone and in Chinese', async ({ page, baseURL }, info) => {
  await useLocale(page, baseURL!, 'zh-CN');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home');
  await openLogin(page);
  await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await screenshot(page, info, 'login-sms-375-zh-CN');
  await page.locator('input[name="phone"]').fill('13900000001');
  const next = challenge(page);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.locator('.captcha-piece')).toBeVisible();
  await screenshot(page, info, 'login-captcha-375-zh-CN');
  await solveCaptcha(page, next);
  await expect(page.locator('[data-toast]')).toHaveText('发送成功');
  await page.locator('.modal-close').click();
  await openLogin(page);
  await expect(page.locator('input[name="phone"]')).toHaveValue('');
});

test('dialog states on a phone in English', async ({ page }, info) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home');
  await openLogin(page);
  await screenshot(page, info, 'login-sms-375-en-US');
  await page.getByRole('tab', { name: 'Password login' }).click();
  await page.locator('input[name="phone"]').fill('13900000001');
  await page.locator('input[name="passwd"]').fill('abc');
  await page.locator('.lf-submit').click();
  await expect(page.locator('.lf-error')).toHaveText(
    'password length must be at least 6 characters',
  );
  await screenshot(page, info, 'login-password-error-375-en-US');
  await page.getByRole('button', { name: 'Forgot the password?' }).click();
  await expect(page.locator('.lf-steps li[aria-current="step"]')).toContainText('Verify phone');
  await screenshot(page, info, 'forgot-step1-375-en-US');
});
