/**
 * The start-live dialog from the header: an anchor fills the live form, uploads covers (a
 * wrongly typed file is refused with the spec's message), sees the push address and key masked
 * until shown, starts the live and lands in their own room; planning a live goes to live
 * management. Screenshots of the dialog at 375 and 1440 px in both languages.
 */
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { livePlans, liveRooms, users } from '../../src/server/db/schema.ts';
import { expect, screenshot, signIn, test, useLocale } from './fixtures.ts';

const ANCHOR = '13900000018';
const PLANNER = '13900000019';

async function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: '#7c5cff' } })
    .png()
    .toBuffer();
}

test('an anchor starts a live from the header and lands in their room', async ({
  page,
  baseURL,
  server,
}, info) => {
  test.setTimeout(90_000);
  await useLocale(page, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await signIn(page, ANCHOR);
  await page.locator('.site-header [data-action="start-live"]').first().click();
  const dialog = page.locator('dialog.modal.ls[open]');
  await expect(dialog.getByRole('heading', { name: 'Go live' })).toBeVisible();
  await expect(dialog.locator('select[name="category"] option')).not.toHaveCount(0);

  // The key is masked until shown.
  const key = dialog.locator('[data-push-key]');
  await expect(key).toHaveText(/^•+$/);
  await dialog.getByRole('button', { name: 'Show' }).click();
  await expect(key).toHaveText(/^\d+\?key=[\w-]{24}$/);

  // Nothing filled: the title is asked for first, then the vertical cover.
  await dialog.locator('[data-ls-submit]').click();
  await expect(dialog.locator('.ls-error')).toHaveText('Input can not be empty');
  await dialog.locator('input[name="title"]').fill('Late-night fitness with the crew');
  await dialog.locator('[data-ls-submit]').click();
  await expect(dialog.locator('.ls-error')).toHaveText('Vertical cover cannot be empty');

  await dialog.locator('select[name="category"]').selectOption('3');
  await dialog.locator('select[name="cateid"]').selectOption('303');
  const picker = dialog.locator('[data-cover="cover_v"] input[type="file"]');
  // A PNG named .jfif is refused before it is sent.
  await picker.setInputFiles({ name: 'me.jfif', mimeType: 'image/jpeg', buffer: await portrait() });
  await expect(dialog.locator('[data-cover="cover_v"] .ls-cover-error')).toHaveText(
    'uploaded images must be JPEG, GIF, PNG or BMP files',
  );
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await portrait() });
  await expect(dialog.locator('[data-cover="cover_v"] img')).toHaveAttribute(
    'src',
    /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/,
  );
  await screenshot(page, info, 'start-live-dialog-1440-en-US', { fullPage: false });

  await dialog.locator('[data-ls-submit]').click();
  const [anchor] = await server.rt.db.select().from(users).where(eq(users.mobile, ANCHOR));
  await page.waitForURL(`**/liveMatchesTwo/${anchor!.id}`);
  await expect(page.locator('.player-state')).toHaveText('The anchor has not started broadcasting');
  const [room] = await server.rt.db
    .select()
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchor!.id));
  expect(room).toMatchObject({
    title: 'Late-night fitness with the crew',
    sessionOpen: true,
    secondCategoryId: 303,
  });
  // The anchor ends the live from their room and goes to the front page.
  page.once('dialog', (d) => void d.accept());
  await page.locator('[data-end-live]').click();
  await page.waitForURL(/\/home$/);
  const [ended] = await server.rt.db
    .select()
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchor!.id));
  expect(ended).toMatchObject({ sessionOpen: false, isLive: false });
});

test('an anchor plans a live for tomorrow', async ({ page, baseURL, server }) => {
  await useLocale(page, baseURL!, 'zh-CN');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await signIn(page, PLANNER);
  await page.locator('.site-header [data-action="start-live"]').first().click();
  const dialog = page.locator('dialog.modal.ls[open]');
  await dialog.getByRole('tab', { name: '计划开播' }).click();
  await dialog.locator('input[name="title"]').fill('明晚台球夜');
  await dialog
    .locator('[data-cover="cover_v"] input[type="file"]')
    .setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: await portrait() });
  await expect(dialog.locator('[data-cover="cover_v"] img')).toBeVisible();
  await dialog.locator('[data-ls-submit]').click();
  await expect(dialog.locator('.ls-error')).toHaveText('计划开播时间不能为空');
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T20:00`;
  await dialog.locator('input[name="plan"]').fill(local);
  await dialog.locator('[data-ls-submit]').click();
  await page.waitForURL('**/user-center/live-management');
  const [planner] = await server.rt.db.select().from(users).where(eq(users.mobile, PLANNER));
  const plans = await server.rt.db
    .select()
    .from(livePlans)
    .where(eq(livePlans.anchorId, planner!.id));
  expect(plans.map((p) => p.title)).toContain('明晚台球夜');

  // Live management lists it with its actions; the upcoming lives page shows it to everyone.
  const item = page.locator('.lm-item', { hasText: '明晚台球夜' });
  await expect(item.locator('.lm-chip')).toHaveText('已计划');
  await expect(item.getByRole('button', { name: '立即开播' })).toBeVisible();
  await page.goto(`/schedule-preview?t=${Date.now()}`);
  await expect(page.locator('.plan', { hasText: '明晚台球夜' })).toBeVisible();

  // Starting from the plan opens the dialog filled in; cancelling another plan marks it.
  await page.goto('/user-center/live-management');
  await item.getByRole('button', { name: '立即开播' }).click();
  const filled = page.locator('dialog.modal.ls[open]');
  await expect(filled.locator('input[name="title"]')).toHaveValue('明晚台球夜');
  await expect(filled.locator('[data-cover="cover_v"] img')).toBeVisible();
  await filled.locator('[data-ls-submit]').click();
  await page.waitForURL(`**/liveMatchesTwo/${planner!.id}`);
  const after = await server.rt.db
    .select()
    .from(livePlans)
    .where(eq(livePlans.anchorId, planner!.id));
  expect(after.find((p) => p.title === '明晚台球夜')!.status).toBe(2);
  await page.request.post('/webapi/live/endLive', {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}`,
    },
    data: {},
  });
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [375, 1440]) {
    test(`the live settings dialog at ${width} px in ${locale}`, async ({
      page,
      baseURL,
    }, info) => {
      await useLocale(page, baseURL!, locale);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/home');
      await signIn(page, ANCHOR);
      await page.locator('.site-header [data-action="start-live"]').first().click();
      const dialog = page.locator('dialog.modal.ls[open]');
      await dialog.locator('select[name="category"]').selectOption('2');
      await expect(dialog.locator('select[name="comp"] option')).not.toHaveCount(1);
      const box = (await dialog.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await screenshot(page, info, `start-live-dialog-${width}-${locale}`, { fullPage: false });
    });
  }
}
