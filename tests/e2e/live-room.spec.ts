/**
 * The live room with two people: a message typed in one browser appears in the other's chat and
 * barrage; a manager bans the viewer, who sees it at once. Screens in both languages.
 */
import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { chatBans, users } from '../../src/server/db/schema.ts';
import { expect, screenshot, signIn, test, useLocale } from './fixtures.ts';

const ROOM = '/liveMatchesTwo/100003';

async function openAs(
  browser: Browser,
  baseURL: string,
  mobile: string,
  width = 1440,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
  const page = await context.newPage();
  await useLocale(page, baseURL, 'en-US');
  await page.goto(ROOM);
  await signIn(page, mobile);
  await expect(page.locator('[data-chat-input]')).toBeVisible();
  // Joined, so what others say next arrives live (and on the barrage), not as history.
  await expect(page.locator('.chat[data-connection="joined"]')).toBeVisible({ timeout: 15_000 });
  return page;
}

/** Painted pixels on the barrage canvas. */
function paintedPixels(page: Page): Promise<number> {
  return page.locator('[data-barrage]').evaluate((el) => {
    const canvas = el as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
    return painted;
  });
}

test('two viewers chat: the message shows in the other chat and barrage; a ban takes effect at once', async ({
  browser,
  baseURL,
  server,
}, info) => {
  // Four pages of the live room, one after another.
  test.setTimeout(120_000);
  const viewer = await openAs(browser, baseURL!, '13900000001');
  const noble = await openAs(browser, baseURL!, '13900000002');

  await viewer.locator('[data-chat-input]').fill('Who scores first tonight?');
  await viewer.keyboard.press('Enter');
  const line = noble.locator('[data-chat-list] .chat-msg', {
    hasText: 'Who scores first tonight?',
  });
  await expect(line).toBeVisible();
  await expect(line.locator('.chat-name')).toHaveText('SkyRider:');
  await expect(noble.locator('[data-barrage]')).toHaveAttribute('data-count', /[1-9]/);
  await expect.poll(() => paintedPixels(noble)).toBeGreaterThan(100);
  await screenshot(noble, info, 'live-room-1440-en', { fullPage: false });
  // Density: kept with the other barrage settings; at full screen the next comment flies too.
  await noble.locator('[data-barrage-density]').selectOption('full');
  expect(await noble.evaluate(() => localStorage.getItem('barrage:density'))).toBe('full');
  // (The other viewer spoke a moment ago: the room's speaking rate would hold them back.)
  await noble.locator('[data-chat-input]').fill('Full screen barrage');
  await noble.keyboard.press('Enter');
  await expect(noble.locator('[data-barrage]')).toHaveAttribute('data-count', /^[2-9]|\d{2,}$/);
  await expect.poll(() => paintedPixels(noble)).toBeGreaterThan(100);

  // Guests see the chat and a login button instead of the input.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  await guest.goto(ROOM);
  // A fresh page loads the chat island, opens the socket and joins before history shows.
  await expect(guest.locator('.chat-msg', { hasText: 'Who scores first tonight?' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(guest.locator('.chat-login')).toBeVisible();

  const manager = await openAs(browser, baseURL!, '13900000004');
  const target = manager.locator('.chat-msg', { hasText: 'Who scores first tonight?' });
  await target.hover();
  await target.locator('.chat-manage').click();
  await manager.locator('[data-ban-unit]').selectOption('hour');
  await manager.locator('[data-ban-reason]').selectOption('abuse');
  await manager.locator('[data-ban-confirm]').click();
  await expect(viewer.locator('.chat-banned')).toContainText('You are banned');
  await expect(
    viewer.getByText('Because of insult and abuse, you are banned for 1 hour'),
  ).toBeVisible();
  await expect(noble.locator('.chat-notice', { hasText: 'SkyRider was banned' })).toBeVisible();
  await screenshot(viewer, info, 'live-room-banned-1440-en', { fullPage: false });

  for (const p of [viewer, noble, manager, guest]) await p.context().close();
  // The hour's ban would outlast this journey: later ones chat in this room as the same viewer.
  const [banned] = await server.rt.db.select().from(users).where(eq(users.mobile, '13900000001'));
  await server.rt.db.delete(chatBans).where(eq(chatBans.userId, banned!.id));
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [375, 1440]) {
    test(`live room screens ${locale} ${width}`, async ({ browser, baseURL }, info) => {
      const context = await browser.newContext({ viewport: { width, height: 860 }, baseURL });
      const page = await context.newPage();
      await useLocale(page, baseURL!, locale);
      await page.goto(ROOM);
      await expect(page.locator('.chat-login')).toBeVisible();
      await screenshot(page, info, `live-room-${width}-${locale}`, { fullPage: width < 900 });
      await context.close();
    });
  }
}
