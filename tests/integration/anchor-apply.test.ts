/**
 * Anchor applications: every form rule refused with its message and nothing stored, one open
 * application at a time, administrators only for the review, approval making an anchor with a
 * live room in one transaction, refusal with a reason and a retry, and the CLI's service path.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { createMemoryState } from '../../src/server/shared/state.ts';
import { approveApplication } from '../../src/server/anchors/applications.ts';
import { createSession } from '../../src/server/sessions.ts';
import { anchorApplications, liveRooms, ROLE, users } from '../../src/server/db/schema.ts';
import { device, passCaptcha } from './auth-helpers.ts';
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
const PHONE = '13712345678';

const GOOD = {
  live_type: 201,
  experience: 2,
  real_name: 'Mia Chen',
  contact: 'mia@example.com',
  id_number: '11010519491231002X',
  /** Replaced by apply() with an ID photo the caller uploads. */
  id_photo: 'own',
  profile:
    'I have called amateur football matches for three years and love breaking down tactics live',
  mobile: PHONE,
  introducer: '',
  agree: 1,
};

describe.each(DB_KINDS)('anchor applications (%s)', (kind) => {
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await openTestRuntime(kind, { CAPTCHA_TEST_SOLUTION: '1' });
    app = createApi(t.rt);
    for (const mobile of [MEMBER, VIEWER, ADMIN]) {
      ids[mobile] = await userIdByMobile(t.rt.db, mobile);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
  });
  // Limits live in the runtime's shared state: each test starts with them afresh.
  beforeEach(() => {
    t.rt.shared = createMemoryState();
  });
  /** An app with its limits afresh, as on a restarted process (limits live in the shared state). */
  const freshApi = () => {
    t.rt.shared = createMemoryState();
    return createApi(t.rt);
  };

  const as = async (mobile: string, lang = 'en') => ({
    authorization: `Bearer ${await createSession(t.rt.db, ids[mobile]!, 'test')}`,
    lang,
  });
  const rows = async () => {
    const [r] = await t.rt.db.select({ n: count() }).from(anchorApplications);
    return r?.n ?? 0;
  };
  /** Sends a fresh application code to PHONE and reads it from the SMS provider. */
  const code = async (headers: Record<string, string>, mobile = PHONE) => {
    // Codes are limited per minute and per day: age the previous ones instead of waiting.
    await t.rt.db.execute(
      `update sms_codes set created_at = created_at - interval '25 hours' where mobile = '${mobile}'`,
    );
    // No code without the slider, for this device.
    await passCaptcha(app, 'apply-device');
    const sent = await callApi(
      app,
      'POST',
      '/api/user/anchor_apply_code',
      { mobile },
      { ...headers, ...device('apply-device') },
    );
    expect(sent.status).toBe(0);
    const sms = t.sms.at(-1)!;
    expect(sms).toMatchObject({ mobile, purpose: 'anchor_apply' });
    return sms.code;
  };
  const apply = async (
    headers: Record<string, string>,
    body: Record<string, unknown>,
    api: ReturnType<typeof createApi> = app,
  ) => {
    const photo =
      body.id_photo === 'own' ? await uploadTestImage(api, headers, 'id_photo') : body.id_photo;
    return callApi<{ id: number; status: string }>(
      api,
      'POST',
      '/api/user/anchor_apply',
      { ...body, id_photo: photo },
      headers,
    );
  };

  it('needs a login and answers not_certified before any application', async () => {
    const guest = await callApi(app, 'GET', '/api/user/anchor_apply_status');
    expect(guest.status).toBe(2);
    const status = await callApi(app, 'GET', '/api/user/anchor_apply_status', undefined, {
      ...(await as(MEMBER)),
    });
    expect(status).toMatchObject({ status: 0, data: { status: 'not_certified' } });
  });

  it.each([
    ['a bad ID checksum', { id_number: '110105194912310021' }, 'valid 18-character ID number'],
    ['an ID of 15 characters', { id_number: '110105491231002' }, 'valid 18-character ID number'],
    ['a short profile', { profile: 'I love football a lot' }, 'at least 15 words'],
    ['a short Chinese profile', { profile: '我热爱足球解说' }, 'at least 15 words'],
    ['no consent', { agree: 0 }, 'agree to the live-streaming agreement'],
    ['a one-letter name', { real_name: 'M' }, '2 to 20 characters'],
    ['a long contact', { contact: 'x'.repeat(51) }, 'At most 50 characters'],
    ['no ID photo', { id_photo: '' }, 'upload a photo of your ID'],
    ['a foreign photo path', { id_photo: '/etc/passwd' }, 'upload a photo of your ID'],
    [
      'a photo path naming no upload',
      { id_photo: '/private/2026/01/0123456789abcdef01234567.webp' },
      'upload a photo of your ID',
    ],
    [
      'a public upload path',
      { id_photo: '/uploads/2026/01/0123456789abcdef01234567.webp' },
      'upload a photo of your ID',
    ],
    ['a bad phone', { mobile: '12345' }, 'valid phone number'],
    ['an unknown experience', { experience: 7 }, 'live experience'],
    ['a long introducer', { introducer: 'y'.repeat(21) }, 'At most 20 characters'],
    ['an unknown live type', { live_type: 999 }, 'choose a live type'],
  ])('refuses %s and stores nothing', async (_, change, message) => {
    const headers = await as(MEMBER);
    const sms = await code(headers);
    // A fresh app per case: the submission rate limit is per process.
    const res = await apply(headers, { ...GOOD, code: sms, ...change }, freshApi());
    expect(res.status).toBe(1);
    expect(res.msg).toContain(message);
    expect(await rows()).toBe(0);
  });

  it('refuses a wrong code in the caller language and stores nothing', async () => {
    const headers = await as(MEMBER, 'zh_cn');
    const sms = await code(headers);
    const wrong = String((Number(sms) + 1) % 10_000).padStart(4, '0');
    const res = await apply(headers, { ...GOOD, code: wrong });
    expect(res.status).toBe(1);
    expect(res.msg).toMatch(/验证码/);
    // A code sent to another phone does not verify this one.
    const other = await code(headers, '13712340000');
    expect((await apply(headers, { ...GOOD, code: other })).status).toBe(1);
    expect(await rows()).toBe(0);
  });

  it('limits submissions per user', async () => {
    const api = freshApi();
    const headers = await as(MEMBER);
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push(await apply(headers, { agree: 0 }, api));
    expect(answers.slice(0, 10).every((a) => a.http === 200)).toBe(true);
    expect(answers[10]).toMatchObject({ http: 429, status: 1 });
    expect(await rows()).toBe(0);
  });

  it('records a good application as verifying, masked, and refuses a second one', async () => {
    const headers = await as(MEMBER);
    const res = await apply(headers, { ...GOOD, code: await code(headers) });
    expect(res).toMatchObject({ status: 0, data: { status: 'verifying' } });
    const status = await callApi<{ status: string; application: Record<string, unknown> }>(
      app,
      'GET',
      '/api/user/anchor_apply_status',
      undefined,
      headers,
    );
    expect(status.data.status).toBe('verifying');
    expect(status.data.application).toMatchObject({
      id_number: '1101**********002X',
      mobile: '137****5678',
      live_type_name: 'Football',
    });
    expect(JSON.stringify(status.data)).not.toContain('11010519491231002X');
    const again = await apply(headers, { ...GOOD, code: await code(headers) });
    expect(again).toMatchObject({ status: 1, msg: 'Your application is under review' });
    expect(await rows()).toBe(1);
  });

  it('keeps the review to administrators', async () => {
    const [pending] = await t.rt.db.select().from(anchorApplications);
    for (const headers of [await as(MEMBER), await as(VIEWER)]) {
      const list = await callApi(app, 'GET', '/api/admin/anchor_applications', undefined, headers);
      expect(list).toMatchObject({ status: 1, data: null });
      expect(list.msg).toContain('Only administrators');
      const approve = await callApi(
        app,
        'POST',
        '/api/admin/anchor_applications/approve',
        { id: pending!.id },
        headers,
      );
      expect(approve.status).toBe(1);
      const reject = await callApi(
        app,
        'POST',
        '/api/admin/anchor_applications/reject',
        { id: pending!.id, reason: 'no' },
        headers,
      );
      expect(reject.status).toBe(1);
    }
    const guest = await callApi(app, 'GET', '/api/admin/anchor_applications');
    expect(guest.status).toBe(2);
    const [row] = await t.rt.db.select().from(anchorApplications);
    expect(row!.status).toBe(0);
  });

  it('refuses without a reason, then refuses with one, and the user may apply again', async () => {
    const admin = await as(ADMIN);
    const list = await callApi<{ list: { id: number; id_number: string; status: string }[] }>(
      app,
      'GET',
      '/api/admin/anchor_applications?status=verifying',
      undefined,
      admin,
    );
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]!.id_number).toBe('1101**********002X');
    const id = list.data.list[0]!.id;
    const noReason = await callApi(
      app,
      'POST',
      '/api/admin/anchor_applications/reject',
      { id },
      admin,
    );
    expect(noReason).toMatchObject({ status: 1, msg: 'Please give a reason for the refusal' });
    const rejected = await callApi(
      app,
      'POST',
      '/api/admin/anchor_applications/reject',
      { id, reason: 'The ID photo is blurred' },
      admin,
    );
    expect(rejected.status).toBe(0);
    const member = await as(MEMBER);
    const status = await callApi(app, 'GET', '/api/user/anchor_apply_status', undefined, member);
    expect(status.data).toMatchObject({ status: 'failed', reason: 'The ID photo is blurred' });
    const retry = await apply(member, { ...GOOD, code: await code(member) });
    expect(retry).toMatchObject({ status: 0, data: { status: 'verifying' } });
    expect(await rows()).toBe(2);
  });

  it('approves in one transaction: verified, role anchor and a live room', async () => {
    const admin = await as(ADMIN, 'zh_cn');
    const [pending] = await t.rt.db
      .select()
      .from(anchorApplications)
      .where(eq(anchorApplications.status, 0));
    const before = await callApi(
      app,
      'GET',
      '/api/user/checkAnchorStatus',
      undefined,
      await as(MEMBER),
    );
    expect(before.data).toMatchObject({ is_anchor: 0 });
    const res = await callApi(
      app,
      'POST',
      '/api/admin/anchor_applications/approve',
      { id: pending!.id },
      admin,
    );
    expect(res).toMatchObject({ status: 0, data: { status: 'verified' } });
    const [user] = await t.rt.db.select().from(users).where(eq(users.id, ids[MEMBER]!));
    expect(user!.role).toBe(ROLE.anchor);
    const [room] = await t.rt.db
      .select()
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, ids[MEMBER]!));
    expect(room).toMatchObject({ categoryId: 2, secondCategoryId: 201, title: '米娅Mia的直播间' });
    expect(room!.cover).toMatch(/^\/demo\/covers\//);
    const member = await as(MEMBER);
    const after = await callApi(app, 'GET', '/api/user/checkAnchorStatus', undefined, member);
    expect(after.data).toMatchObject({ is_anchor: 1, is_live: 0 });
    // The new anchor can open the start-live dialog's calls at once.
    const stream = await callApi(app, 'POST', '/webapi/live/getStreamInfo', {}, member);
    expect(stream.status).toBe(0);
    const twice = await callApi(
      app,
      'POST',
      '/api/admin/anchor_applications/approve',
      { id: pending!.id },
      admin,
    );
    expect(twice.status).toBe(1);
    const status = await callApi(app, 'GET', '/api/user/anchor_apply_status', undefined, member);
    expect(status.data).toMatchObject({ status: 'verified' });
    const more = await apply(member, { ...GOOD, code: await code(member) }, freshApi());
    expect(more).toMatchObject({ status: 1, msg: 'You are already an anchor' });
  });

  it('rolls the approval back when the room cannot be made', async () => {
    const viewer = await as(VIEWER);
    await apply(viewer, { ...GOOD, code: await code(viewer) });
    const [pending] = await t.rt.db
      .select()
      .from(anchorApplications)
      .where(eq(anchorApplications.userId, ids[VIEWER]!));
    // A live type whose category is gone makes the room step fail after the role was changed.
    await t.rt.db.execute(
      'alter table anchor_applications drop constraint anchor_applications_second_category_id_second_categories_id_fk',
    );
    await t.rt.db.execute(
      `update anchor_applications set second_category_id = 999999 where id = ${pending!.id}`,
    );
    await expect(approveApplication(t.rt.db, pending!.id, null, 'en-US')).rejects.toThrow();
    const [row] = await t.rt.db
      .select()
      .from(anchorApplications)
      .where(eq(anchorApplications.id, pending!.id));
    expect(row!.status).toBe(0);
    const [user] = await t.rt.db.select().from(users).where(eq(users.id, ids[VIEWER]!));
    expect(user!.role).toBe(ROLE.member);
    await t.rt.db.execute(
      `update anchor_applications set second_category_id = 202 where id = ${pending!.id}`,
    );
  });

  it('approves from the CLI path (the same service, no reviewer)', async () => {
    const [pending] = await t.rt.db
      .select()
      .from(anchorApplications)
      .where(eq(anchorApplications.userId, ids[VIEWER]!));
    const done = await approveApplication(t.rt.db, pending!.id, null, 'en-US');
    expect(done.userId).toBe(ids[VIEWER]);
    const [row] = await t.rt.db
      .select()
      .from(anchorApplications)
      .where(eq(anchorApplications.id, pending!.id));
    expect(row).toMatchObject({ status: 1, reviewerId: null });
    const status = await callApi(
      app,
      'GET',
      '/api/user/checkAnchorStatus',
      undefined,
      await as(VIEWER),
    );
    expect(status.data).toMatchObject({ is_anchor: 1 });
    const [room] = await t.rt.db
      .select()
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, ids[VIEWER]!));
    expect(room!.secondCategoryId).toBe(202);
  });
});
