/**
 * Abuse: a stranger must not be able to shut a person out. No SMS code goes out without the
 * slider; codes an account asks for somebody else's phone have their own quota and never spend
 * the owner's login codes; wrong passwords by a stranger ask for the slider, never lock.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions.ts';
import { CODE_RULES } from '../../src/server/auth/codes.ts';
import { device, login, passCaptcha, requestCode } from './auth-helpers.ts';
import { apiSuite, callApi, DB_KINDS, usersWithWallets } from './helpers.ts';

const VICTIM = '13900000001';

describe.each(DB_KINDS)('a stranger against somebody else’s phone (%s)', (kind) => {
  const { t, api } = apiSuite(kind, { CAPTCHA_TEST_SOLUTION: '1' });

  /** Lets the next code go out at once (codes are a minute apart): ages the phone's codes. */
  const minuteLater = () =>
    t.rt.db.execute(`update sms_codes set created_at = created_at - interval '61 seconds'`);

  /** Asks an anchor-application code for `mobile` as the account of `token`. */
  const applyCode = (token: string, mobile: string, dev: string) =>
    callApi(
      api,
      'POST',
      '/api/user/anchor_apply_code',
      { mobile },
      { authorization: `Bearer ${token}`, ...device(dev) },
    );

  it('sends no code without the slider, logged in or not', async () => {
    const [stranger] = await usersWithWallets(t.rt.db, '1377000', 1);
    const token = await createSession(t.rt.db, stranger!, 'test');
    const sent = t.sms.length;
    const refused = await applyCode(token, VICTIM, 'd-stranger');
    expect(refused.msg).toBe('Please complete the slider verification first');
    const anonymous = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: VICTIM, is_change_mobile: 0 },
      device('d-anon'),
    );
    expect(anonymous.msg).toBe('Please complete the slider verification first');
    expect(t.sms.length).toBe(sent);
  });

  it('gives codes for other people’s phones their own quota, never the owner’s', async () => {
    const strangers = await usersWithWallets(t.rt.db, '1377100', 3);
    const [first, second, third] = await Promise.all(
      strangers.map((id) => createSession(t.rt.db, id, 'test')),
    );
    // One account: five codes for the victim's phone, then its quota for other phones is spent.
    for (let i = 0; i < CODE_RULES.perAccountForOthersPerDay; i++) {
      await passCaptcha(api, 'd-first');
      expect((await applyCode(first!, VICTIM, 'd-first')).status).toBe(0);
      await minuteLater();
    }
    await passCaptcha(api, 'd-first');
    expect((await applyCode(first!, VICTIM, 'd-first')).http).toBe(429);
    // The phone itself takes no more codes from other accounts that day either.
    await passCaptcha(api, 'd-second');
    expect((await applyCode(second!, VICTIM, 'd-second')).http).toBe(429);
    // Its owner's login and reset codes are untouched: ten a day, as before.
    for (let i = 0; i < 5; i++) {
      await requestCode(t, api, VICTIM, 'd-victim', i % 2 === 1);
      await minuteLater();
    }
    const code = await requestCode(t, api, VICTIM, 'd-victim');
    expect((await login(api, { account: VICTIM, pwd: code, login_type: 2 })).status).toBe(0);
    // A stranger's quota is the stranger's: another phone still gets a code from the third.
    await passCaptcha(api, 'd-third');
    expect((await applyCode(third!, '13900000002', 'd-third')).status).toBe(0);
  });

  it('cannot lock the owner out with wrong passwords', async () => {
    for (let i = 0; i < 20; i++) {
      await login(api, { account: VICTIM, pwd: `guess${i}x`, login_type: 1 }, `d-attacker-${i}`);
    }
    // The owner's browser passes the slider before a password login, and gets in.
    await passCaptcha(api, 'd-owner');
    const owner = await login(api, { account: VICTIM, pwd: 'demo1234', login_type: 1 }, 'd-owner');
    expect(owner.status).toBe(0);
    // Without a slider pass, past five failures, nobody gets another guess.
    for (let i = 0; i < 6; i++) {
      await login(api, { account: VICTIM, pwd: `guess${i}y`, login_type: 1 }, 'd-attacker');
    }
    const guess = await login(api, { account: VICTIM, pwd: 'demo1234', login_type: 1 }, 'd-x');
    expect(guess.msg).toMatch(/pass the slider again/);
  });
});
