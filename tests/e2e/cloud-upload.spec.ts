/**
 * The site on a bucket, in the browser: with a bucket and its STS configured, the start-live
 * dialog's vertical cover goes straight to the bucket with the keys from /api/qcloud_sts, the
 * site takes it in, and the converted cover shows from the bucket; a replay recorded into the
 * bucket plays, its segments fetched from the bucket, and a clip of it is stored in and plays from
 * the bucket. The bucket is a real S3 server (Ceph's
 * RADOS Gateway), so these journeys run in a worker whose server is configured for it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { recordingsDir } from '../../src/server/recordings/files.ts';
import { recordingWorker } from '../../src/server/recordings/worker.ts';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { startObjectStore, type ObjectStoreServer } from '../../scripts/object-store.ts';
import { liveRooms, liveSessions, users } from '../../src/server/db/schema.ts';
import {
  allowBrowserUploads,
  S3_SERVER_AVAILABLE,
  storageEnv,
} from '../integration/storage-helpers.ts';
import { playClip } from './clip-helpers.ts';
import { test as base, expect, screenshot, signIn, useLocale } from './fixtures.ts';

const ANCHOR = '13900000018';
const VIEWER = '13900000001';

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

test('a replay recorded into the bucket plays from it, and a clip of it is stored there and plays', async ({
  page,
  baseURL,
  server,
  objectStore,
}) => {
  test.setTimeout(90_000);
  await allowBrowserUploads(objectStore, [baseURL!]);
  const [anchor] = await server.rt.db.select().from(users).where(eq(users.mobile, ANCHOR));
  // A live of 8 s recorded as nginx would write it, handed to the recording worker.
  const startedAt = Math.floor(Date.now() / 1000) - 30;
  await server.rt.db.insert(liveSessions).values({
    anchorId: anchor!.id,
    title: 'Recorded into the bucket',
    categoryId: 3,
    secondCategoryId: 303,
    startedAt: new Date((startedAt - 2) * 1000),
    endedAt: new Date(),
  });
  const dir = recordingsDir(server.rt.env.mediaDir);
  mkdirSync(dir, { recursive: true });
  const name = `${anchor!.id}-${startedAt}.flv`;
  const made = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'testsrc2=size=640x360:rate=25:duration=8', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=440:duration=8', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-g', '25', '-c:a', 'aac', '-f', 'flv', path.join(dir, name)],
  ]);
  expect(made.status, made.stderr.toString()).toBe(0);
  const outcome = await recordingWorker(server.rt).enqueue(name);
  expect(outcome).toMatchObject({ outcome: 'made' });
  const replayId = (outcome as { replayId: number }).replayId;
  expect(await server.rt.mediaStore.list(`replays/${anchor!.id}-${startedAt}/`)).toContain(
    `replays/${anchor!.id}-${startedAt}/seg-00000.ts`,
  );

  const bucket = `${objectStore.endpoint}/${objectStore.bucket}/`;
  const fromBucket: string[] = [];
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(bucket) && r.ok()) fromBucket.push(r.url());
  });
  page.on('console', (m) => {
    if (/Content Security Policy|CORS/i.test(m.text())) refused.push(m.text());
  });
  await useLocale(page, baseURL!, 'en-US');
  await page.goto(`/anchorReplay/${anchor!.id}?replay=${replayId}`);
  const player = page.locator('[data-player]');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect
    .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(1);
  expect(fromBucket.some((u) => /\/seg-\d{5}\.ts\?/.test(u))).toBe(true);

  // A viewer clips it: the clip is cut from the bucket's segments, stored there, and plays.
  await signIn(page, VIEWER);
  await page.getByRole('button', { name: 'Clip', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a clip' });
  await dialog.getByLabel('Start').fill('1');
  // The recording is 8 s long: 5 s from 1 s.
  await dialog.getByText('5 s', { exact: true }).click();
  await dialog.getByLabel('Title').fill('From the bucket');
  await dialog.getByRole('button', { name: 'Cut clip' }).click();
  const open = dialog.getByRole('link', { name: 'Open clip' });
  await expect(open).toBeVisible({ timeout: 30_000 });
  const clipId = Number(/\/clip\/(\d+)$/.exec((await open.getAttribute('href'))!)![1]);
  expect(await server.rt.storage.head(`clips/${clipId}.mp4`)).toMatchObject({
    contentType: 'video/mp4',
  });
  await open.click();
  await playClip(page);
  expect(fromBucket.some((u) => u.startsWith(`${bucket}clips/${clipId}.mp4?`))).toBe(true);
  expect(refused).toEqual([]);
});
