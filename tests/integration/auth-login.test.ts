/** Login by password and by SMS code: lockout, wrong tries, expiry, single use, per-IP limit. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures, sessions, smsCodes } from '../../src/server/db/schema.ts';
import { accountRows, bearer, login, otherCode, passCaptcha, requestCode } from './auth-helpers.ts';
import { apiSuite, callApi, DB_KINDS } from './helpers.ts';

describe.each(DB_KINDS)('login on %s', (kind) => {
  const { t, api } = apiSuite(kind, { CAPTCHA_TEST_SOLUTION: '1' });

  it('logs a demo viewer in with the password and returns a token and the user info', async () => {
    const res = await login(api, { account: '139 0000 0001', pwd: 'demo1234', login_type: 1 });
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({
      id: 100001,
      formatPhone: '139****0001',
      mobile: '139****0001',
      level: 5,
      gold: 1_000_000,
      diamond: 10_000,
    });
    expect(res.data.token.length).toBeGreaterThanOrEqual(40);
    const [session] = await t.rt.db.select().from(sessions).where(eq(sessions.userId, 100001));
    expect(session?.tokenHash).not.toBe(res.data.token);
    const info = await callApi<{ id: number }>(
      api,
      'GET',
      '/api/user/getUserInfo',
      undefined,
      bearer(res.data.token),
    );
    expect(info.data.id).toBe(100001);
  });

  it('gives the same message for a wrong password and an unknown phone, and no session', async () => {
    const before = await accountRows(t);
    const wrong = await login(api, { account: '13900000002', pwd: 'wrong123', login_type: 1 });
    const unknown = await login(api, { account: '13812345678', pwd: 'wrong123', login_type: 1 });
    expect(wrong).toMatchObject({ status: 1, msg: 'Wrong phone number or password', data: null });
    expect(unknown).toEqual(wrong);
    const zh = await login(
      api,
      { account: '13812345678', pwd: 'wrong123', login_type: 1 },
      'd-login',
      { lang: 'zh_cn' },
    );
    expect(zh.msg).toBe('手机号或密码错误');
    expect(await accountRows(t)).toEqual(before);
  });

  it('checks the spec rules before anything else', async () => {
    const short = await login(api, { account: '13900000002', pwd: 'ab1', login_type: 1 });
    expect(short.msg).toBe('password length must be at least 6 characters');
    const letters = await login(api, { account: '13900000002', pwd: 'abcdefg', login_type: 1 });
    expect(letters.msg).toBe('your password must contain letters and numbers');
    const noCode = await login(api, { account: '13900000002', pwd: '', login_type: 2 });
    expect(noCode.msg).toBe('verification code must be filled');
  });

  it('asks for the slider before each try after 5 failures, and never locks the owner out', async () => {
    const mobile = '13900000004';
    for (let i = 0; i < 5; i++) {
      const res = await login(api, { account: mobile, pwd: `bad${i}aaa`, login_type: 1 });
      expect(res.msg).toBe('Wrong phone number or password');
    }
    const before = await accountRows(t);
    const guarded = await login(api, { account: mobile, pwd: 'demo1234', login_type: 1 });
    expect(guarded).toMatchObject({ status: 1, data: null });
    expect(guarded.msg).toMatch(/pass the slider again/);
    expect(await accountRows(t)).toEqual(before);
    // Unknown phones answer the same way.
    for (let i = 0; i < 5; i++)
      await login(api, { account: '13811110404', pwd: `bad${i}aaa`, login_type: 1 });
    const unknown = await login(api, { account: '13811110404', pwd: 'demo1234', login_type: 1 });
    expect(unknown.msg).toBe(guarded.msg);
    // A slider pass buys one try: a wrong password spends it, the next try needs another.
    await passCaptcha(api, 'd-owner');
    const wrong = await login(api, { account: mobile, pwd: 'bad9aaa', login_type: 1 }, 'd-owner');
    expect(wrong.msg).toBe('Wrong phone number or password');
    const again = await login(api, { account: mobile, pwd: 'demo1234', login_type: 1 }, 'd-owner');
    expect(again.msg).toBe(guarded.msg);
    // The owner, past the slider, logs in with the right password at once.
    await passCaptcha(api, 'd-owner');
    const owner = await login(api, { account: mobile, pwd: 'demo1234', login_type: 1 }, 'd-owner');
    expect(owner.status).toBe(0);
    for (let i = 0; i < 5; i++)
      await login(api, { account: mobile, pwd: `bad${i}aaa`, login_type: 1 });

    // 16 minutes later the failures no longer count.
    await t.rt.db
      .update(loginFailures)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginFailures.mobile, mobile));
    const later = await login(api, { account: mobile, pwd: 'demo1234', login_type: 1 });
    expect(later.status).toBe(0);
    expect(
      await t.rt.db.select().from(loginFailures).where(eq(loginFailures.mobile, mobile)),
    ).toHaveLength(0);
  });

  it('does not lock for 5 failures spread over more than 15 minutes', async () => {
    const mobile = '13900000003';
    const old = new Date(Date.now() - 20 * 60_000);
    await t.rt.db
      .insert(loginFailures)
      .values([0, 1, 2, 3].map(() => ({ mobile, createdAt: old })));
    await login(api, { account: mobile, pwd: 'wrong999', login_type: 1 });
    expect((await login(api, { account: mobile, pwd: 'demo1234', login_type: 1 })).status).toBe(0);
  });

  it('checks at most 5 passwords of a phone when many arrive at once', async () => {
    const mobile = '13900000005';
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        login(api, { account: mobile, pwd: `wrong${i}a`, login_type: 1 }),
      ),
    );
    const checked = results.filter((r) => r.msg === 'Wrong phone number or password');
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(results.every((r) => r.status === 1)).toBe(true);
    const right = await login(api, { account: mobile, pwd: 'demo1234', login_type: 1 });
    expect(right.msg).toMatch(/slider/);
  });

  it('logs an existing user in with a code, once', async () => {
    const code = await requestCode(t, api, '13900000003', 'd-code');
    const res = await login(api, { account: '13900000003', pwd: code, login_type: 2 });
    expect(res.status).toBe(0);
    expect(res.data.id).toBe(100003);
    const again = await login(api, { account: '13900000003', pwd: code, login_type: 2 });
    expect(again).toMatchObject({
      status: 1,
      msg: 'The verification code is wrong or has expired',
    });
  });

  it('kills a code after 5 wrong tries', async () => {
    const mobile = '13900000001';
    const code = await requestCode(t, api, mobile, 'd-five');
    for (let i = 0; i < 5; i++) {
      const res = await login(api, { account: mobile, pwd: otherCode(code), login_type: 2 });
      expect(res.msg).toBe('The verification code is wrong or has expired');
    }
    const before = await accountRows(t);
    expect((await login(api, { account: mobile, pwd: code, login_type: 2 })).status).toBe(1);
    expect(await accountRows(t)).toEqual(before);
  });

  it('gives a code at most 5 tries when guesses arrive at once', async () => {
    const mobile = '13900000002';
    const code = await requestCode(t, api, mobile, 'd-burst');
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 10_000).padStart(4, '0'),
    );
    await Promise.all(guesses.map((pwd) => login(api, { account: mobile, pwd, login_type: 2 })));
    const [row] = await t.rt.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(row?.attempts).toBe(5);
    expect((await login(api, { account: mobile, pwd: code, login_type: 2 })).status).toBe(1);
  });

  it('refuses a code after 5 minutes, and an older code once a newer one was sent', async () => {
    const mobile = '13811110505';
    const first = await requestCode(t, api, mobile, 'd-old');
    await t.rt.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.mobile, mobile));
    const second = await requestCode(t, api, mobile, 'd-old');
    if (first !== second) {
      expect((await login(api, { account: mobile, pwd: first, login_type: 2 })).status).toBe(1);
    }
    await t.rt.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.mobile, mobile));
    const late = await login(api, { account: mobile, pwd: second, login_type: 2 });
    expect(late).toMatchObject({ status: 1, msg: 'The verification code is wrong or has expired' });
  });

  it('limits login attempts per IP to 30 a minute', async () => {
    const attempt = () =>
      login(api, { account: '13811119876', pwd: 'wrong12', login_type: 1 }, 'd-ip');
    for (let i = 0; i < 30; i++) expect((await attempt()).http).toBe(200);
    expect(await attempt()).toMatchObject({ http: 429, status: 1 });
  });
});
