/**
 * Abuse: a stranger must not be able to shut a person out. No SMS code goes out without the
 * slider; codes an account asks for somebody else's phone have their own quota and never spend
 * the owner's login codes, and anonymous ones never spend the codes of the owner's own devices,
 * nor from one address the codes the owner needs on a new device;
 * wrong passwords by a stranger ask for the slider, never lock; phones tried once leave no rows.
 */
import { count, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/sessions.ts';
import { checkCodeLimits, CODE_RULES, issueCode } from '../../src/server/auth/codes.ts';
import { loginFailures, smsCodes } from '../../src/server/db/schema.ts';
import type { ApiError } from '../../src/server/http/envelope.ts';
import { addressKey } from '../../src/server/http/connection-limits.ts';
import { consoleSms } from '../../src/server/sms/index.ts';
import { device, login, passCaptcha, requestCode } from './auth-helpers.ts';
import { apiSuite, callApi, DB_KINDS, userIdByMobile, usersWithWallets } from './helpers.ts';

const VICTIM = '13900000001';
/** The stranger's texts go nowhere: the test reads the owner's from the runtime's provider. */
const nullSms = consoleSms(() => {});

describe.each(DB_KINDS)('a stranger against somebody else’s phone (%s)', (kind) => {
  const { t, api } = apiSuite(kind, { CAPTCHA_TEST_SOLUTION: '1' });

  /** Lets the next code go out at once (codes are a minute apart): ages the phone's codes. */
  const minuteLater = () =>
    t.rt.db.execute(`update sms_codes set created_at = created_at - interval '61 seconds'`);

  /** Resets the victim's password (to the same one) with a reset code: the way back in works. */
  const resetPassword = async (code: string) => {
    const verified = await callApi<{ mobile_hash: string }>(
      api,
      'POST',
      '/api/user/readyForTakeOff',
      { mobile: VICTIM, smscode: code },
      device('d-victim'),
    );
    expect(verified.status).toBe(0);
    const reset = await callApi(
      api,
      'POST',
      '/api/user/forgetPwdHash',
      { mobile: VICTIM, mobile_hash: verified.data.mobile_hash, pwd: 'demo1234' },
      device('d-victim'),
    );
    expect(reset.status).toBe(0);
  };

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
    await minuteLater();
    await resetPassword(await requestCode(t, api, VICTIM, 'd-victim', true));
    // A stranger's quota is the stranger's: another phone still gets a code from the third.
    await passCaptcha(api, 'd-third');
    expect((await applyCode(third!, '13900000002', 'd-third')).status).toBe(0);
  });

  it('cannot spend the codes of the owner’s own devices anonymously either', async () => {
    await t.rt.db.execute(`update sms_codes set created_at = created_at - interval '25 hours'`);
    const owner = await userIdByMobile(t.rt.db, VICTIM);
    // The owner has logged in on this browser before (its device id is random and private).
    await createSession(t.rt.db, owner, 'd-owner-browser');
    // A stranger passes the slider and spends this address's anonymous login and reset codes.
    for (let i = 0; i < 2 * CODE_RULES.anonymousPerAddressPerDay; i++) {
      await requestCode(t, api, VICTIM, 'd-stranger-anon', i % 2 === 1);
      await minuteLater();
    }
    await passCaptcha(api, 'd-stranger-anon');
    const spent = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: VICTIM, is_change_mobile: 0 },
      device('d-stranger-anon'),
    );
    expect(spent.http).toBe(429);
    expect(spent.msg).toMatch(/^Number limit reached/);
    // The owner's browser still gets login and reset codes: its quota is the owner's alone.
    const code = await requestCode(t, api, VICTIM, 'd-owner-browser');
    const loggedIn = await login(
      api,
      { account: VICTIM, pwd: code, login_type: 2 },
      'd-owner-browser',
    );
    expect(loggedIn.status).toBe(0);
    // Logged in, on any browser, the owner asks as the owner too.
    await minuteLater();
    await passCaptcha(api, 'd-owner-new');
    const asOwner = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: VICTIM, is_change_mobile: 0 },
      { ...device('d-owner-new'), authorization: `Bearer ${loggedIn.data.token}` },
    );
    expect(asOwner.status).toBe(0);
    await resetPassword(await requestCode(t, api, VICTIM, 'd-owner-browser', true));
  });

  it('slows the owner on a new device but cannot lock them out from one address', async () => {
    await t.rt.db.execute(`update sms_codes set created_at = created_at - interval '25 hours'`);
    const stranger = addressKey('198.51.100.7');
    const input = { mobile: VICTIM, ip: stranger, deliver: true, secret: 'x', sms: nullSms };
    // Five rounds of anonymous login and reset codes from the stranger's address.
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      for (const purpose of ['login', 'reset'] as const) {
        try {
          await checkCodeLimits(t.rt.db, VICTIM, purpose, stranger);
          await issueCode(t.rt.db, { ...input, purpose });
          outcomes.push('sent');
        } catch (error) {
          outcomes.push((error as ApiError).key);
        }
        await minuteLater();
      }
    }
    const share = CODE_RULES.anonymousPerAddressPerDay;
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(2 * share);
    expect(outcomes.slice(2 * share).every((o) => o === 'account.api.codeDailyLimit')).toBe(true);
    // The owner on a browser never used before, at another address: login and reset codes.
    const code = await requestCode(t, api, VICTIM, 'd-owner-new-device');
    const loggedIn = await login(
      api,
      { account: VICTIM, pwd: code, login_type: 2 },
      'd-owner-new-device-2',
    );
    expect(loggedIn.status).toBe(0);
    await minuteLater();
    await resetPassword(await requestCode(t, api, VICTIM, 'd-owner-other-device', true));
  });

  it('keeps nothing for long about phones tried once and never again', async () => {
    // From empty tables, so the oldest rows are this test's own.
    await t.rt.db.delete(loginFailures);
    await t.rt.db.delete(smsCodes);
    for (let i = 0; i < 20; i++) {
      await login(api, {
        account: `1366600${String(i).padStart(4, '0')}`,
        pwd: 'guess1x',
        login_type: 1,
      });
    }
    await t.rt.db.execute(
      `update login_failures set created_at = created_at - interval '16 minutes'`,
    );
    for (let i = 0; i < 3; i++) await requestCode(t, api, `1366700000${i}`, 'd-sweep');
    await t.rt.db.execute(`update sms_codes set created_at = created_at - interval '3 days'`);
    // Later tries on other phones take the expired rows with them, a few at a time.
    for (let i = 0; i < 6; i++) {
      await login(api, { account: '13666999999', pwd: `guess${i}x`, login_type: 1 }, 'd-sweeper');
    }
    await requestCode(t, api, '13667999999', 'd-sweep');
    const failures = await t.rt.db
      .select({ n: count() })
      .from(loginFailures)
      .where(like(loginFailures.mobile, '1366600%'));
    const codes = await t.rt.db
      .select({ n: count() })
      .from(smsCodes)
      .where(like(smsCodes.mobile, '136670000%'));
    expect([failures[0]?.n, codes[0]?.n]).toEqual([0, 0]);
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
