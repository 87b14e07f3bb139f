/**
 * Replays and the anchor page: open a replay from /liveMatchesReplay and watch it play and seek;
 * follow and unfollow on /anchorInfo; recommended lives in the live room; screens at phone and
 * desktop width in both languages.
 */
import type { Page } from '@playwright/test';
import { desc, eq } from 'drizzle-orm';
import { replays } from '../../src/server/db/schema.ts';
import {
  expect,
  expectAccessible,
  expectToast,
  screenshot,
  signIn,
  test,
  useLocale,
} from './fixtures.ts';

const ANCHOR = 100003;

/** The replay video's playback position. */
const currentTime = (page: Page) =>
  page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('a replay opens from the replay list, plays and seeks', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/liveMatchesReplay');
  await expect(page.locator('.cat.active')).toHaveText('All replays');
  await expect(page.locator('.replay-card')).toHaveCount(12);
  await page.locator('.cat', { hasText: /^Sports$/ }).click();
  await expect(page).toHaveURL(/category=2$/);
  await expect(page.locator('.replay-card .cat-tag').first()).toHaveText(
    /Football|Basketball|Tennis/,
  );
  const card = page.locator('.replay-card').first();
  const title = (await card.locator('.replay-title').textContent())!.trim();
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/live/replayView'));
  await card.click();
  await expect(page).toHaveURL(/\/anchorReplay\/\d+\?replay=\d+$/);
  await expect(page.locator('#replay-title')).toHaveText(title);

  const player = page.locator('[data-player]');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const from = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(from + 1);
  expect(((await (await counted).json()) as { status: number }).status).toBe(0);
  // A recording shows no LIVE badge or low-latency switch, and the timeline seeks.
  await expect(player.locator('.pl-live')).toBeHidden();
  const timeline = page.locator('[data-timeline]');
  await expect(timeline).toBeVisible();
  await timeline.locator('input').evaluate((input: HTMLInputElement) => {
    input.value = String(Number(input.max) * 0.75);
    input.dispatchEvent(new Event('input'));
    input.dispatchEvent(new Event('change'));
  });
  await expect
    .poll(() =>
      page
        .locator('[data-player] video')
        .evaluate((v: HTMLVideoElement) => v.currentTime / v.duration),
    )
    .toBeGreaterThan(0.7);
  await expect(page.locator('.replay-card.current')).toHaveCount(1);
  await screenshot(page, info, 'anchor-replay-1440-en-US');
});

test('guests are asked to log in; a viewer follows, finds the anchor in Following and unfollows there; nobody follows themselves', async ({
  page,
  baseURL,
}, info) => {
  await page.goto(`/anchorInfo/${ANCHOR}`);
  const follow = page.locator('[data-follow]');
  const fans = page.locator('[data-fans]');
  await expect(follow).toHaveText('Follow');
  await follow.click();
  await expect(page.locator('.login-modal')).toBeVisible();

  await signIn(page, '13900000001');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const before = Number(await fans.textContent());
  await follow.click();
  await expect(follow).toHaveText('Following');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(fans).toHaveText(String(before + 1));
  await page.reload();
  await expect(follow).toHaveText('Following');

  // The header's Following link lists the followed anchors, live ones first; unfollow from there.
  await page.locator('.site-header a[href="/user-center/focus"]').first().click();
  await expect(page).toHaveURL(/\/user-center\/focus$/);
  const card = page.locator(`[data-followed="${ANCHOR}"]`);
  await expect(card).toContainText('Live');
  await expectAccessible(page);
  await screenshot(page, info, 'follows-1440-en-US');
  await page.setViewportSize({ width: 375, height: 812 });
  await useLocale(page, baseURL!, 'zh-CN');
  await page.reload();
  await expect(card).toContainText('直播中');
  await screenshot(page, info, 'follows-375-zh-CN');
  await card.locator('[data-unfollow]').click();
  await expectToast(page, /已取消关注/);
  // The demo's other follow (阿杰解说, whose fan group 13900000001 is in) stays.
  await expect(card).toHaveCount(0);
  await expect(page.locator('[data-followed]')).toHaveCount(1);
  await useLocale(page, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/anchorInfo/${ANCHOR}`);
  await expect(follow).toHaveText('Follow');
  await expect(fans).toHaveText(String(before));

  await signIn(page, '13900000003');
  await follow.click();
  await expectToast(page, 'Cant Follow Yourself');
  await expect(follow).toHaveText('Follow');
});

test('the live room recommends other live rooms', async ({ page }) => {
  await page.goto(`/liveMatchesTwo/${ANCHOR}`);
  const section = page.locator('[data-recommended]');
  await expect(section.getByRole('heading', { name: 'Recommended lives' })).toBeVisible();
  await expect(section.locator(`.room-card[data-room="${ANCHOR}"]`)).toHaveCount(0);
  await expect(section.locator('.room-card').first()).toHaveAttribute('data-room', '100010');
  await section.locator('.room-card').first().click();
  await expect(page).toHaveURL(/\/liveMatchesTwo\/100010$/);
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [375, 1440]) {
    test(`anchor pages at ${width} px in ${locale}`, async ({ page, baseURL, server }, info) => {
      await useLocale(page, baseURL!, locale);
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
      const [newest] = await server.rt.db
        .select()
        .from(replays)
        .where(eq(replays.anchorId, ANCHOR))
        .orderBy(desc(replays.recordedAt))
        .limit(1);
      const shots: [string, string][] = [
        ['replays', '/liveMatchesReplay'],
        ['anchor-info', `/anchorInfo/${ANCHOR}`],
        ['anchor-replay', `/anchorReplay/${ANCHOR}?replay=${newest!.id}`],
      ];
      for (const [name, path] of shots) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        if (name === 'anchor-replay') {
          await expect(page.locator('[data-player]')).toHaveAttribute('data-state', 'playing', {
            timeout: 20_000,
          });
        }
        // Lazy covers below the fold load before the full-page picture.
        await page.evaluate(() =>
          document.querySelectorAll('img[loading="lazy"]').forEach((img) => {
            (img as HTMLImageElement).loading = 'eager';
          }),
        );
        await page.waitForLoadState('networkidle');
        await screenshot(page, info, `${name}-${width}-${locale}`);
      }
      await page.goto(`/liveMatchesTwo/${ANCHOR}`);
      const section = page.locator('[data-recommended]');
      await section.scrollIntoViewIfNeeded();
      await expect(section.locator('.room-card').first()).toBeVisible();
      await section.screenshot({ path: `test-results/screens/recommended-${width}-${locale}.png` });
    });
  }
}
