/**
 * Storage in a bucket, against a real S3 server (Ceph's RADOS Gateway, scripts/object-store.ts):
 * uploads land there and `/uploads/` sends browsers to them, ID photos stay private, and the
 * spec's `/api/qcloud_sts` gives keys that write their one object and nothing else; the image
 * written with them is taken in, converted and its raw object removed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsClient } from 'aws4fetch';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startObjectStore, type ObjectStoreServer } from '../../scripts/object-store.ts';
import { createApi } from '../../src/server/app.ts';
import { uploads } from '../../src/server/db/schema.ts';
import { createRequestListener } from '../../src/server/server.ts';
import { createSession } from '../../src/server/sessions.ts';
import type { CloudKeys } from '../../src/lib/studio/api.ts';
import {
  callApi,
  DB_KINDS,
  openTestRuntime,
  uploadTestImage,
  userIdByMobile,
  type TestRuntime,
} from './helpers.ts';
import { S3_SERVER_AVAILABLE, storageEnv } from './storage-helpers.ts';

const VIEWER = '13900000001';
const ANCHOR = '13900000003';

describe.skipIf(!S3_SERVER_AVAILABLE).each(DB_KINDS)('storage in a bucket (%s)', (kind) => {
  let s3: ObjectStoreServer;
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  let http: Server;
  let base = '';
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    s3 = await startObjectStore();
    t = await openTestRuntime(kind, {
      ...storageEnv(s3),
      STORAGE_STS: 'assume-role',
      STORAGE_STS_ROLE_ARN: s3.roleArn!,
    });
    app = createApi(t.rt);
    http = createServer(createRequestListener({ rt: t.rt, api: app, hub: undefined as never }));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    for (const mobile of [VIEWER, ANCHOR]) ids[mobile] = await userIdByMobile(t.rt.db, mobile);
  }, 180_000);
  afterAll(async () => {
    await new Promise((r) => http?.close(r));
    await t?.dispose();
    await s3?.stop();
  });

  const as = async (mobile: string) => ({
    authorization: `Bearer ${await createSession(t.rt.db, ids[mobile]!, 'test')}`,
    lang: 'en',
  });
  const bucketUrl = (key: string) => `${s3.endpoint}/${s3.bucket}/${key}`;
  const tempClient = (keys: CloudKeys) =>
    new AwsClient({
      accessKeyId: keys.Credentials.TmpSecretId,
      secretAccessKey: keys.Credentials.TmpSecretKey,
      sessionToken: keys.Credentials.Token,
      service: 's3',
      region: keys.region,
      retries: 0,
    });
  const keysFor = async (mobile: string) => {
    const res = await callApi<CloudKeys>(app, 'POST', '/api/qcloud_sts', {}, await as(mobile));
    expect(res.status, res.msg).toBe(0);
    return res.data;
  };
  const png = () =>
    sharp({ create: { width: 600, height: 900, channels: 3, background: '#ff5500' } })
      .png()
      .toBuffer();

  it('writes uploads to the bucket and sends browsers there from /uploads/', async () => {
    const url = await uploadTestImage(app, await as(VIEWER), 'cover');
    expect(await t.rt.storage.head(url.slice(1))).toMatchObject({ contentType: 'image/webp' });
    const res = await fetch(`${base}${url}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(bucketUrl(url.slice(1)));
    const image = await fetch(res.headers.get('location')!);
    expect(image.status).toBe(200);
    await expect(sharp(Buffer.from(await image.arrayBuffer())).metadata()).resolves.toMatchObject({
      format: 'webp',
    });
  });

  it('keeps ID photos private in the bucket and shows them only through the site', async () => {
    const ref = await uploadTestImage(app, await as(VIEWER), 'id_photo');
    expect(ref).toMatch(/^\/private\//);
    expect((await fetch(bucketUrl(ref.slice(1)))).status).toBe(403);
    const own = await app.request(`/api/user/private_image?path=${encodeURIComponent(ref)}`, {
      headers: await as(VIEWER),
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/webp');
    const other = await app.request(`/api/user/private_image?path=${encodeURIComponent(ref)}`, {
      headers: await as(ANCHOR),
    });
    expect(other.status).toBe(404);
  });

  it('gives keys that write their one image and nothing else, and never logs them', async () => {
    const out = vi.spyOn(process.stdout, 'write');
    const err = vi.spyOn(process.stderr, 'write');
    const keys = await keysFor(ANCHOR);
    const logged = [...out.mock.calls, ...err.mock.calls].map((c) => String(c[0])).join('');
    out.mockRestore();
    err.mockRestore();
    expect(keys).toMatchObject({ bucket: s3.bucket, provider: 's3' });
    expect(keys.filename).toMatch(new RegExp(`^images/${ids[ANCHOR]}-\\d{10}-`));
    expect(keys.ExpiredTime).toBeGreaterThan(Date.now() / 1000 + 600);
    for (const secret of [keys.Credentials.TmpSecretKey, keys.Credentials.Token]) {
      expect(logged).not.toContain(secret);
    }
    const client = tempClient(keys);
    const put = (key: string) =>
      client.fetch(`${keys.endpoint}/${key}`, {
        method: 'PUT',
        body: 'not yet an image',
        headers: { 'content-type': 'image/png' },
      });
    expect((await put(keys.filename)).status).toBe(200);
    for (const elsewhere of [
      `${keys.filename}-2`,
      'images/other.png',
      'uploads/2026/11/aaaaaaaaaaaaaaaaaaaaaaaa.webp',
      `private/${keys.filename}`,
    ]) {
      expect((await put(elsewhere)).status, elsewhere).toBe(403);
    }
    // Writing is all they may do: not even reading back the one object.
    expect((await client.fetch(`${keys.endpoint}/${keys.filename}`)).status).toBe(403);
    expect(await t.rt.storage.head('images/other.png')).toBeNull();
  });

  it('takes in the image written with the keys, converted, and removes the raw object', async () => {
    const keys = await keysFor(ANCHOR);
    const put = await tempClient(keys).fetch(`${keys.endpoint}/${keys.filename}`, {
      method: 'PUT',
      body: new Uint8Array(await png()),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    const claim = await callApi<{ url: string }>(
      app,
      'POST',
      '/api/user/cloud_file',
      { filename: keys.filename, use: 'cover_v' },
      await as(ANCHOR),
    );
    expect(claim.status, claim.msg).toBe(0);
    expect(claim.data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/);
    const stored = await t.rt.storage.read(claim.data.url.slice(1));
    expect(await sharp(Buffer.from(stored!)).metadata()).toMatchObject({ format: 'webp' });
    expect(await t.rt.storage.head(keys.filename)).toBeNull();
    const [row] = await t.rt.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.path, claim.data.url), eq(uploads.userId, ids[ANCHOR]!)));
    expect(row).toMatchObject({ use: 'cover_v' });
    // The live may then use it as its vertical cover, as any of the anchor's own uploads.
    const again = await callApi(
      app,
      'POST',
      '/api/user/cloud_file',
      { filename: keys.filename, use: 'cover_v' },
      await as(ANCHOR),
    );
    expect(again).toMatchObject({ http: 404, status: 1 });
  });

  it("refuses another user's name, a forged one and a file that is not an image", async () => {
    const keys = await keysFor(ANCHOR);
    const client = tempClient(keys);
    await client.fetch(`${keys.endpoint}/${keys.filename}`, {
      method: 'PUT',
      body: '<svg onload="alert(1)"></svg>',
      headers: { 'content-type': 'image/png' },
    });
    const claim = (filename: unknown, mobile = ANCHOR) =>
      as(mobile).then((h) => callApi(app, 'POST', '/api/user/cloud_file', { filename }, h));
    const expired = 'This upload has expired or is not yours; please upload the image again';
    expect(await claim(keys.filename, VIEWER)).toMatchObject({ status: 1, msg: expired });
    // A name one character off (a forged name must differ: a name ending in 0 once did not).
    const forged = keys.filename.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(await claim(forged)).toMatchObject({ msg: expired });
    expect(await claim('images/../uploads/x')).toMatchObject({ msg: expired });
    expect(await claim(12)).toMatchObject({ status: 1 });
    // The raw object is still there for its owner, who learns it is not an image; then it is gone.
    expect(await claim(keys.filename)).toMatchObject({
      status: 1,
      msg: 'uploaded images must be JPEG, GIF, PNG or BMP files',
    });
    expect(await t.rt.storage.head(keys.filename)).toBeNull();
  });

  it('refuses an object of 2 MB or more without reading it whole, and removes it', async () => {
    const keys = await keysFor(ANCHOR);
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(await png());
    const put = await tempClient(keys).fetch(`${keys.endpoint}/${keys.filename}`, {
      method: 'PUT',
      body: big,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    const claim = await callApi(
      app,
      'POST',
      '/api/user/cloud_file',
      { filename: keys.filename },
      await as(ANCHOR),
    );
    expect(claim).toMatchObject({
      status: 1,
      msg: 'the size of an uploaded image must be under 2 MB',
    });
    expect(await t.rt.storage.head(keys.filename)).toBeNull();
  });

  it('gives a guest no keys', async () => {
    const res = await callApi(app, 'POST', '/api/qcloud_sts', {});
    expect(res.status).not.toBe(0);
    expect(JSON.stringify(res.data ?? null)).not.toContain('TmpSecretKey');
  });
});
