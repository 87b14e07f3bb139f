/**
 * The spec's cloud upload in the browser: with a bucket and its STS configured, the start-live
 * dialog's vertical cover goes straight to the bucket with the keys from /api/qcloud_sts, the
 * site takes it in, and the converted cover shows from the bucket. The bucket is a real S3 server
 * (Ceph's RADOS Gateway), so these journeys run in a worker whose server is configured for it.
 */
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { startObjectStore, type ObjectStoreServer } from '../../scripts/object-store.ts';
import { liveRooms, users } from '../../src/server/db/schema.ts';
import {
  allowBrowserUploads,
  S3_SERVER_AVAILABLE,
  storageEnv,
} from '../integration/storage-helpers.ts';
import { test as base, expect, screenshot, signIn, useLocale } from './fixtures.ts';

const ANCHOR = '13900000018';

const test = base.extend<object, { objectStore: ObjectStoreServer }>({
  objectStore: [
    async ({}, use) => {
      const s3 = await startObjectStore();
      await use(s3);
      await s3.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  serverEnv: [
    async ({ objectStore }, use) =>
      use({
        ...storageEnv(objectStore),
        STORAGE_STS: 'assume-role',
        STORAGE_STS_ROLE_ARN: objectStore.roleArn!,
      }),
    { scope: 'worker' },
  ],
});

test.skip(!S3_SERVER_AVAILABLE, 'needs Debian ceph-mon, ceph-osd and radosgw');

test('the start-live dialog uploads the vertical cover straight to the bucket', async ({
  page,
  baseURL,
  server,
  objectStore,
}, info) => {
  test.setTimeout(90_000);
  await allowBrowserUploads(objectStore, [baseURL!]);
  await useLocale(page, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await signIn(page, ANCHOR);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' || r.url().includes('/api/user/'))
      sent.push(`${r.method()} ${r.url()}`);
  });
  await page.locator('.site-header [data-action="start-live"]').first().click();
  const dialog = page.locator('dialog.modal.ls[open]');
  await expect(dialog.getByRole('heading', { name: 'Go live' })).toBeVisible();
  await dialog.locator('input[name="title"]').fill('Cover straight to the bucket');
  await dialog.locator('select[name="category"]').selectOption('3');
  await dialog.locator('select[name="cateid"]').selectOption('303');
  const portrait = await sharp({
    create: { width: 600, height: 800, channels: 3, background: '#00c2a8' },
  })
    .png()
    .toBuffer();
  await dialog
    .locator('[data-cover="cover_v"] input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: portrait });
  const cover = dialog.locator('[data-cover="cover_v"] img');
  await expect(cover).toHaveAttribute('src', /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/);
  // The picture shows: its /uploads/ address sent the browser to the bucket, which the page's
  // policy lets it load from.
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  const bucket = `${objectStore.endpoint}/${objectStore.bucket}`;
  expect(sent.filter((s) => s.startsWith('PUT'))).toEqual([
    expect.stringMatching(
      new RegExp(`^PUT ${bucket}/images/\\d+-\\d{10}-[0-9a-f]{12}-[0-9a-f]{32}$`),
    ),
  ]);
  expect(sent.some((s) => s.includes('/api/user/file'))).toBe(false);
  expect(sent.some((s) => s.includes('/api/user/cloud_file'))).toBe(true);
  await screenshot(page, info, 'start-live-cloud-cover-1440-en-US', { fullPage: false });

  const src = await cover.getAttribute('src');
  await dialog.locator('[data-ls-submit]').click();
  const [anchor] = await server.rt.db.select().from(users).where(eq(users.mobile, ANCHOR));
  await page.waitForURL(`**/liveMatchesTwo/${anchor!.id}`);
  const [room] = await server.rt.db
    .select()
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchor!.id));
  expect(room!.coverV).toBe(src);
  // The converted cover lives in the bucket; what the browser wrote itself is gone.
  expect(await server.rt.storage.head(room!.coverV.slice(1))).toMatchObject({
    contentType: 'image/webp',
  });
  page.once('dialog', (d) => void d.accept());
  await page.locator('[data-end-live]').click();
  await page.waitForURL(/\/home$/);
});
