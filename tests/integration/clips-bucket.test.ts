/**
 * Clips in a bucket (a real S3 server, scripts/object-store.ts): a clip is two private objects,
 * /clip-media/ sends the browser to a signed URL for them, removing the clip stops its link and
 * deletes the objects, and a store that fails leaves nothing behind.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startObjectStore, type ObjectStoreServer } from '../../scripts/object-store.ts';
import { createApi } from '../../src/server/app.ts';
import { clipQueue } from '../../src/server/clips/queue.ts';
import { replays } from '../../src/server/db/schema.ts';
import { createRequestListener } from '../../src/server/server.ts';
import { createSession } from '../../src/server/sessions.ts';
import { probe } from './clip-probe.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import { S3_SERVER_AVAILABLE, storageEnv } from './storage-helpers.ts';

/** 老K说球's room, with the seeded demo replay. */
const ANCHOR = 100003;
const VIEWERS = [100001, 100002];

describe.skipIf(!S3_SERVER_AVAILABLE)('clips in a bucket', () => {
  let s3: ObjectStoreServer;
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;
  let http: Server;
  let base = '';
  let demoReplayId: number;
  const auth = async (user: number) => ({
    authorization: `Bearer ${await createSession(t.rt.db, user, 'test')}`,
    lang: 'en',
  });

  beforeAll(async () => {
    s3 = await startObjectStore();
    t = await openTestRuntime(DB_KINDS[0]!, storageEnv(s3));
    api = createApi(t.rt);
    http = createServer(createRequestListener({ rt: t.rt, api, hub: undefined as never }));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const [demo] = await t.rt.db
      .select({ id: replays.id })
      .from(replays)
      .where(eq(replays.anchorId, ANCHOR))
      .limit(1);
    demoReplayId = demo!.id;
  }, 180_000);
  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
    await t?.dispose();
    await s3?.stop();
  });

  it('stores a clip as private objects, sends viewers to a signed URL, and removes both', async () => {
    expect(t.rt.storage.driver).toBe('s3');
    const made = await callApi<{ id: number }>(
      api,
      'POST',
      '/api/clip/create',
      { replay_id: demoReplayId, start: 2, seconds: 10, title: 'In the bucket' },
      await auth(VIEWERS[0]!),
    );
    expect(made.status, made.msg).toBe(0);
    const id = made.data.id;
    await clipQueue(t.rt).idle();
    const one = await callApi<{ status: string; video: string; thumb: string }>(
      api,
      'GET',
      `/api/clip/one?clip_id=${id}`,
    );
    expect(one.data).toMatchObject({
      status: 'ready',
      video: `/clip-media/${id}.mp4`,
      thumb: `/clip-media/${id}.jpg`,
    });

    // Both objects are in the bucket; nothing stays on the local disk, not even the work files.
    expect(await t.rt.storage.head(`clips/${id}.mp4`)).toMatchObject({ contentType: 'video/mp4' });
    expect(await t.rt.storage.head(`clips/${id}.jpg`)).toMatchObject({
      contentType: 'image/jpeg',
    });
    const localClips = path.join(t.rt.env.dataDir, 'clips');
    expect(existsSync(localClips) ? readdirSync(localClips) : []).toEqual([]);
    expect(readdirSync(path.join(t.rt.env.dataDir, 'work', 'clips'))).toEqual([]);

    // The site sends the browser to a signed URL for the object, good for ten minutes.
    const bucketUrl = (name: string) => `${s3.endpoint}/${s3.bucket}/clips/${name}`;
    const res = await fetch(`${base}/clip-media/${id}.mp4`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const signed = res.headers.get('location')!;
    expect(signed.startsWith(`${bucketUrl(`${id}.mp4`)}?`)).toBe(true);
    expect(new URL(signed).searchParams.get('X-Amz-Expires')).toBe('600');
    const video = await fetch(signed);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await video.arrayBuffer());
    expect(bytes.equals(Buffer.from((await t.rt.storage.read(`clips/${id}.mp4`))!))).toBe(true);
    const file = path.join(t.rt.env.dataDir, 'fetched.mp4');
    writeFileSync(file, bytes);
    const probed = probe(file);
    expect(Math.abs(probed.duration - 10)).toBeLessThanOrEqual(2);
    expect(probed.codecs).toContain('h264');
    // Players seek in it with ranges, answered by the bucket.
    const part = await fetch(signed, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const thumb = await fetch(`${base}/clip-media/${id}.jpg`, {
      method: 'HEAD',
      redirect: 'manual',
    });
    expect(thumb.status).toBe(302);
    expect(thumb.headers.get('location')!.startsWith(`${bucketUrl(`${id}.jpg`)}?`)).toBe(true);
    expect((await fetch(thumb.headers.get('location')!)).status).toBe(200);
    // Without a signature the bucket refuses the objects.
    for (const name of [`${id}.mp4`, `${id}.jpg`]) {
      expect((await fetch(bucketUrl(name))).status, name).toBe(403);
    }

    const removed = await callApi(
      api,
      'POST',
      '/api/clip/remove',
      { clip_id: id },
      await auth(ANCHOR),
    );
    expect(removed.status, removed.msg).toBe(0);
    for (const name of [`${id}.mp4`, `${id}.jpg`]) {
      const gone = await fetch(`${base}/clip-media/${name}`, { redirect: 'manual' });
      expect(gone.status, name).toBe(404);
      expect(await t.rt.storage.head(`clips/${name}`), name).toBeNull();
    }
    expect((await fetch(signed)).status).toBe(404);
  }, 120_000);

  it('marks a clip failed and leaves no objects or work files when storing it fails', async () => {
    const store = t.rt.storage;
    const putFile = store.putFile.bind(store);
    store.putFile = (key, file, options) =>
      key.endsWith('.mp4')
        ? Promise.reject(new Error('bucket unreachable'))
        : putFile(key, file, options);
    try {
      const made = await callApi<{ id: number }>(
        api,
        'POST',
        '/api/clip/create',
        { replay_id: demoReplayId, start: 2, seconds: 10, title: 'Lost' },
        await auth(VIEWERS[1]!),
      );
      expect(made.status, made.msg).toBe(0);
      await clipQueue(t.rt).idle();
      const one = await callApi<{ status: string }>(
        api,
        'GET',
        `/api/clip/one?clip_id=${made.data.id}`,
      );
      expect(one.data.status).toBe('failed');
      for (const name of [`${made.data.id}.mp4`, `${made.data.id}.jpg`]) {
        expect(await store.head(`clips/${name}`), name).toBeNull();
      }
      expect(readdirSync(path.join(t.rt.env.dataDir, 'work', 'clips'))).toEqual([]);
      const res = await fetch(`${base}/clip-media/${made.data.id}.jpg`, { redirect: 'manual' });
      expect(res.status).toBe(404);
    } finally {
      store.putFile = putFile;
    }
  }, 60_000);
});
