/** The live room player against the real server and the committed demo stream. */
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from '@playwright/test';
import { liveRooms } from '../../src/server/db/schema.ts';
import { PLAYER_SETTLE_CAP_MS } from '../../src/islands/player/settled.ts';
import { expect, screenshot, test, useLocale } from './fixtures.ts';

const LIVE_ROOM = '/liveMatchesTwo/100003';

/** The room's video element's playback position. */
const currentTime = (page: Page) =>
  page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits until the video has played on by at least `seconds`. */
async function expectAdvancing(page: Page, seconds = 1): Promise<void> {
  const from = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(from + seconds);
}

/**
 * The room page's phone layout belongs to the live room page and has not landed yet: until it
 * does, its two columns are stacked here so the player gets the phone's width.
 */
async function stackRoomColumns(page: Page): Promise<void> {
  // Set through the CSSOM: the site's Content-Security-Policy refuses injected <style> elements.
  await page.locator('.live-room').evaluate((room: HTMLElement) => {
    room.style.gridTemplateColumns = 'minmax(0, 1fr)';
  });
}

/** The media segments the page asked for, in order, and when (ms after navigation start). */
async function segmentsAsked(page: Page): Promise<{ path: string; at: number }[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((r) => /\.m4s$/.test(new URL(r.name).pathname))
      .sort((a, b) => a.startTime - b.startTime)
      .map((r) => ({ path: new URL(r.name).pathname, at: r.startTime })),
  );
}

/** Opens the quality menu and picks an entry. */
async function pickQuality(player: Locator, name: string): Promise<void> {
  await player.hover();
  await player.locator('.pl-quality-btn').click();
  await player.getByRole('menuitemradio', { name, exact: true }).click();
}

test('the demo stream plays muted, unmutes, switches to 480p and loops', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Before any page script: when the video first plays, and what the page's policy refused.
  await page.addInitScript(() => {
    const w = window as unknown as { playingAt?: number; refused: string[] };
    w.refused = [];
    // Inline scripts refused by the page's policy (zod's own eval probe is expected and caught).
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.blockedURI === 'inline') w.refused.push(`${e.violatedDirective} ${e.sample}`);
    });
    document.addEventListener(
      'playing',
      () => {
        w.playingAt ??= performance.now();
      },
      true,
    );
  });
  await page.goto(LIVE_ROOM);
  const player = page.locator('[data-player]');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(player).toHaveAttribute('data-engine', 'hlsjs');
  // The room's other islands (the chat here) were only fetched once the video played, and the
  // inline script that holds them ran under the page's policy.
  await expect(page.locator('[data-chat-list]')).toBeVisible();
  const { playingAt, chatAt, refused } = await page.evaluate(() => {
    const w = window as unknown as { playingAt?: number; refused: string[] };
    const chat = performance
      .getEntriesByType('resource')
      .find((r) => /\/_astro\/ChatPanel\.[\w-]+\.js$/.test(new URL(r.name).pathname));
    return { playingAt: w.playingAt ?? NaN, chatAt: chat?.startTime ?? NaN, refused: w.refused };
  });
  expect(refused).toEqual([]);
  // The first picture comes from the rendition that fits the player (540 px tall), and no other
  // rendition was fetched before it played.
  const asked = await segmentsAsked(page);
  expect(asked[0]?.path).toBe('/media/demo/720p/seg-00.m4s');
  expect(asked.filter((s) => s.at < playingAt && !s.path.includes('/720p/'))).toEqual([]);
  // Held until the first frame, or the hold's cap when the video is slower than that.
  expect(chatAt).toBeGreaterThanOrEqual(Math.min(playingAt, PLAYER_SETTLE_CAP_MS));
  await expectAdvancing(page);
  // The barrage canvas stays above the video.
  const order = await player.evaluate((root) =>
    [...root.children].map((el) => el.tagName.toLowerCase()),
  );
  expect(order.indexOf('canvas')).toBeGreaterThan(order.indexOf('video'));

  const unmute = player.getByRole('button', { name: 'Tap to unmute' });
  await expect(unmute).toBeVisible();
  await screenshot(page, info, 'player-1440-en-US');
  await unmute.click();
  await expect(unmute).toBeHidden();
  expect(await player.locator('video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await expect(player.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();

  await player.hover();
  await player.locator('.pl-quality-btn').click();
  await expect(player.getByRole('menuitemradio')).toHaveText(['1080p', '720p', '480p', 'Auto']);
  await expect(player.getByRole('menuitemradio', { name: 'Auto' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await screenshot(page, info, 'player-quality-menu-1440-en-US');
  // Picked in the clip's last segment, as a slow machine gets there: there is no next fragment
  // to switch at, and the loop would replay the old buffer, yet the picture must change.
  const video = player.locator('video');
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 1.5;
  });
  await player.getByRole('menuitemradio', { name: '480p' }).click();
  await expect(player).toHaveAttribute('data-level', '480', { timeout: 15_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), {
      timeout: 15_000,
    })
    .toBe(480);
  await expect(player.locator('.pl-quality-btn')).toHaveAccessibleName('Quality: 480p');
  await expectAdvancing(page);

  await pickQuality(player, '1080p');
  await expect(player).toHaveAttribute('data-level', '1080', { timeout: 15_000 });

  // The 16 s VOD clip loops: from near its end, playback carries on from the start.
  await player.locator('video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 0.6;
  });
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeLessThan(4);
  await expectAdvancing(page);
  await expect(player).toHaveAttribute('data-state', 'playing');
});

test('controls hide when idle and work from the keyboard; low latency is remembered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(LIVE_ROOM);
  const player = page.locator('[data-player]');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 5000 });
  await player.hover();
  await expect(player).toHaveAttribute('data-controls', 'shown');

  await player.focus();
  await page.keyboard.press('m');
  expect(await player.locator('video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await page.keyboard.press('k');
  await expect(player).toHaveAttribute('data-paused', '');
  await expect(player.getByRole('button', { name: 'Play' }).first()).toBeVisible();
  await page.keyboard.press(' ');
  await expect(player).not.toHaveAttribute('data-paused');

  // Tab to the quality menu, open it, move with the arrows, pick with Enter.
  const quality = player.locator('.pl-quality-btn');
  await quality.focus();
  await page.keyboard.press('Enter');
  await expect(player.getByRole('menuitemradio', { name: 'Auto' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(player.getByRole('menuitemradio', { name: '480p' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(player.getByRole('menu')).toBeHidden();
  await expect(quality).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(player).toHaveAttribute('data-level', '480', { timeout: 15_000 });

  const lowLatency = player.getByRole('button', { name: 'Low latency' });
  await expect(lowLatency).toHaveAttribute('aria-pressed', 'false');
  await lowLatency.click();
  await expect(lowLatency).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('player:lowLatency'))).toBe('1');
  await page.reload();
  await expect(player.getByRole('button', { name: 'Low latency' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(player.getByRole('button', { name: 'Full screen' })).toBeAttached();
  await expect(player.getByRole('button', { name: 'Picture in picture' })).toBeAttached();

  const axe = await new AxeBuilder({ page })
    .include('[data-player]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});

test('a click while the player is still starting is answered: the hold ends at the first input', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The stream never answers and the page's clock stands still, so neither the first frame nor
  // the hold's cap can end the hold: only the user's click can.
  await page.route('**/media/demo/**', () => undefined);
  await page.clock.install({ time: new Date('2026-06-11T19:00:00Z') });
  await page.clock.pauseAt(new Date('2026-06-11T19:00:01Z'));
  await page.goto(LIVE_ROOM);
  const released = () =>
    page.evaluate(async () => {
      let gone = false;
      void (self as { arenaHold?: Promise<unknown> }).arenaHold?.then(() => (gone = true));
      for (let i = 0; i < 5; i++) await Promise.resolve();
      return gone;
    });
  expect(await released()).toBe(false);
  await page.locator('[data-action="login"]').click();
  await expect(page.locator('.login-modal')).toBeVisible();
  expect(await released()).toBe(true);
});

test('a broken stream shows the away notice and comes back by itself', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.route('**/media/demo/**', (route) => route.abort());
  await page.goto(LIVE_ROOM);
  const player = page.locator('[data-player]');
  await expect(player).toHaveAttribute('data-state', 'away', { timeout: 20_000 });
  await expect(player.locator('.player-state')).toHaveText(
    'The anchor will leave for a while and will be back soon',
  );
  await screenshot(page, info, 'player-away-1440-en-US');
  await page.unroute('**/media/demo/**');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await expect(player.locator('.player-state')).toBeHidden();
  await expectAdvancing(page);
});

test('an offline room shows "not started" and loads no media', async ({ page, server }, info) => {
  const [offline] = await server.rt.db
    .select({ anchorId: liveRooms.anchorId })
    .from(liveRooms)
    .where(eq(liveRooms.isLive, false))
    .limit(1);
  const media: string[] = [];
  page.on('request', (request) => {
    if (/\/media\/|engine-hlsjs/.test(request.url())) media.push(request.url());
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/liveMatchesTwo/${offline!.anchorId}`);
  await stackRoomColumns(page);
  const player = page.locator('[data-player]');
  await expect(player).toHaveAttribute('data-state', 'notStarted');
  await expect(player.locator('.player-state')).toHaveText(
    'The anchor has not started broadcasting',
  );
  await expect(player.locator('.pl-bar')).toBeHidden();
  await screenshot(page, info, 'player-offline-375-en-US');
  expect(await player.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe('');
  expect(media).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('at 375 px in Chinese the player fits and speaks Chinese', async ({
    page,
    baseURL,
  }, info) => {
    await useLocale(page, baseURL!, 'zh-CN');
    await page.goto(LIVE_ROOM);
    await stackRoomColumns(page);
    const player = page.locator('[data-player]');
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await expect(player.getByRole('button', { name: '点击取消静音' })).toBeVisible();
    // A phone's player (211 px tall) starts on the smallest rendition, not on 720p first.
    expect((await segmentsAsked(page))[0]?.path).toBe('/media/demo/480p/seg-00.m4s');
    await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 5000 });
    await player.locator('video').tap();
    await expect(player).toHaveAttribute('data-controls', 'shown');
    await expect(player).not.toHaveAttribute('data-paused');
    await expect(player.getByRole('button', { name: '低延迟' })).toBeVisible();
    await screenshot(page, info, 'player-375-zh-CN');
    const bar = await player.locator('.pl-bar').boundingBox();
    const box = await player.boundingBox();
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
    const last = await player.locator('.pl-bar > :last-child').boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
  });
});

test('Safari-style native HLS plays and switches renditions too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('player:engine', 'native'));
  await page.goto(LIVE_ROOM);
  const player = page.locator('[data-player]');
  await expect(player).toHaveAttribute('data-engine', 'native');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expectAdvancing(page);
  await pickQuality(player, '480p');
  await expect
    .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.videoHeight), {
      timeout: 15_000,
    })
    .toBe(480);
  await expect(player).toHaveAttribute('data-level', '480');
  await expectAdvancing(page);
});
