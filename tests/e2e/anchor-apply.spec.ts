/**
 * Becoming an anchor: a member fills the application (ID photo uploaded, code by SMS, consent),
 * sees it under review, an administrator opens /admin/anchors from the header's user card and
 * approves it, and the member's "Go live" opens the live settings dialog. Members have no such link
 * and get the review page's refusal. Screenshots of the form, the review page and the
 * administrator's user card at 375 and 1440 px in both languages.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { STAFF_NAV } from '../../src/lib/staff/nav.ts';
import {
  expect,
  nextChallenge,
  screenshot,
  signIn,
  solveCaptcha,
  test,
  useLocale,
} from './fixtures.ts';

const MEMBER = '13900000004';
const VIEWER = '13900000001';
const ADMIN = '13900000005';
/** A member with no application: the screens show the empty form. */
const FRESH = '13900000002';

/** A landscape "ID card" picture. */
function idPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
    <rect width="856" height="540" rx="32" fill="#1c2230"/>
    <rect x="40" y="60" width="220" height="280" rx="12" fill="#7c5cff"/>
    <rect x="300" y="80" width="460" height="36" rx="8" fill="#b4bccb"/>
    <rect x="300" y="150" width="380" height="30" rx="8" fill="#8a94a8"/>
    <rect x="300" y="210" width="420" height="30" rx="8" fill="#8a94a8"/>
    <rect x="40" y="420" width="720" height="44" rx="8" fill="#eef1f7"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Waits for the newest application code sent to `mobile`. */
async function smsCode(sms: { mobile: string; code: string; purpose: string }[], mobile: string) {
  let code = '';
  await expect
    .poll(() => {
      code = sms.findLast((m) => m.mobile === mobile && m.purpose === 'anchor_apply')?.code ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

async function openAs(page: Page, mobile: string, path: string) {
  await page.goto('/home');
  await signIn(page, mobile);
  await page.goto(path);
}

test('a member applies, an administrator approves, and the new anchor goes live', async ({
  page,
  browser,
  baseURL,
  server,
}, info) => {
  test.setTimeout(120_000);
  await useLocale(page, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, MEMBER, '/user-center/apply-anchor');
  const form = page.locator('[data-apply-form]');
  await expect(form.locator('select[name="live_type"] option')).not.toHaveCount(1);

  // The shared rules answer in the page before anything is sent.
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(form.locator('.aa-error')).toHaveText('Please choose a live type');

  await form.locator('select[name="live_type"]').selectOption('201');
  await form.getByText('1 to 3 years').click();
  await form.locator('input[name="real_name"]').fill('Mia Chen');
  await form.locator('input[name="contact"]').fill('mia@example.com');
  await form.locator('input[name="id_number"]').fill('110105194912310021');
  await form
    .locator('input[name="id_photo"]')
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: await idPhoto() });
  // The ID photo is private: the form shows the chosen file itself.
  await expect(form.locator('[data-id-photo]')).toHaveAttribute('src', /^blob:/);
  await form
    .locator('textarea[name="profile"]')
    .fill(
      'I have called amateur football matches for three years and love breaking down tactics live',
    );
  await form.locator('input[name="mobile"]').fill(MEMBER);
  // The slider comes before the code.
  const challenge = nextChallenge(page);
  await form.locator('[data-send-code]').click();
  await solveCaptcha(page, challenge);
  await expect(form.locator('[data-send-code]')).toHaveText(/Resend in \d+ s/);
  await form.locator('input[name="code"]').fill(await smsCode(server.sms, MEMBER));
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(form.locator('.aa-error')).toHaveText('Please enter a valid 18-character ID number');
  await form.locator('input[name="id_number"]').fill('11010519491231002X');
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(form.locator('.aa-error')).toHaveText(
    'Please read and agree to the live-streaming agreement',
  );
  await expect(form.getByRole('link', { name: 'Live-Streaming Agreement' })).toHaveAttribute(
    'href',
    '/protocol/3/web',
  );
  await form.locator('input[name="agree"]').check();
  await screenshot(page, info, 'apply-anchor-filled-1440-en-US');
  await form.getByRole('button', { name: 'Submit application' }).click();
  const state = page.locator('[data-apply-state="verifying"]');
  await expect(state).toBeVisible();
  await expect(state).toContainText('1101**********002X');
  await screenshot(page, info, 'apply-anchor-verifying-1440-en-US');

  // The administrator approves it in another browser, reaching the review from the user card.
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await useLocale(admin, baseURL!, 'en-US');
  await admin.goto(`${baseURL!}/home`);
  await signIn(admin, ADMIN);
  await admin.locator('[data-action="user-card"]').click();
  await admin
    .locator('[data-user-card]')
    .getByRole('link', { name: 'Anchor applications' })
    .click();
  await expect(admin).toHaveURL(/\/admin\/anchors$/);
  const row = admin.locator('[data-application]').filter({ hasText: 'Mia Chen' });
  await expect(row).toContainText('1101**********002X');
  // Fetched with the administrator's token: it is not served publicly.
  await expect(row.locator('img')).toHaveAttribute('src', /^blob:/);
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);
  await adminContext.close();

  // The member is now an anchor: Go live opens the live settings dialog.
  await page.reload();
  await expect(page.locator('[data-apply-state="verified"]')).toBeVisible();
  await page.getByRole('button', { name: 'Go live' }).last().click();
  await expect(page.locator('dialog.modal.ls[open]')).toBeVisible();
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/user/checkAnchorStatus', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await res.json()) as { data: { is_anchor: number } }).data.is_anchor;
  });
  expect(status).toBe(1);
});

test('a member gets the refusal on the review page and sees no application', async ({
  page,
  baseURL,
}) => {
  await useLocale(page, baseURL!, 'en-US');
  await page.goto('/home');
  await signIn(page, VIEWER);
  await page.locator('[data-action="user-card"]').click();
  await expect(page.locator('[data-user-card]').getByRole('link').first()).toBeVisible();
  // No staff link (console, anchor applications, quiz administration) shows for a member.
  const staffLinks = page.locator('[data-user-card] [data-staff-link]');
  for (const link of await staffLinks.all()) await expect(link).toBeHidden();
  await expect(staffLinks).toHaveCount(STAFF_NAV.length);
  await page.goto('/admin/anchors');
  await expect(page.locator('[data-review-state="refused"]')).toContainText(
    'Only administrators can review anchor applications',
  );
  await expect(page.locator('[data-application]')).toHaveCount(0);
  // The staff navigation is there, with none of its links for a member.
  await expect(page.locator('[data-staff-nav] [data-staff-link]')).toHaveCount(STAFF_NAV.length);
  await expect(page.locator('[data-staff-nav] [data-staff-link]:visible')).toHaveCount(0);
});

test('screens of the form and the review page at 375 and 1440 px in both languages', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(120_000);
  // One application waiting for review, made through the real calls.
  await page.goto('/home');
  await signIn(page, VIEWER);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}`, lang: 'zh_cn' };
  const upload = await page.request.post('/api/user/file', {
    headers,
    multipart: {
      image: { name: 'id.png', mimeType: 'image/png', buffer: await idPhoto() },
      use: 'id_photo',
    },
  });
  const photo = ((await upload.json()) as { data: { url: string } }).data.url;
  // The code needs a slider pass of this device: solved with the test answer the server gives.
  const device = { ...headers, 'device-info': 'apply-e2e' };
  const challenge = await page.request.post('/api/captcha_path', { headers: device });
  const { data } = (await challenge.json()) as { data: { id: string; test_x: number } };
  await page.request.post('/api/captcha_verify', {
    headers: device,
    data: { id: data.id, x: data.test_x },
  });
  await page.request.post('/api/user/anchor_apply_code', {
    headers: device,
    data: { mobile: VIEWER },
  });
  const applied = await page.request.post('/api/user/anchor_apply', {
    headers,
    data: {
      live_type: 101,
      experience: 3,
      real_name: '张伟',
      contact: 'QQ 12345678',
      id_number: '11010519491231002X',
      id_photo: photo,
      profile: '我做英雄联盟解说五年了，擅长分析团战和版本理解，欢迎大家来直播间交流',
      mobile: VIEWER,
      introducer: '老K',
      code: await smsCode(server.sms, VIEWER),
      agree: 1,
    },
  });
  expect(((await applied.json()) as { status: number }).status).toBe(0);

  for (const locale of ['en-US', 'zh-CN'] as const) {
    await useLocale(page, baseURL!, locale);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await openAs(page, FRESH, '/user-center/apply-anchor');
      await expect(page.locator('[data-apply-form]')).toBeVisible();
      await screenshot(page, info, `apply-anchor-form-${width}-${locale}`);
      await openAs(page, ADMIN, '/admin/anchors');
      await expect(page.locator('[data-application]').first()).toBeVisible();
      await screenshot(page, info, `admin-anchors-${width}-${locale}`);
      await page.locator('[data-action="user-card"]').click();
      const card = page.locator('[data-user-card]');
      await expect(card.locator('[data-staff-link][href="/admin/anchors"]')).toBeVisible();
      await expect(card.locator('[data-staff-link][href="/admin/quizzes"]')).toBeVisible();
      await screenshot(page, info, `user-card-admin-${width}-${locale}`, { fullPage: false });
    }
  }
});
