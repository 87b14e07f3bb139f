/**
 * The gift stage over the live room's player: a real `gift` frame published to the room through
 * the server's bus plays on every viewer's canvas and then finishes; a noble signing in plays
 * their entrance on the other viewers' screens; reduced motion shows a still card instead.
 * Screens of a gift mid-flight and of an entrance at 375 and 1440 px in both languages: the
 * first journey plays both to their end at one size, the second only shoots them at the others.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { giftById } from '../../src/lib/gifts/catalogue.ts';
import type { EnterData, GiftData } from '../../src/lib/realtime/protocol/index.ts';
import { expect, screenshot, signIn, test, useLocale } from './fixtures.ts';

test.describe.configure({ timeout: 120_000 });

const ANCHOR = 100003;
const ROOM = `/liveMatchesTwo/${ANCHOR}`;
/** 龙吟九天, a level-3 (dragon) noble of the demo data. */
const NOBLE = '13900000002';

function giftFrame(giftid: number, hit: number): GiftData {
  const def = giftById(giftid)!;
  return {
    id: `e2e-${giftid}-${hit}-${Date.now()}`,
    giftid,
    gift_name: def.name['en-US'],
    count: 1,
    hit,
    uid: 100001,
    sender: 'SkyRider',
    avatar: '/demo/avatars/u1.webp',
    level: 12,
    vip_level: 0,
    icon: def.icon,
    animation: def.animation,
    animat_type: def.animat_type,
    time: Date.now(),
  };
}

/** Opens the room as a viewer and waits until the stage has loaded (after the first frame). */
async function openViewer(
  browser: Browser,
  baseURL: string,
  locale: 'en-US' | 'zh-CN',
  width: number,
  options: { reducedMotion?: 'reduce' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 860 },
    baseURL,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  const page = await context.newPage();
  await useLocale(page, baseURL, locale);
  await page.goto(ROOM);
  await signIn(page, '13900000001');
  await expect(page.locator('[data-chat-input]')).toBeVisible();
  // Joined the room, so frames published from now on reach this viewer.
  await expect(page.locator('.chat[data-connection="joined"]')).toBeVisible();
  if (!options.reducedMotion) {
    await expect(page.locator('[data-gift-stage]')).toHaveAttribute('data-renderer', /.+/, {
      timeout: 20_000,
    });
  }
  return page;
}

/** Painted pixels of the stage canvas, read in the frame Pixi has just drawn. */
function stagePixels(page: Page): Promise<number> {
  return page.locator('[data-gift-stage] canvas').evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        requestAnimationFrame(() => {
          const canvas = el as HTMLCanvasElement;
          const gl = (canvas.getContext('webgl2') ??
            canvas.getContext('webgl')) as WebGL2RenderingContext | null;
          if (gl) {
            const { drawingBufferWidth: w, drawingBufferHeight: h } = gl;
            const pixels = new Uint8Array(w * h * 4);
            gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
            let painted = 0;
            for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted++;
            return resolve(painted);
          }
          const copy = document.createElement('canvas');
          copy.width = canvas.width;
          copy.height = canvas.height;
          const ctx = copy.getContext('2d')!;
          ctx.drawImage(canvas, 0, 0);
          const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
          let painted = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
          resolve(painted);
        });
      }),
  );
}

/** A dragon noble's entrance as the hub broadcasts it when they join the room. */
const NOBLE_ENTER: EnterData = {
  user_id: 100002,
  from_client_name: '龙吟九天',
  avatar: '/demo/avatars/u2.webp',
  level: 30,
  vip_level: 3,
  role: 1,
};

/** Waits until the stage has drawn its first frames, then a moment more, and takes the screen. */
async function screenMidFlight(
  viewer: Page,
  info: TestInfo,
  name: string,
  settleMs: number,
): Promise<void> {
  // The first frames compile shaders and upload textures, slow in a software renderer.
  await expect.poll(() => stagePixels(viewer), { timeout: 15_000 }).toBeGreaterThan(2000);
  await viewer.waitForTimeout(settleMs);
  await screenshot(viewer, info, name, { fullPage: false });
}

test('a gift and a noble signing in play on the stage and finish', async ({
  browser,
  baseURL,
  server,
}, info) => {
  const viewer = await openViewer(browser, baseURL!, 'en-US', 1440);
  const stage = viewer.locator('[data-gift-stage]');
  const box = await stage.boundingBox();
  const player = await viewer.locator('[data-player]').boundingBox();
  // Capped at 340 px and 42 px from the player's right edge.
  expect(box!.width).toBeLessThanOrEqual(340);
  expect(player!.x + player!.width - (box!.x + box!.width)).toBeCloseTo(42, 0);

  // A trophy with a combo of 3, as the hub broadcasts it.
  server.rt.bus.publish({
    kind: 'room',
    anchorId: ANCHOR,
    frame: { type: 'gift', data: giftFrame(10, 3) },
  });
  await expect(stage).toHaveAttribute('data-state', 'playing');
  await screenMidFlight(viewer, info, 'gift-stage-trophy-1440-en-US', 1200);
  await expect(stage).toHaveAttribute('data-state', 'idle', { timeout: 20_000 });
  await expect(stage).toHaveAttribute('data-played', '1');
  await expect.poll(() => stagePixels(viewer)).toBe(0);

  // A dragon noble signs in and joins: the entrance plays on the viewer's screen.
  const nobleContext = await browser.newContext({ baseURL });
  const noble = await nobleContext.newPage();
  await noble.goto(ROOM);
  await signIn(noble, NOBLE);
  await expect(stage).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await screenMidFlight(viewer, info, 'gift-stage-entrance-1440-en-US', 1500);
  await expect(stage).toHaveAttribute('data-state', 'idle', { timeout: 20_000 });
  await expect(stage).toHaveAttribute('data-played', '2');

  await nobleContext.close();
  await viewer.context().close();
});

test('the stage mid-flight at phone and desktop width in both languages', async ({
  browser,
  baseURL,
  server,
}, info) => {
  test.setTimeout(180_000);
  let viewer: Page | undefined;
  for (const [locale, width] of [
    ['en-US', 375],
    ['zh-CN', 375],
    ['zh-CN', 1440],
  ] as const) {
    if (!viewer) viewer = await openViewer(browser, baseURL!, locale, width);
    else {
      // The same signed-in viewer, in the other language or width: a fresh room and stage.
      await useLocale(viewer, baseURL!, locale);
      await viewer.setViewportSize({ width, height: 860 });
      await viewer.goto(ROOM);
      await expect(viewer.locator('.chat[data-connection="joined"]')).toBeVisible();
      await expect(viewer.locator('[data-gift-stage]')).toHaveAttribute('data-renderer', /.+/, {
        timeout: 20_000,
      });
    }
    const stage = viewer.locator('[data-gift-stage]');
    if (width < 480) {
      // The whole width on a phone.
      const box = await stage.boundingBox();
      const player = await viewer.locator('[data-player]').boundingBox();
      expect(box!.width).toBeLessThanOrEqual(Math.min(340, player!.width));
    }
    // The gift, then (gifts and entrances have queues of their own) the entrance once it ended.
    server.rt.bus.publish({
      kind: 'room',
      anchorId: ANCHOR,
      frame: { type: 'gift', data: giftFrame(10, 3) },
    });
    await screenMidFlight(viewer, info, `gift-stage-trophy-${width}-${locale}`, 1200);
    await expect(stage).toHaveAttribute('data-state', 'idle', { timeout: 20_000 });
    server.rt.bus.publish({
      kind: 'room',
      anchorId: ANCHOR,
      frame: { type: 'enter', data: NOBLE_ENTER },
    });
    await expect(stage).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
    await screenMidFlight(viewer, info, `gift-stage-entrance-${width}-${locale}`, 1500);
  }
  await viewer!.context().close();
});

test('with reduced motion a still card stands in for the animation', async ({
  browser,
  baseURL,
  server,
}) => {
  const viewer = await openViewer(browser, baseURL!, 'en-US', 1440, { reducedMotion: 'reduce' });
  server.rt.bus.publish({
    kind: 'room',
    anchorId: ANCHOR,
    frame: { type: 'gift', data: giftFrame(12, 1) },
  });
  const card = viewer.locator('[data-gift-card="gift"]');
  await expect(card.locator('.gift-card-name')).toHaveText('SkyRider');
  await expect(card.locator('.gift-card-line')).toHaveText("sent Champion's Crown");
  await expect(card).toBeHidden({ timeout: 5000 });
  await viewer.context().close();
});
