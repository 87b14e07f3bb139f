/**
 * Tencent Cloud Chat as the chat provider (IM_PROVIDER=tencent): the common config tells the
 * browser the SDKAppID whatever app_config holds, and getUserSig answers a Tencent UserSig for the
 * same id beside the hub's signature. The built-in hub keeps answering as before.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CommonConfigResponse } from '../../src/lib/common-config.ts';
import { verifyTencentUserSig } from '../../src/server/auth/tencent-usersig.ts';
import { verifyUserSig } from '../../src/server/auth/usersig.ts';
import { appConfig } from '../../src/server/db/schema.ts';
import { bearer, device, login } from './auth-helpers.ts';
import { apiSuite, callApi, type ApiSuite } from './helpers.ts';

const TENCENT = {
  IM_PROVIDER: 'tencent',
  TENCENT_IM_SDKAPPID: '1400000001',
  TENCENT_IM_SECRET: '5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e',
};

/** What getUserSig answers. */
interface SigAnswer {
  id: string;
  sig: string;
  hub_sig?: string;
}

/** The im_sdkappid getCommonConfig answers after app_config's row is set to 777. */
async function appIdWithRow({ t, api }: ApiSuite): Promise<number> {
  const rows = await t.rt.db
    .update(appConfig)
    .set({ value: 777 })
    .where(eq(appConfig.key, 'im_sdkappid'))
    .returning();
  expect(rows).toHaveLength(1);
  const res = await callApi<CommonConfigResponse>(api, 'POST', '/api/config/getCommonConfig');
  return res.data.config.im_sdkappid;
}

describe('chat provider: built-in hub (default)', () => {
  const suite = apiSuite('pglite');

  it('answers im_sdkappid 0 and the hub signature alone', async () => {
    expect(await appIdWithRow(suite)).toBe(0);
    const guest = await callApi<SigAnswer>(
      suite.api,
      'GET',
      '/api/tencentIm/getUserSig',
      undefined,
      device('dev-tim'),
    );
    expect(Object.keys(guest.data).sort()).toEqual(['id', 'sig']);
    expect(verifyUserSig(suite.t.rt.env.secret, guest.data.id, guest.data.sig)).toBe(true);
  });
});

describe('chat provider: Tencent Cloud Chat', () => {
  const suite = apiSuite('pglite', TENCENT);
  const app = { sdkAppId: 1400000001, secret: TENCENT.TENCENT_IM_SECRET };

  it("answers the SDKAppID, whatever app_config's row says", async () => {
    expect(await appIdWithRow(suite)).toBe(1400000001);
  });

  it('signs the same ids for Tencent, and still for the hub', async () => {
    const { api, t } = suite;
    const { secret } = t.rt.env;
    const res = await login(api, { account: '13900000003', pwd: 'demo1234', login_type: 1 });
    const user = await callApi<SigAnswer>(api, 'GET', '/api/tencentIm/getUserSig', undefined, {
      ...bearer(res.data.token),
      'device-info': 'dev-tim',
    });
    expect(user.data.id).toBe('100003');
    expect(verifyTencentUserSig(app, '100003', user.data.sig)).toBe(true);
    expect(verifyUserSig(secret, '100003', user.data.hub_sig!)).toBe(true);

    const guest = await callApi<SigAnswer>(
      api,
      'GET',
      '/api/tencentIm/getUserSig',
      undefined,
      device('dev-tim'),
    );
    expect(guest.data.id).toMatch(/^guest_[0-9a-f]{16}$/);
    expect(verifyTencentUserSig(app, guest.data.id, guest.data.sig)).toBe(true);
    expect(verifyUserSig(secret, guest.data.id, guest.data.hub_sig!)).toBe(true);
    // The key signs and is never sent.
    expect(JSON.stringify([user, guest])).not.toContain(TENCENT.TENCENT_IM_SECRET);
  });
});
