/** Forgot password, logout, the user info of spec §3 and chat signatures. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueMobileHash } from '../../src/server/auth/codes.ts';
import { verifyUserSig } from '../../src/server/auth/usersig.ts';
import { sessions, users, wallets } from '../../src/server/db/schema.ts';
import { bearer, device, login, otherCode, passCaptcha, requestCode } from './auth-helpers.ts';
import { apiSuite, callApi, DB_KINDS } from './helpers.ts';

describe.each(DB_KINDS)('account calls on %s', (kind) => {
  const { t, api } = apiSuite(kind, { CAPTCHA_TEST_SOLUTION: '1' });

  const ready = (mobile: string, smscode: string) =>
    callApi<{ mobile_hash: string }>(
      api,
      'POST',
      '/api/user/readyForTakeOff',
      { mobile, smscode },
      device('d-reset'),
    );
  const setPassword = (mobile: string, mobile_hash: string, pwd: string) =>
    callApi(
      api,
      'POST',
      '/api/user/forgetPwdHash',
      { mobile, mobile_hash, pwd },
      device('d-reset'),
    );
  const passwordHash = async (mobile: string) =>
    (await t.rt.db.select().from(users).where(eq(users.mobile, mobile)))[0]?.passwordHash;

  it('resets a password: code → mobile_hash → new password; every session ends', async () => {
    const mobile = '13900000001';
    const first = await login(api, { account: mobile, pwd: 'demo1234', login_type: 1 });
    const second = await login(api, { account: mobile, pwd: 'demo1234', login_type: 1 }, 'd-2');
    const code = await requestCode(t, api, mobile, 'd-reset', true);
    expect(t.sms.at(-1)!.purpose).toBe('reset');
    // A reset code does not log in.
    expect((await login(api, { account: mobile, pwd: code, login_type: 2 })).status).toBe(1);
    const proof = await ready(mobile, code);
    expect(proof.status).toBe(0);
    expect(proof.data.mobile_hash).toMatch(/^[\w-]{30,}$/);

    const oldHash = await passwordHash(mobile);
    const weak = await setPassword(mobile, proof.data.mobile_hash, 'abc');
    expect(weak.msg).toBe('password length must be at least 6 characters');
    const long = await setPassword(mobile, proof.data.mobile_hash, 'abcdef1234567');
    expect(long.msg).toBe('password length must be up to 12 characters');
    const otherPhone = await setPassword('13900000002', proof.data.mobile_hash, 'newpass99');
    expect(otherPhone.status).toBe(1);
    expect(await passwordHash(mobile)).toBe(oldHash);

    const done = await setPassword(mobile, proof.data.mobile_hash, 'newpass99');
    expect(done).toEqual({
      http: 200,
      status: 0,
      msg: 'Password changed. Please log in with your new password.',
      data: null,
    });
    for (const token of [first.data.token, second.data.token]) {
      const res = await callApi(api, 'GET', '/api/user/getUserInfo', undefined, bearer(token));
      expect(res.status).toBe(2);
    }
    expect((await login(api, { account: mobile, pwd: 'demo1234', login_type: 1 })).status).toBe(1);
    expect((await login(api, { account: mobile, pwd: 'newpass99', login_type: 1 })).status).toBe(0);
    const replay = await setPassword(mobile, proof.data.mobile_hash, 'other999');
    expect(replay.status).toBe(1);
  });

  it('answers a reset for an unknown phone like a real one but sends nothing', async () => {
    const mobile = '13811119999';
    const sent = t.sms.length;
    await passCaptcha(api, 'd-ghost');
    const res = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile, is_change_mobile: 1 },
      device('d-ghost'),
    );
    expect(res).toEqual({ http: 200, status: 0, msg: 'SUCCESS', data: null });
    expect(t.sms.length).toBe(sent);
    const guess = await ready(mobile, '1234');
    expect(guess).toMatchObject({
      status: 1,
      msg: 'The verification code is wrong or has expired',
      data: null,
    });
    // Even a reset proof for it changes nothing: there is no account to change.
    const proof = await issueMobileHash(t.rt.db, mobile, 'reset');
    expect((await setPassword(mobile, proof, 'newpass99')).status).toBe(1);
    expect(await t.rt.db.select().from(users).where(eq(users.mobile, mobile))).toHaveLength(0);
  });

  it('kills a reset code after 5 wrong tries; a login proof cannot reset', async () => {
    const mobile = '13900000004';
    const code = await requestCode(t, api, mobile, 'd-reset5', true);
    for (let i = 0; i < 5; i++) expect((await ready(mobile, otherCode(code))).status).toBe(1);
    expect((await ready(mobile, code)).status).toBe(1);
    const registerProof = await issueMobileHash(t.rt.db, mobile, 'register');
    const before = await passwordHash(mobile);
    expect((await setPassword(mobile, registerProof, 'newpass99')).status).toBe(1);
    expect(await passwordHash(mobile)).toBe(before);
  });

  it('logout revokes the token; logging out twice or without a token is fine', async () => {
    const res = await login(api, { account: '13900000002', pwd: 'demo1234', login_type: 1 });
    const auth = bearer(res.data.token);
    expect((await callApi(api, 'GET', '/api/user/getUserInfo', undefined, auth)).status).toBe(0);
    expect(await callApi(api, 'POST', '/api/user/logout', {}, auth)).toMatchObject({
      status: 0,
      data: null,
    });
    const after = await callApi(api, 'GET', '/api/user/getUserInfo', undefined, auth);
    expect(after).toMatchObject({ status: 2, data: null });
    expect((await callApi(api, 'GET', '/api/user/getUserAsset', undefined, auth)).status).toBe(2);
    expect((await callApi(api, 'GET', '/api/user/logout', undefined, auth)).status).toBe(0);
    expect((await callApi(api, 'GET', '/api/user/logout')).status).toBe(0);
    const [session] = await t.rt.db.select().from(sessions).where(eq(sessions.userId, res.data.id));
    expect(session?.revokedAt).toBeInstanceOf(Date);
  });

  it('returns the user info of spec §3: masked phone, level, VIP, wallet', async () => {
    const res = await login(api, { account: '13900000002', pwd: 'demo1234', login_type: 1 });
    const auth = bearer(res.data.token);
    const info = await callApi<Record<string, unknown>>(
      api,
      'GET',
      '/api/user/getUserInfo',
      undefined,
      auth,
    );
    expect(Object.keys(info.data).sort()).toEqual(
      [
        'avatar',
        'diamond',
        'formatPhone',
        'gold',
        'id',
        'income',
        'level',
        'mobile',
        'nick_name',
        'process',
        'remainder',
        'role',
        'vip_level',
      ].sort(),
    );
    // exp 23 600: level 15 (22 500), 1 100 into it, 2 000 to level 16 (25 600).
    expect(info.data).toMatchObject({
      id: 100002,
      mobile: '139****0002',
      formatPhone: '139****0002',
      level: 15,
      process: 1100,
      remainder: 2000,
      vip_level: 3,
      gold: 500_000,
      diamond: 5_000,
      role: 1,
    });
    await t.rt.db
      .update(users)
      .set({ vipExpiresAt: new Date(Date.now() - 1000), exp: 100 * 22 * 22 + 7 })
      .where(eq(users.id, 100002));
    await t.rt.db.update(wallets).set({ gold: 123 }).where(eq(wallets.userId, 100002));
    const asset = await callApi<Record<string, unknown>>(
      api,
      'GET',
      '/api/user/getUserAsset',
      undefined,
      auth,
    );
    expect(asset.data).toMatchObject({
      vip_level: 0,
      level: 22,
      process: 7,
      remainder: 0,
      gold: 123,
    });
    expect((await callApi(api, 'GET', '/api/user/getUserInfo')).status).toBe(2);
  });

  it('signs chat ids for users and guests; the hub can check them', async () => {
    const res = await login(api, { account: '13900000003', pwd: 'demo1234', login_type: 1 });
    const user = await callApi<{ id: string; sig: string }>(
      api,
      'GET',
      '/api/tencentIm/getUserSig',
      undefined,
      { ...bearer(res.data.token), 'device-info': 'dev-sig' },
    );
    expect(user.data.id).toBe('100003');
    const { secret } = t.rt.env;
    expect(verifyUserSig(secret, user.data.id, user.data.sig)).toBe(true);
    expect(verifyUserSig(secret, '100001', user.data.sig)).toBe(false);
    expect(verifyUserSig(secret, user.data.id, user.data.sig, Date.now() + 25 * 3600_000)).toBe(
      false,
    );
    const [expires] = user.data.sig.split('.');
    expect(Number(expires) - Date.now() / 1000).toBeGreaterThan(24 * 3600 - 60);

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
    const other = await callApi<{ id: string }>(
      api,
      'GET',
      '/api/tencentIm/getUserSig',
      undefined,
      device('dev-sig-2'),
    );
    expect(other.data.id).not.toBe(guest.data.id);
    expect(verifyUserSig(secret, guest.data.id, guest.data.sig)).toBe(true);
    expect(verifyUserSig(secret, other.data.id, guest.data.sig)).toBe(false);
    expect((await callApi(api, 'GET', '/api/tencentIm/getUserSig')).status).toBe(1);
  });
});
