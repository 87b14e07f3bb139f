/**
 * Image uploads: the type is read from the content and must agree with the name (a PNG renamed
 * .jfif and a text file renamed .png are refused), 2 MB and more is refused, accepted images are
 * re-encoded as WebP at the size of their use and served back; guests cannot upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { createRequestListener } from '../../src/server/server.ts';
import { decodeBmp, sniffImage } from '../../src/server/uploads/images.ts';
import { openTestRuntime, type TestRuntime } from './helpers.ts';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const VIEWER = 100001;

/** A 24-bit uncompressed BMP of `width` x `height` filled with one colour. */
function bmp(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + stride * height;
  const out = Buffer.alloc(size);
  out.write('BM', 0, 'ascii');
  out.writeUInt32LE(size, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = 54 + y * stride + x * 3;
      out[at] = b;
      out[at + 1] = g;
      out[at + 2] = r;
    }
  }
  return out;
}

/** GET with the path sent as written (fetch would resolve the dots first). */
function rawStatus(base: string, rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    get({ hostname, port, path: rawPath }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

describe('image uploads', () => {
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  let server: Server;
  let base = '';
  let png: Buffer;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await openTestRuntime('pglite');
    app = createApi(t.rt);
    // The whole request listener, to read uploads back through /uploads/.
    server = createServer(createRequestListener({ rt: t.rt, api: app, hub: undefined as never }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const image = sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#e4002b' },
    });
    png = await image.clone().png().toBuffer();
    jpeg = await image.clone().jpeg().toBuffer();
  }, 60_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await t?.dispose();
  });

  const upload = async (name: string, bytes: Buffer, use?: string, login = true) => {
    const form = new FormData();
    form.append('image', new File([new Uint8Array(bytes)], name));
    if (use) form.append('use', use);
    const headers: Record<string, string> = { lang: 'en' };
    if (login) headers.authorization = `Bearer ${await createSession(t.rt.db, VIEWER, 'test')}`;
    const res = await app.request('/api/user/file', { method: 'POST', body: form, headers });
    return (await res.json()) as { status: number; msg: string; data: { url: string } | null };
  };

  it('tells the kinds apart by their first bytes', () => {
    expect(sniffImage(png)).toBe('png');
    expect(sniffImage(jpeg)).toBe('jpeg');
    expect(sniffImage(bmp(2, 2, [0, 0, 0]))).toBe('bmp');
    expect(sniffImage(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImage(Buffer.from('hello, I am text'))).toBeUndefined();
    const pixels = decodeBmp(bmp(3, 2, [10, 20, 30]))!;
    expect(pixels).toMatchObject({ width: 3, height: 2 });
    expect([...pixels.data.subarray(0, 4)]).toEqual([10, 20, 30, 255]);
  });

  it('refuses a PNG renamed .jfif, a text file renamed .png, and 2 MB or more', async () => {
    const type = 'uploaded images must be JPEG, GIF, PNG or BMP files';
    expect(await upload('cover.jfif', png)).toMatchObject({ status: 1, msg: type, data: null });
    expect(await upload('cover.png', Buffer.from('not an image at all'))).toMatchObject({
      status: 1,
      msg: type,
    });
    expect(await upload('cover.png', jpeg)).toMatchObject({ status: 1, msg: type });
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 - png.length)]);
    expect(await upload('big.png', big)).toMatchObject({
      status: 1,
      msg: 'the size of an uploaded image must be under 2 MB',
    });
    const guest = await upload('cover.png', png, undefined, false);
    expect(guest.status).toBe(2);
  });

  it('stores a horizontal cover cropped to 18:10 as WebP and serves it back', async () => {
    const res = await upload('match.JPG', jpeg, 'cover');
    expect(res.status).toBe(0);
    expect(res.data!.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/);
    const served = await fetch(`${base}${res.data!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1080, height: 600 });
    expect(await rawStatus(base, '/uploads/../secret')).toBe(404);
    expect((await fetch(`${base}/uploads/2026/11/not-a-stored-name.webp`)).status).toBe(404);
  });

  it('accepts a 24-bit BMP and fits a vertical cover without enlarging it', async () => {
    const res = await upload('portrait.bmp', bmp(300, 400, [0, 120, 255]), 'cover_v');
    expect(res.status).toBe(0);
    const served = await fetch(`${base}${res.data!.url}`);
    const image = sharp(Buffer.from(await served.arrayBuffer()));
    expect(await image.metadata()).toMatchObject({ format: 'webp', width: 300, height: 400 });
    const { dominant } = await image.stats();
    expect(dominant.b).toBeGreaterThan(200);
    expect(dominant.r).toBeLessThan(40);
  });

  it('says cloud storage is not configured, so clients upload to the site', async () => {
    const res = await app.request('/api/qcloud_sts', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await createSession(t.rt.db, VIEWER, 'test')}`,
        lang: 'en',
      },
    });
    expect(await res.json()).toMatchObject({
      status: 1,
      msg: 'Cloud storage is not configured here; images upload to the site instead',
    });
  });
});
