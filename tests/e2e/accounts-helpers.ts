/**
 * What the account journeys (accounts-login.spec.ts, accounts-screens.spec.ts) share: opening the
 * login dialog and the user card, reading an SMS code from the server's output, and viewport
 * screenshots of dialog states.
 */
import type { Page, TestInfo } from '@playwright/test';
import type { SmsMessage } from '../../src/server/sms/index.ts';
import { expect, screenshot } from './fixtures.ts';

/** A dialog state: the viewport only, as a person sees it (the page behind is dimmed). */
export const shot = (page: Page, info: TestInfo, name: string) =>
  screenshot(page, info, name, { fullPage: false });

/** The latest code the server printed for a phone and purpose. */
export async function smsCode(
  server: { sms: SmsMessage[] },
  mobile: string,
  purpose: 'login' | 'reset',
) {
  let code = '';
  await expect
    .poll(() => {
      code = server.sms.findLast((m) => m.mobile === mobile && m.purpose === purpose)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/** Opens the login dialog from the header. */
export async function openLogin(page: Page) {
  await page.locator('[data-action="login"]').click();
  await expect(page.locator('.login-modal')).toBeVisible();
}

/** Opens the user card with a click (as on a phone) and waits until it has faded in. */
export async function openCard(page: Page) {
  await page.locator('.user-chip').click();
  await expect(page.locator('.user-chip')).toHaveAttribute('aria-expanded', 'true');
  const card = page.locator('[data-user-card]');
  await expect(card).toHaveCSS('opacity', '1');
  return card;
}
