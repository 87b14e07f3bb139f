/**
 * Live room settings: the anchor deletes a viewer's message, lifts a ban and sets the room's
 * announcement from the user centre, and the viewer's room follows at once; people who moderate
 * nothing are told so.
 */
import { expect, openWindow, screenshot, test } from './fixtures.ts';

const ROOM = '/liveMatchesTwo/100003';
const MANAGE = '/user-center/live-room-settings';

const open = openWindow;

test('the anchor deletes a message and lifts a ban from comment management; the room follows', async ({
  browser,
  baseURL,
}, info) => {
  // Three browsers and the announcement on a machine that may be busy.
  test.setTimeout(150_000);
  const viewer = await open(browser, baseURL!, ROOM, '13900000001');
  await expect(viewer.locator('[data-chat-input]')).toBeVisible();
  await viewer.locator('[data-chat-input]').fill('Cheap boots for sale, message me');
  await viewer.keyboard.press('Enter');
  const line = viewer.locator('[data-chat-list] .chat-msg', {
    hasText: 'Cheap boots for sale',
  });
  await expect(line).toBeVisible();

  // The anchor bans the viewer from the room, then manages comments in the user centre.
  const room = await open(browser, baseURL!, ROOM, '13900000003');
  const target = room.locator('.chat-msg', { hasText: 'Cheap boots for sale' });
  await target.hover();
  await target.locator('.chat-manage').click();
  await room.locator('[data-ban-unit]').selectOption('day');
  await room.locator('[data-ban-reason]').selectOption('advertising');
  await room.locator('[data-ban-confirm]').click();
  await expect(viewer.locator('.chat-banned')).toContainText('You are banned');

  const anchor = await open(browser, baseURL!, MANAGE, '13900000003');
  await expect(anchor.locator('.cm-picker select')).toHaveValue('100003');
  const row = anchor.locator('.cm-msg', { hasText: 'Cheap boots for sale' });
  await expect(row).toBeVisible();
  const ban = anchor.locator('.cm-ban', { hasText: 'SkyRider' });
  await expect(ban).toContainText('Reason: advertising scam');
  await screenshot(anchor, info, 'comments-1440-en');

  await row.getByRole('button', { name: /Delete/ }).click();
  await expect(row).toHaveClass(/is-deleted/);
  await expect(row).toContainText('Deleted');
  await expect(line).toHaveCount(0);

  await ban.getByRole('button', { name: /Unban/ }).click();
  await expect(anchor.locator('.cm-ban')).toHaveCount(0);
  await expect(anchor.getByText('Nobody is banned.')).toBeVisible();
  await expect(viewer.locator('.chat-banned')).toHaveCount(0);
  await expect(viewer.locator('[data-chat-input]')).toBeEnabled();

  // The announcement and contacts: a wrong one is refused, a good one reaches the room at once.
  const form = anchor.locator('.cm-announce');
  await form.locator('textarea').fill('Derby night! Kick-off 20:00, be kind in chat.');
  await form.getByRole('button', { name: 'Add a contact' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.cm-error')).toHaveText('Input can not be empty');
  await form.getByLabel('Name (e.g. WeChat)').fill('WeChat');
  await form.getByLabel('Value').fill('laok_football');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(anchor.getByText('Setting successful')).toBeVisible();
  const board = viewer.locator('[data-announcement]');
  await expect(board).toContainText('Derby night! Kick-off 20:00, be kind in chat.');
  await expect(board).toContainText('laok_football');
  await screenshot(anchor, info, 'room-settings-announcement-1440-en');

  for (const p of [viewer, room, anchor]) await p.context().close();
});

test('viewers who moderate nothing are told so; guests are asked to log in', async ({
  browser,
  baseURL,
}) => {
  const guest = await open(browser, baseURL!, MANAGE, null);
  await expect(guest.getByText('Log in to manage the comments of your live room.')).toBeVisible();
  await guest.locator('#main').getByRole('button', { name: 'Log in' }).click();
  await expect(guest.locator('dialog.modal[open]')).toBeVisible();

  const viewer = await open(browser, baseURL!, MANAGE, '13900000001');
  await expect(
    viewer.getByText('You do not moderate any live room yet.', { exact: false }),
  ).toBeVisible();
  for (const p of [guest, viewer]) await p.context().close();
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [375, 1440]) {
    test(`comment management screens ${locale} ${width}`, async ({ browser, baseURL }, info) => {
      const page = await open(browser, baseURL!, MANAGE, '13900000004', { width, locale });
      await expect(page.locator('.cm-panel').first()).toBeVisible();
      await screenshot(page, info, `comments-manager-${width}-${locale === 'en-US' ? 'en' : 'zh'}`);
      await page.context().close();
    });
  }
}
