/**
 * Image conversions wait in a bounded queue of their own: with one conversion at a time and one
 * waiting, more uploads at once are answered busy (HTTP 503, Retry-After, a message in the
 * caller's language) and store nothing, while a stored file and a password login are answered
 * meanwhile. An animation whose frames together exceed the pixel budget is refused with its
 * own message before any frame is decoded: nothing stored, nothing logged.
 */
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { uploads } from '../../src/server/db/schema.ts';
import { createRequestListener } from '../../src/server/server.ts';
import { ANIMATION_PIXEL_BUDGET } from '../../src/server/uploads/images.ts';
import { login } from './auth-helpers.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime, uploadTestImage } from './helpers.ts';

const UPLOADER = 100001;

/** An animated GIF of `frames` frames of `side` x `side`, each a different flat colour. */
async function animatedGif(side: number, frames: number): Promise<Buffer> {
  const frame = side * side * 3;
  const pixels = Buffer.alloc(frame * frames);
  for (let i = 0; i < frames; i++) {
    const band = pixels.subarray(i * frame, (i + 1) * frame);
    // Two colours a frame, split by a diagonal-ish step, so each frame differs.
    for (let y = 0; y < side; y++) {
      const split = (y * (i + 2)) % side;
      band.fill(40 + i * 20, y * side * 3, (y * side + split) * 3);
      band.fill(200 - i * 10, (y * side + split) * 3, (y + 1) * side * 3);
    }
  }
  return sharp(pixels, {
    raw: { width: side, height: side * frames, channels: 3, pageHeight: side },
  })
    .gif({ effort: 1, loop: 0 })
    .toBuffer();
}

describe.each(DB_KINDS)('the conversion queue (%s)', (kind) => {
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  let server: Server;
  let base = '';
  let token = '';
  beforeAll(async () => {
    t = await openTestRuntime(kind, { UPLOAD_CONVERSIONS: '1', UPLOAD_QUEUE: '1' });
    app = createApi(t.rt);
    server = createServer(createRequestListener({ rt: t.rt, api: app, hub: undefined as never }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    token = await createSession(t.rt.db, UPLOADER, 'test');
  }, 180_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await t?.dispose();
  });

  const send = async (bytes: Buffer, name: string, lang = 'en') => {
    const form = new FormData();
    form.append('image', new File([new Uint8Array(bytes)], name));
    form.append('use', 'image');
    return app.request('/api/user/file', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}`, lang },
    });
  };
  const stored = async () => ({
    rows: (await t.rt.db.select().from(uploads).where(eq(uploads.userId, UPLOADER))).length,
    files: readdirSync(path.join(t.rt.env.dataDir, 'uploads'), { recursive: true }).filter((f) =>
      String(f).endsWith('.webp'),
    ).length,
  });

  it('answers busy past the queue, storing nothing, while files and logins are served', async () => {
    const file = await uploadTestImage(app, { authorization: `Bearer ${token}` });
    const before = await stored();
    const gif = await animatedGif(1000, 8);
    expect(gif.length).toBeLessThan(2 * 1024 * 1024);
    const langs = ['en', 'zh_cn', 'en', 'zh_cn', 'en', 'zh_cn'];
    const answers = langs.map((lang, i) => send(gif, `burst-${i}.gif`, lang));
    // While the burst converts, a stored file and a password login are answered.
    const served = await fetch(`${base}${file}`);
    expect(served.status).toBe(200);
    const loggedIn = await login(app, { account: '13900000002', pwd: 'demo1234', login_type: 1 });
    expect(loggedIn.status).toBe(0);

    const results = await Promise.all(
      (await Promise.all(answers)).map(async (res) => ({
        http: res.status,
        retry: res.headers.get('retry-after'),
        body: (await res.json()) as { status: number; msg: string; data: unknown },
      })),
    );
    const busy = results.filter((r) => r.http === 503);
    const done = results.filter((r) => r.http === 200 && r.body.status === 0);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(done.length + busy.length).toBe(results.length);
    for (const r of busy) {
      expect(r.retry).toBe('5');
      expect(r.body.status).toBe(1);
      expect(r.body.data).toBeNull();
      expect([
        'Too many images are being processed right now; please try again in a few seconds',
        '当前处理的图片过多，请几秒后重试',
      ]).toContain(r.body.msg);
    }
    // Only the uploads that were converted are stored.
    const after = await stored();
    expect(after.rows - before.rows).toBe(done.length);
    expect(after.files - before.files).toBe(done.length);
  }, 120_000);

  it('refuses an animation over the pixel budget clearly, storing and logging nothing', async () => {
    // 2000 x 2000 x 6 frames = 24 million pixels, over the 20 million budget, in a small file.
    const side = 2000;
    const frames = Math.floor(ANIMATION_PIXEL_BUDGET / (side * side)) + 1;
    const gif = await animatedGif(side, frames);
    expect(gif.length).toBeLessThan(2 * 1024 * 1024);
    const before = await stored();
    const out = vi.spyOn(process.stdout, 'write');
    const err = vi.spyOn(process.stderr, 'write');
    try {
      const en = await send(gif, 'huge.gif');
      expect(await en.json()).toMatchObject({
        status: 1,
        msg: 'This animated image is too large: its frames together may have at most 20 million pixels',
        data: null,
      });
      const zh = await send(gif, 'huge.gif', 'zh_cn');
      expect(await zh.json()).toMatchObject({
        status: 1,
        msg: '动图过大：所有帧合计不能超过 20 百万像素',
      });
      const lines = [...out.mock.calls, ...err.mock.calls].map((c) => String(c[0]));
      expect(lines.filter((l) => l.includes('"event"'))).toEqual([]);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(await stored()).toEqual(before);
  }, 120_000);
});
