/**
 * Messaging in the browser against the real server and hub: a viewer follows an offline anchor
 * and, on another page, gets the go-live card when the anchor's stream reaches the ingest; the
 * viewer follows and joins a fan group from the anchor page, chats and sends an image; the
 * anchor sees the unread badge, mutes the viewer and the viewer's messages disappear with the
 * muted notice; the anchor posts an update; a private chat with unread badges and the arrival
 * toast on both sides; an administrator's platform notice. Screens
 * at 1440 and 375 px in both languages, and axe on the Messages tab.
 */
import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import {
  expect,
  expectAccessible,
  expectToast,
  openWindow,
  screenshot,
  test,
  useLocale,
} from './fixtures.ts';

const ANCHOR = '13900000003';
const ANCHOR_ID = 100003;
const VIEWER = '13900000002';
/** A demo anchor whose room is offline. */
const OFFLINE_ANCHOR = '13900000012';

const open = (
  browser: Browser,
  baseURL: string,
  mobile: string,
  path: string,
  options?: { width?: number; locale?: 'en-US' | 'zh-CN' },
) => openWindow(browser, baseURL, path, mobile, options);

test('follow, go-live alert, fan group chat with a mute, and a private chat on both sides', async ({
  browser,
  baseURL,
  server,
}, info) => {
  test.setTimeout(180_000);
  const viewer = await open(browser, baseURL!, VIEWER, '/home');

  // Follow an offline anchor from their page; the anchor goes live; the viewer, on another page, is told.
  const anchorLogin = await viewer.request.post('/api/user/login', {
    data: {
      account: OFFLINE_ANCHOR,
      pwd: 'demo1234',
      platform: 0,
      login_type: 1,
      source_id: 10001,
    },
  });
  const { data: goer } = (await anchorLogin.json()) as { data: { token: string; id: number } };
  await viewer.goto(`/anchorInfo/${goer.id}`);
  await viewer.locator('[data-follow]').click();
  await expect(viewer.locator('[data-follow]')).toHaveAttribute('aria-pressed', 'true');
  await viewer.goto('/news');
  // Alerts reach pages whose inbox is open; the system conversation keeps them for the rest.
  await expect(viewer.locator('html[data-inbox-open]')).toHaveCount(1);
  const auth = { authorization: `Bearer ${goer.token}`, 'device-info': 'e2e-goer' };
  const stream = (await (
    await viewer.request.post('/webapi/live/getStreamInfo', { headers: auth, data: {} })
  ).json()) as { data: { anchor_secret: string } };
  const started = await viewer.request.post('/webapi/live/startLive', {
    headers: auth,
    data: {
      title: 'Late-night ranked with fans',
      category: 1,
      cateid: 103,
      match_id: 0,
      thumb: '',
      thumb_y: '/demo/covers-v/dota2-1.webp',
      ticket: 0,
      enable_webrtc: 0,
    },
  });
  expect(((await started.json()) as { status: number }).status).toBe(0);
  // The ingest's callback, as nginx-rtmp makes it when the stream arrives.
  const hook = await viewer.request.post(
    `/api/media/on_publish?token=${mediaHookToken(server.rt.env.secret)}`,
    { form: { app: 'live', name: String(goer.id), key: stream.data.anchor_secret } },
  );
  expect(hook.status()).toBe(200);
  const card = viewer.locator(`[data-live-alert="${goer.id}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Late-night ranked with fans');
  // The card's words come with the page, in its language (the shell loads no dictionary).
  await expect(card).toContainText('is live now');
  await expect(card).toContainText('Watch');
  await expect(card).toHaveAttribute('href', `/liveMatchesTwo/${goer.id}`);
  await screenshot(viewer, info, 'messaging-live-alert-1440-en', { fullPage: false });

  // Join 老K说球's fan group from his page: follow and join in one step.
  await viewer.goto(`/anchorInfo/${ANCHOR_ID}`);
  await viewer.locator('[data-fan-group]').click();
  await viewer.locator('[data-join-panel] button').click();
  await expectToast(viewer, 'Joined the fan group');
  const conv = viewer.locator('[data-conversation^="1:"]');
  await expect(conv).toBeVisible();
  await viewer.locator('[data-composer]').fill('Hello from a new fan!');
  await viewer.locator('.mc-composer button[type=submit]').click();
  await expect(conv.locator('.mc-row.is-mine')).toContainText('Hello from a new fan!');
  const png = await sharp({
    create: { width: 320, height: 200, channels: 3, background: '#ff3b5c' },
  })
    .png()
    .toBuffer();
  await viewer
    .locator('[data-image-input]')
    .setInputFiles({ name: 'flag.png', mimeType: 'image/png', buffer: png });
  await expect(conv.locator('.mc-row.is-mine .mc-img')).toHaveCount(1);

  // The anchor, on a phone in Chinese, sees the group unread and mutes the newcomer.
  const anchor = await open(browser, baseURL!, ANCHOR, '/user-center/privateChat', {
    width: 375,
    locale: 'zh-CN',
  });
  const groupEntry = anchor.locator('.mc-entry').filter({ hasText: '老K说球的粉丝群' });
  await expect(groupEntry.locator('[data-unread]')).toHaveText('2');
  await expect(anchor.locator('.tab[data-tab="privateChat"] [data-unread-badge]')).not.toBeHidden();
  await screenshot(anchor, info, 'messaging-list-375-zh');
  await groupEntry.click();
  const fanLine = anchor.locator('.mc-row[data-uid]').filter({ hasText: 'Hello from a new fan!' });
  await expect(fanLine).toBeVisible();
  await expect(groupEntry.locator('[data-unread]')).toHaveCount(0);
  await screenshot(anchor, info, 'messaging-group-375-zh');
  await fanLine.locator('.mc-menu-btn').click();
  await anchor.locator('.mc-menu-list button', { hasText: '禁言' }).first().click();
  await expect(
    anchor.locator('.mc-row[data-uid]').filter({ hasText: 'Hello from a new fan!' }),
  ).toHaveCount(0);
  await expect(conv.locator('.mc-row.is-mine')).toHaveCount(0);
  await expectToast(viewer, 'You have been muted');
  await expect(viewer.locator('[data-composer-closed]')).toHaveText('You have been muted');

  // The anchor posts an update: it reaches the group (the muted member still reads it) and the
  // anchor's page.
  await anchor.locator('.mc-dyn-open').click();
  const dialog = anchor.locator('[data-dynamic-dialog]');
  await dialog.locator('textarea').fill('周日德比全程解说，不见不散！');
  await dialog.locator('.btn-primary').click();
  await expectToast(anchor, '动态已发布');
  await expect(conv.locator('.mc-bubble.is-dynamic')).toContainText('周日德比全程解说');

  // A private chat: the viewer writes from the anchor's room; the anchor gets the toast and badge.
  await anchor.locator('.mc-back').click();
  // The anchor page is cached for 15 s (s-maxage): the update shows within that.
  await expect(async () => {
    await viewer.goto(`/anchorInfo/${ANCHOR_ID}`);
    await expect(viewer.locator('[data-dynamics]')).toContainText('周日德比全程解说', {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000, intervals: [2_000] });
  await viewer.goto(`/liveMatchesTwo/${ANCHOR_ID}`);
  await viewer.locator('[data-message]').click();
  await expect(viewer.locator('.mc-conv h2')).toHaveText('老K说球');
  await viewer.locator('[data-composer]').fill('Will you cover the derby on Sunday?');
  await viewer.locator('.mc-composer button[type=submit]').click();
  await expect(viewer.locator('.mc-row.is-mine').last()).toContainText('derby on Sunday');
  const privateEntry = anchor.locator('.mc-entry').filter({ hasText: 'derby on Sunday' });
  await expect(privateEntry.locator('[data-unread]')).toHaveText('1');
  await expectToast(anchor, /给你发来一条私信/);
  await privateEntry.click();
  await anchor.locator('[data-composer]').fill('Yes, from kick-off!');
  await anchor.locator('.mc-composer button[type=submit]').click();
  const repliedAt = Date.now();
  // The viewer has this conversation open: the reply arrives without a badge.
  await expect(viewer.locator('.mc-row:not(.is-mine)').last()).toContainText('Yes, from kick-off!');
  await expect(viewer.locator('.mc-entry.is-open [data-unread]')).toHaveCount(0);
  await screenshot(viewer, info, 'messaging-private-1440-en');
  await expectAccessible(viewer);

  // The anchor writes again while the viewer is on another page: a toast and the header badge.
  await viewer.goto('/home');
  await expect(viewer.locator('html[data-inbox-open]')).toHaveCount(1);
  // The chat rules hold the anchor to one message every 2 s (speak_rate): on a fast run the next
  // one would be refused, and no toast could come.
  await anchor.waitForTimeout(Math.max(0, repliedAt + 2_100 - Date.now()));
  await anchor.locator('[data-composer]').fill('PS: bring your friends');
  await anchor.locator('.mc-composer button[type=submit]').click();
  await expect(anchor.locator('.mc-row.is-mine').last()).toContainText('PS: bring your friends');
  await expectToast(viewer, 'New message from 老K说球');
  await expect(viewer.locator('.tab[data-tab="privateChat"] [data-unread-badge]')).toHaveText(
    /\d+/,
  );

  // Screens of the Messages tab in the other language and width.
  await useLocale(viewer, baseURL!, 'zh-CN');
  await viewer.goto('/user-center/privateChat');
  await expect(viewer.locator('.mc-entry').first()).toBeVisible();
  await screenshot(viewer, info, 'messaging-list-1440-zh');
  await useLocale(anchor, baseURL!, 'en-US');
  await anchor.goto('/user-center/privateChat');
  await anchor.locator('.mc-entry').filter({ hasText: 'System messages' }).click();
  await expect(anchor.locator('.mc-system, .mc-live').first()).toBeVisible();
  await screenshot(anchor, info, 'messaging-system-375-en');
  await expectAccessible(anchor);

  // An administrator posts a platform notice from the system conversation; it reaches the
  // anchor's open system conversation at once.
  const admin = await open(browser, baseURL!, '13900000005', '/user-center/privateChat');
  await admin.locator('.mc-entry').filter({ hasText: 'System messages' }).click();
  admin.once('dialog', (d) => void d.accept());
  await admin.locator('[data-composer]').fill('Cup final tonight: every room is free to watch');
  await admin.locator('.mc-composer button[type=submit]').click();
  await expect(anchor.locator('.mc-system').last()).toContainText('Cup final tonight');
});
