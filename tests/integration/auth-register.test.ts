/** Automatic registration after a right code: 301, mobile_hash proofs, attribution, refusals. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueMobileHash } from '../../src/server/auth/codes.ts';
import { mobileHashes, smsCodes, users, wallets } from '../../src/server/db/schema.ts';
import {
  accountRows,
  device,
  login,
  otherCode,
  requestCode,
  type LoginData,
} from './auth-helpers.ts';
import { apiSuite, callApi, DB_KINDS } from './helpers.ts';

describe.each(DB_KINDS)('registration on %s', (kind) => {
  const { t, api } = apiSuite(kind, {
    CAPTCHA_TEST_SOLUTION: '1',
    REG_SOURCE_HOSTS: 'promo.example=PROMO',
  });

  const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    callApi<LoginData>(
      api,
      'POST',
      '/webapi/user/register',
      {
        platform: 0,
        pwd: '',
        sex: 0,
        device_info: 'd-reg',
        reg_source_id: '',
        website: 'test',
        anchor_id: 0,
        ...body,
      },
      device('d-reg', headers),
    );

  /** A right login code for a new phone: the 301 and its mobile_hash. */
  async function verifiedNewPhone(mobile: string): Promise<string> {
    const code = await requestCode(t, api, mobile, `d-${mobile}`);
    const res = await login(api, { account: mobile, pwd: code, login_type: 2 });
    expect(res).toMatchObject({ status: 301 });
    return res.data.mobile_hash;
  }

  const userOf = async (mobile: string) =>
    (await t.rt.db.select().from(users).where(eq(users.mobile, mobile)))[0];

  it('answers 301 with a mobile_hash, then registers with the channel header and room', async () => {
    const mobile = '13811112222';
    const code = await requestCode(t, api, mobile, 'd-reg');
    const wrong = await login(api, { account: mobile, pwd: otherCode(code), login_type: 2 });
    expect(wrong).toMatchObject({
      status: 1,
      msg: 'The verification code is wrong or has expired',
    });
    const before = await accountRows(t);
    const res = await login(api, { account: mobile, pwd: code, login_type: 2 });
    expect(res.status).toBe(301);
    expect(res.data.mobile_hash).toMatch(/^[\w-]{30,}$/);
    expect(await accountRows(t)).toEqual(before);
    const [stored] = await t.rt.db
      .select()
      .from(mobileHashes)
      .where(eq(mobileHashes.mobile, mobile));
    expect(stored?.hash).not.toBe(res.data.mobile_hash);

    const reg = await register(
      { account: mobile, mobile_hash: res.data.mobile_hash, anchor_id: 100003 },
      { 'reg-source': 'PARTNER' },
    );
    expect(reg.status).toBe(0);
    expect(reg.data).toMatchObject({
      formatPhone: '138****2222',
      mobile: '138****2222',
      avatar: '/avatar-default.webp',
      level: 0,
      gold: 0,
      diamond: 0,
      vip_level: 0,
      role: 1,
    });
    expect(reg.data.token.length).toBeGreaterThanOrEqual(40);
    expect(reg.data.nick_name).toMatch(/^Fan\d{4}$/);
    const user = await userOf(mobile);
    expect(user).toMatchObject({
      id: reg.data.id,
      regSource: 'PARTNER',
      regAnchorId: 100003,
      role: 1,
    });
    const [wallet] = await t.rt.db.select().from(wallets).where(eq(wallets.userId, reg.data.id));
    expect(wallet).toMatchObject({ gold: 0, diamond: 0, income: 0 });
    const info = await callApi(api, 'GET', '/api/user/getUserInfo', undefined, {
      authorization: `Bearer ${reg.data.token}`,
    });
    expect(info.status).toBe(0);

    // The proof is spent.
    const rows = await accountRows(t);
    const usedAgain = await register({ account: mobile, mobile_hash: res.data.mobile_hash });
    expect(usedAgain.status).toBe(1);
    expect(await accountRows(t)).toEqual(rows);
    // Now the phone has an account: a new code (a minute later) logs in instead of answering 301.
    await t.rt.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.mobile, mobile));
    const next = await requestCode(t, api, mobile, 'd-reg');
    expect((await login(api, { account: mobile, pwd: next, login_type: 2 })).status).toBe(0);
  });

  it('attributes by host when the header is absent or the default, else OFFICIAL', async () => {
    const byHost = await register(
      { account: '13811112001', mobile_hash: await verifiedNewPhone('13811112001') },
      { host: 'promo.example:4321', 'reg-source': 'OFFICIAL' },
    );
    expect(byHost.status).toBe(0);
    expect((await userOf('13811112001'))?.regSource).toBe('PROMO');

    const junk = await register(
      {
        account: '13811112002',
        mobile_hash: await verifiedNewPhone('13811112002'),
        reg_source_id: 'FROMBODY',
        anchor_id: 100001,
      },
      { host: 'other.example', 'reg-source': 'bad source!' },
    );
    expect(junk.status).toBe(0);
    // 100001 is a viewer, not an anchor's room: no room attribution.
    expect(await userOf('13811112002')).toMatchObject({ regSource: 'OFFICIAL', regAnchorId: null });

    const noRoom = await register({
      account: '13811112003',
      mobile_hash: await verifiedNewPhone('13811112003'),
      anchor_id: 999_999,
    });
    expect(noRoom.status).toBe(0);
    expect(await userOf('13811112003')).toMatchObject({ regSource: 'OFFICIAL', regAnchorId: null });
  });

  it('refuses forged, expired and other-phone proofs without creating anything', async () => {
    const mobile = '13811114444';
    const hash = await verifiedNewPhone(mobile);
    const before = await accountRows(t);

    const forged = await register({ account: mobile, mobile_hash: 'forged-proof-0000000000' });
    expect(forged).toMatchObject({
      status: 1,
      msg: 'This verification has expired; please verify your phone again',
    });
    const otherPhone = await register({ account: '13811113333', mobile_hash: hash });
    expect(otherPhone.msg).toBe(forged.msg);
    await t.rt.db
      .update(mobileHashes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mobileHashes.mobile, mobile));
    const late = await register({ account: mobile, mobile_hash: hash });
    expect(late.msg).toBe(forged.msg);
    const missing = await register({ account: mobile, mobile_hash: '' });
    expect(missing.status).toBe(1);

    expect(await accountRows(t)).toEqual(before);
    expect(await userOf(mobile)).toBeUndefined();
    expect(await userOf('13811113333')).toBeUndefined();
  });

  it('a reset proof cannot register', async () => {
    const mobile = '13811116666';
    const resetHash = await issueMobileHash(t.rt.db, mobile, 'reset');
    const res = await register({ account: mobile, mobile_hash: resetHash });
    expect(res.status).toBe(1);
    expect(await userOf(mobile)).toBeUndefined();
  });

  it('refuses a registered phone without telling a forger that it is registered', async () => {
    const before = await accountRows(t);
    const unknown = await register({ account: '13811117777', mobile_hash: 'forged-proof-1' });
    const known = await register({ account: '13900000001', mobile_hash: 'forged-proof-1' });
    expect(known).toEqual(unknown);
    // With a valid proof (a registration that raced another), the answer says so.
    const proof = await issueMobileHash(t.rt.db, '13900000001', 'register');
    const taken = await register({ account: '13900000001', mobile_hash: proof });
    expect(taken).toMatchObject({
      status: 1,
      msg: 'This number already has an account; please log in',
    });
    expect(await accountRows(t)).toEqual(before);
  });
});
