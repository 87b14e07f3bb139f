/**
 * Images are accepted by who uploaded them, not by the shape of their path: another user's
 * upload is no one's avatar; an ID photo is stored outside /uploads/ and read back only by its
 * uploader and administrators, never by a guest or another user; the application takes only
 * the applicant's own ID photo.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { uploads, users } from '../../src/server/db/schema.ts';
import { createRequestListener } from '../../src/server/server.ts';
import {
  callApi,
  DB_KINDS,
  openTestRuntime,
  type TestRuntime,
  uploadTestImage,
  userIdByMobile,
} from './helpers.ts';

const MEMBER = '13900000004';
const VIEWER = '13900000001';
const ADMIN = '13900000005';

describe.each(DB_KINDS)('image references (%s)', (kind) => {
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  let server: Server;
  let base = '';
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    app = createApi(t.rt);
    server = createServer(createRequestListener({ rt: t.rt, api: app, hub: undefined as never }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const mobile of [MEMBER, VIEWER, ADMIN]) {
      ids[mobile] = await userIdByMobile(t.rt.db, mobile);
    }
  }, 180_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await t?.dispose();
  });

  const as = async (mobile: string) => ({
    authorization: `Bearer ${await createSession(t.rt.db, ids[mobile]!, 'test')}`,
    lang: 'en',
  });

  it('records who uploaded each image and for what', async () => {
    const url = await uploadTestImage(app, await as(MEMBER), 'cover');
    const [row] = await t.rt.db.select().from(uploads).where(eq(uploads.path, url));
    expect(row).toMatchObject({ userId: ids[MEMBER], use: 'cover' });
  });

  it("refuses another user's avatar and keeps the avatar as it was", async () => {
    const theirs = await uploadTestImage(app, await as(VIEWER), 'avatar');
    const headers = await as(MEMBER);
    const avatar = async () =>
      (await t.rt.db.select({ a: users.avatar }).from(users).where(eq(users.id, ids[MEMBER]!)))[0]!
        .a;
    const before = await avatar();
    const res = await callApi(app, 'POST', '/api/user/updateAvatar', { avatar: theirs }, headers);
    expect(res).toMatchObject({
      status: 1,
      msg: 'Upload the picture again: it is not a square avatar uploaded here',
    });
    expect(await avatar()).toBe(before);
    const mine = await uploadTestImage(app, headers, 'avatar');
    const ok = await callApi(app, 'POST', '/api/user/updateAvatar', { avatar: mine }, headers);
    expect(ok).toMatchObject({ status: 0, data: { avatar: mine } });
  });

  it('keeps ID photos private: the uploader and administrators only', async () => {
    const owner = await as(MEMBER);
    const photo = await uploadTestImage(app, owner, 'id_photo', { width: 900, height: 600 });
    expect(photo).toMatch(/^\/private\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/);
    // Not under /uploads/, and /private/ is no public folder.
    const name = photo.slice('/private/'.length);
    expect((await fetch(`${base}/uploads/${name}`)).status).toBe(404);
    const direct = await fetch(`${base}${photo}`, { redirect: 'manual' });
    expect(direct.headers.get('content-type') ?? '').not.toMatch(/^image\//);

    const read = (headers: Record<string, string>) =>
      app.request(`/api/user/private_image?path=${encodeURIComponent(photo)}`, { headers });
    const guest = await read({ lang: 'en' });
    expect(await guest.json()).toMatchObject({ status: 2 });
    const stranger = await read(await as(VIEWER));
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ status: 1, data: null });
    for (const allowed of [owner, await as(ADMIN)]) {
      const res = await read(allowed);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 900, height: 600 });
    }
    // Public images and made-up paths are not read through it either.
    const cover = await uploadTestImage(app, owner, 'cover');
    for (const other of [cover, '/private/../secret', '/private/2026/01/../../secret.webp']) {
      const res = await app.request(`/api/user/private_image?path=${encodeURIComponent(other)}`, {
        headers: await as(ADMIN),
      });
      expect(res.status, other).toBe(404);
    }
  });

  it("takes only the applicant's own ID photo in an application", async () => {
    const theirs = await uploadTestImage(app, await as(VIEWER), 'id_photo');
    const headers = await as(MEMBER);
    const mine = await uploadTestImage(app, headers, 'id_photo');
    const form = {
      live_type: 201,
      experience: 2,
      real_name: 'Mia Chen',
      contact: 'mia@example.com',
      id_number: '11010519491231002X',
      profile:
        'I have called amateur football matches for three years and love breaking down tactics live',
      mobile: '13712345678',
      introducer: '',
      agree: 1,
      code: '0000',
    };
    const apply = (id_photo: string) =>
      callApi(app, 'POST', '/api/user/anchor_apply', { ...form, id_photo }, headers);
    expect(await apply(theirs)).toMatchObject({
      status: 1,
      msg: 'Please upload a photo of your ID',
    });
    // The applicant's own photo passes; the made-up code is then what is refused.
    const own = await apply(mine);
    expect(own.status).toBe(1);
    expect(own.msg).not.toBe('Please upload a photo of your ID');
  });
});
