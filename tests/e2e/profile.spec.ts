/**
 * The user's own profile against the real server: a member who signed up by SMS sets a square
 * avatar, a nickname (then locked for 7 days) and a first password, and their open live room
 * speaks with the new name from the next message on; the watch history lists the room, and is
 * cleared. Axe on every screen; screenshots at 375 and 1440 px in both languages.
 */
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { createSession, findSessionUser } from '../../src/server/sessions.ts';
import { users, wallets } from '../../src/server/db/schema.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import {
  expect,
  expectAccessible,
  expectToast,
  screenshot,
  test,
  trackToasts,
  useLocale,
} from './fixtures.ts';

const ROOM = '/liveMatchesTwo/100003';

/** A member as SMS registration leaves one: no password, a generated nickname. */
async function smsMember(rt: Runtime, mobile: string): Promise<number> {
  const [row] = await rt.db
    .insert(users)
    .values({ mobile, nickName: `Fan${mobile.slice(-4)}`, avatar: '/avatar-default.webp' })
    .returning({ id: users.id });
  await rt.db.insert(wallets).values({ userId: row!.id });
  return row!.id;
}

/** A window signed in with a session of the user's own (as after an SMS login). */
async function windowAs(
  browser: Browser,
  baseURL: string,
  rt: Runtime,
  id: number,
  path: string,
  { width = 1440, locale = 'en-US' }: { width?: number; locale?: 'en-US' | 'zh-CN' } = {},
): Promise<{ page: Page; token: string }> {
  const token = await createSession(rt.db, id, `profile-e2e-${width}`);
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
  const page = await context.newPage();
  await trackToasts(page);
  await useLocale(page, baseURL, locale);
  await page.goto(path);
  await page.evaluate(
    ([t, i]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('id', i);
      localStorage.setItem('userInfo', JSON.stringify({ id: Number(i) }));
    },
    [token, String(id)] as const,
  );
  await page.reload();
  return { page, token };
}

test('a member sets avatar, nickname and password; the room speaks with the new name', async ({
  browser,
  baseURL,
  server,
}, info) => {
  test.setTimeout(180_000);
  const { rt } = server;
  const id = await smsMember(rt, '13911120001');
  // The member watches a live room in one window and edits the profile in another.
  const { page: room } = await windowAs(browser, baseURL!, rt, id, ROOM);
  await expect(room.locator('[data-chat-input]')).toBeVisible({ timeout: 15_000 });
  await room.locator('[data-chat-input]').fill('Kick-off soon!');
  await room.keyboard.press('Enter');
  await expect(
    room.locator('[data-chat-list] .chat-msg', { hasText: 'Kick-off soon!' }).locator('.chat-name'),
  ).toHaveText('Fan0001:');

  const { page, token } = await windowAs(browser, baseURL!, rt, id, '/user-center/index');
  const card = page.locator('[data-profile-card]');
  await expect(card.locator('[data-profile-nick]')).toHaveText('Fan0001');
  await expect(page.locator('[data-password-form]')).toHaveAttribute('data-password-form', 'set');
  await expectAccessible(page);
  await screenshot(page, info, 'profile-1440-en');

  // Avatar: a wide picture comes back as a square one and shows on the card and in the header.
  const picture = await sharp({
    create: { width: 600, height: 300, channels: 3, background: '#00d1ff' },
  })
    .png()
    .toBuffer();
  await page
    .locator('[data-avatar-input]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expectToast(page, 'Avatar updated');
  const avatar = await card.locator('[data-profile-avatar]').getAttribute('src');
  expect(avatar).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/);
  await expect(page.locator('[data-user-avatar]').first()).toHaveAttribute('src', avatar!);
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, avatar!);
  expect(size).toEqual([256, 256]);

  // Nickname: the rules in the page, then a change, then the lock with its date.
  const nick = page.locator('#pf-nick');
  await nick.fill('A');
  await page.getByRole('button', { name: 'Save nickname' }).click();
  await expect(page.locator('.pf-error')).toHaveText('A nickname has 2 to 8 characters');
  await nick.fill('官方客服');
  await page.getByRole('button', { name: 'Save nickname' }).click();
  await expect(page.locator('.pf-error')).toHaveText(
    'That nickname looks like staff: choose another',
  );
  await nick.fill(' Goal Kid ');
  await page.getByRole('button', { name: 'Save nickname' }).click();
  await expectToast(page, 'Nickname updated');
  await expect(card.locator('[data-profile-nick]')).toHaveText('Goal Kid');
  await expect(page.locator('[data-user-nick]').first()).toHaveText('Goal Kid');
  await expect(page.locator('[data-nick-hint]')).toContainText(
    'You can change your nickname again on',
  );
  await expect(nick).toBeDisabled();

  // The open room: the next message carries the new name, without a reload.
  await room.locator('[data-chat-input]').fill('New name, same fan');
  await room.keyboard.press('Enter');
  await expect(
    room
      .locator('[data-chat-list] .chat-msg', { hasText: 'New name, same fan' })
      .locator('.chat-name'),
  ).toHaveText('Goal Kid:');

  // Password: set a first one; another device's session ends, this one stays.
  const other = await createSession(rt.db, id, 'another-phone');
  await page.locator('#pf-new').fill('kick0ff');
  await page.locator('#pf-new2').fill('kick0fg');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.locator('[data-password-form] .pf-error')).toHaveText(
    'the two password inputs are inconsistent',
  );
  await page.locator('#pf-new2').fill('kick0ff');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expectToast(page, 'Password saved. Your other devices have been logged out.');
  expect(await findSessionUser(rt.db, other)).toBeNull();
  expect(await findSessionUser(rt.db, token)).not.toBeNull();
  await expect(page.locator('[data-password-form]')).toHaveAttribute(
    'data-password-form',
    'change',
  );
  const [row] = await rt.db
    .select({ nick: users.nickName, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, id));
  expect(row).toEqual({ nick: 'Goal Kid', avatar });

  // The watch history has the room the member joined.
  await page.goto('/user-center/watchHistory');
  const history = page.locator('[data-watch-history]');
  await expect(history.locator('[data-watch-anchor="100003"]')).toBeVisible();
  await expect(history.locator('[data-watch-anchor="100003"] .wh-state')).toHaveText('Live now');
  await expectAccessible(page);
  await screenshot(page, info, 'watch-history-1440-en');
  await page.setViewportSize({ width: 375, height: 800 });
  await useLocale(page, baseURL!, 'zh-CN');
  await page.reload();
  await expect(history.locator('[data-watch-anchor="100003"] .wh-state')).toHaveText('直播中');
  await screenshot(page, info, 'watch-history-375-zh');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: '全部清空' }).click();
  await expectToast(page, '观看历史已清空');
  await expect(history).toHaveAttribute('data-total', '0');
  await page.goto('/user-center/index');
  await expect(page.locator('[data-profile-card]')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, info, 'profile-375-zh');
  await room.context().close();
  await page.context().close();
});
