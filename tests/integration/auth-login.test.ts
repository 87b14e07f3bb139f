/** Login by code and password, automatic registration, forgot password, logout, user info, chat sigs. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { verifyUserSig } from '../../src/server/auth/usersig.ts';
import { mobileHashes, sessions, users } from '../../src/server/db/schema.ts';
import { device, requestCode, type Api } from './auth-helpers.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';

type LoginData = {
  token: string;
  id: number;
  formatPhone: string;
  mobile: string;
  level: number;
  gold: number;
};
const userCount = async (t: TestRuntime, mobile: string) =>
  (await t.rt.db.select().from(users).where(eq(users.mobile, mobile))).length;

describe.each(DB_KINDS)('login and registration on %s', (kind) => {
  let t: TestRuntime;
  let api: Api;
  beforeAll(async () => {
    t = await openTestRuntime(kind, { CAPTCHA_TEST_SOLUTION: '1' });
    api = createApi(t.rt);
  });
  afterAll(async () => t?.dispose());

  const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    callApi<LoginData & { mobile_hash: string }>(
      api,
      'POST',
      '/api/user/login',
      { platform: 0, source_id: 10001, website: 'test', ...body },
      device('d-login', headers),
    );

  it('logs a demo viewer in with the password and returns the user info', async () => {
    const res = await login({ account: '139 0000 0001', pwd: 'demo1234', login_type: 1 });
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({
      formatPhone: '139****0001',
      mobile: '139****0001',
      level: 5,
      gold: 1_000_000,
    });
    expect(res.data.token.length).toBeGreaterThanOrEqual(40);
    const info = await callApi<{ id: number; nick_name: string }>(
      api,
      'GET',
      '/api/user/getUserInfo',
      undefined,
      {
        authorization: `Bearer ${res.data.token}`,
      },
    );
    expect(info.data.id).toBe(res.data.id);
    const asset = await callApi<{ income: number; diamond: number }>(
      api,
      'GET',
      '/api/user/getUserAsset',
      undefined,
      {
        authorization: `Bearer ${res.data.token}`,
      },
    );
    expect(asset.data.diamond).toBe(10_000);
  });

  it('gives the same message for a wrong password and an unknown phone', async () => {
    const wrong = await login({ account: '13900000002', pwd: 'wrong123', login_type: 1 });
    const unknown = await login({ account: '13812345678', pwd: 'wrong123', login_type: 1 });
    expect(wrong).toMatchObject({ status: 1, msg: 'Wrong phone number or password' });
    expect(unknown.msg).toBe(wrong.msg);
  });

  it('locks password login for a phone after 5 failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++)
      await login({ account: '13900000004', pwd: `bad${i}aaa`, login_type: 1 });
    const locked = await login({ account: '13900000004', pwd: 'demo1234', login_type: 1 });
    expect(locked.msg).toMatch(/locked for 15 minutes/);
    const sessionsBefore = await t.rt.db.select().from(sessions);
    expect(sessionsBefore.every((s) => s.userId !== locked.data?.id)).toBe(true);
  });

  it('registers an unknown phone after a right code: 301 with a mobile_hash, then register', async () => {
    const mobile = '13811112222';
    const code = await requestCode(t, api, mobile, 'd-reg');
    const wrong = await login({
      account: mobile,
      pwd: code === '0000' ? '1111' : '0000',
      login_type: 2,
    });
    expect(wrong.msg).toBe('The verification code is wrong or has expired');
    const res = await login({ account: mobile, pwd: code, login_type: 2 });
    expect(res.status).toBe(301);
    expect(res.data.mobile_hash).toBeTruthy();
    expect(await userCount(t, mobile)).toBe(0);

    const reused = await login({ account: mobile, pwd: code, login_type: 2 });
    expect(reused.status).toBe(1);

    const forged = await callApi(
      api,
      'POST',
      '/webapi/user/register',
      { account: mobile, mobile_hash: 'forged' },
      device('d-reg'),
    );
    expect(forged.status).toBe(1);
    const otherPhone = await callApi(
      api,
      'POST',
      '/webapi/user/register',
      {
        account: '13811113333',
        mobile_hash: res.data.mobile_hash,
      },
      device('d-reg'),
    );
    expect(otherPhone.status).toBe(1);
    expect(await userCount(t, '13811113333')).toBe(0);

    const reg = await callApi<LoginData>(
      api,
      'POST',
      '/webapi/user/register',
      {
        account: mobile,
        mobile_hash: res.data.mobile_hash,
        platform: 0,
        pwd: '',
        sex: 0,
        anchor_id: 100003,
      },
      device('d-reg', { 'reg-source': 'PROMO' }),
    );
    expect(reg.status).toBe(0);
    expect(reg.data.formatPhone).toBe('138****2222');
    const [user] = await t.rt.db.select().from(users).where(eq(users.mobile, mobile));
    expect(user).toMatchObject({ regSource: 'PROMO', regAnchorId: 100003, role: 1 });
    expect(user!.nickName.length).toBeGreaterThanOrEqual(2);
    expect(user!.nickName.length).toBeLessThanOrEqual(8);

    const usedAgain = await callApi(
      api,
      'POST',
      '/webapi/user/register',
      { account: mobile, mobile_hash: res.data.mobile_hash },
      device('d-reg'),
    );
    expect(usedAgain.status).toBe(1);
  });

  it('refuses an expired mobile_hash and ignores unknown anchors for attribution', async () => {
    const mobile = '13811114444';
    const code = await requestCode(t, api, mobile, 'd-exp');
    const res = await login({ account: mobile, pwd: code, login_type: 2 });
    await t.rt.db
      .update(mobileHashes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mobileHashes.mobile, mobile));
    const late = await callApi(
      api,
      'POST',
      '/webapi/user/register',
      { account: mobile, mobile_hash: res.data.mobile_hash },
      device('d-exp'),
    );
    expect(late).toMatchObject({
      status: 1,
      msg: 'This verification has expired; please verify your phone again',
    });
    expect(await userCount(t, mobile)).toBe(0);
  });

  it('kills a code after 5 wrong tries', async () => {
    const mobile = '13900000005';
    const code = await requestCode(t, api, mobile, 'd-five');
    const wrongCode = code === '9999' ? '0000' : String(Number(code) + 1).padStart(4, '0');
    for (let i = 0; i < 5; i++) await login({ account: mobile, pwd: wrongCode, login_type: 2 });
    const right = await login({ account: mobile, pwd: code, login_type: 2 });
    expect(right.status).toBe(1);
  });

  it('limits login attempts per IP to 30 a minute', async () => {
    const own = createApi(t.rt);
    const attempt = () =>
      callApi(
        own,
        'POST',
        '/api/user/login',
        { account: '13811119876', pwd: 'wrong12', login_type: 1 },
        device('d-ip'),
      );
    for (let i = 0; i < 30; i++) expect((await attempt()).http).toBe(200);
    expect(await attempt()).toMatchObject({ http: 429, status: 1 });
  });

  it('logs an existing user in with a code', async () => {
    const code = await requestCode(t, api, '13900000003', 'd-code');
    const res = await login({ account: '13900000003', pwd: code, login_type: 2 });
    expect(res.status).toBe(0);
    expect(res.data.id).toBe(100003);
  });

  it('logout revokes the token', async () => {
    const res = await login({ account: '13900000002', pwd: 'demo1234', login_type: 1 });
    const auth = { authorization: `Bearer ${res.data.token}` };
    expect((await callApi(api, 'GET', '/api/user/getUserInfo', undefined, auth)).status).toBe(0);
    expect((await callApi(api, 'POST', '/api/user/logout', {}, auth)).status).toBe(0);
    expect((await callApi(api, 'GET', '/api/user/getUserInfo', undefined, auth)).status).toBe(2);
    expect((await callApi(api, 'GET', '/api/user/logout', undefined, auth)).status).toBe(0);
  });

  it('resets a password: code → mobile_hash → new password; every session ends', async () => {
    const mobile = '13900000001';
    const old = await login({ account: mobile, pwd: 'demo1234', login_type: 1 });
    const code = await requestCode(t, api, mobile, 'd-reset', true);
    expect(t.sms.at(-1)!.purpose).toBe('reset');
    const ready = await callApi<{ mobile_hash: string }>(
      api,
      'POST',
      '/api/user/readyForTakeOff',
      { mobile, smscode: code },
      device('d-reset'),
    );
    expect(ready.status).toBe(0);
    const weak = await callApi(
      api,
      'POST',
      '/api/user/forgetPwdHash',
      { mobile, mobile_hash: ready.data.mobile_hash, pwd: 'abc' },
      device('d-reset'),
    );
    expect(weak.msg).toBe('password length must be at least 6 characters');
    const done = await callApi(
      api,
      'POST',
      '/api/user/forgetPwdHash',
      { mobile, mobile_hash: ready.data.mobile_hash, pwd: 'newpass99' },
      device('d-reset'),
    );
    expect(done).toMatchObject({
      status: 0,
      msg: 'Password changed. Please log in with your new password.',
    });
    const oldSession = await callApi(api, 'GET', '/api/user/getUserInfo', undefined, {
      authorization: `Bearer ${old.data.token}`,
    });
    expect(oldSession.status).toBe(2);
    expect((await login({ account: mobile, pwd: 'demo1234', login_type: 1 })).status).toBe(1);
    expect((await login({ account: mobile, pwd: 'newpass99', login_type: 1 })).status).toBe(0);
    const replay = await callApi(
      api,
      'POST',
      '/api/user/forgetPwdHash',
      { mobile, mobile_hash: ready.data.mobile_hash, pwd: 'other999' },
      device('d-reset'),
    );
    expect(replay.status).toBe(1);
  });

  it('signs chat ids for users and guests; the hub can check them', async () => {
    const res = await login({ account: '13900000002', pwd: 'demo1234', login_type: 1 });
    const user = await callApi<{ id: string; sig: string }>(
      api,
      'GET',
      '/api/tencentIm/getUserSig',
      undefined,
      {
        authorization: `Bearer ${res.data.token}`,
        'device-info': 'dev-sig',
      },
    );
    expect(user.data.id).toBe(String(res.data.id));
    expect(verifyUserSig(t.rt.env.secret, user.data.id, user.data.sig)).toBe(true);
    expect(verifyUserSig(t.rt.env.secret, '100001', user.data.sig)).toBe(false);
    expect(
      verifyUserSig(t.rt.env.secret, user.data.id, user.data.sig, Date.now() + 25 * 3600_000),
    ).toBe(false);
    const guest = await callApi<{ id: string; sig: string }>(
      api,
      'GET',
      '/api/tencentIm/getUserSig',
      undefined,
      device('dev-sig'),
    );
    expect(guest.data.id).toMatch(/^guest_[0-9a-f]{16}$/);
    const again = await callApi<{ id: string }>(
      api,
      'GET',
      '/api/tencentIm/getUserSig',
      undefined,
      device('dev-sig'),
    );
    expect(again.data.id).toBe(guest.data.id);
    expect(verifyUserSig(t.rt.env.secret, guest.data.id, guest.data.sig)).toBe(true);
    const noDevice = await callApi(api, 'GET', '/api/tencentIm/getUserSig');
    expect(noDevice.status).toBe(1);
  });
});
