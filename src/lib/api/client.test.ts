// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://127.0.0.1:47311/home" }
/** The browser API client against the real server: headers, envelope statuses and status 2. */
import { cleanStores } from 'nanostores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../../scripts/spawn-server.ts';
import * as dialogs from '../stores/dialogs.ts';
import * as locale from '../stores/locale.ts';
import * as session from '../stores/session.ts';
import * as client from './client.ts';

describe('api client', () => {
  let server: SpawnedServer;

  beforeAll(async () => {
    // The page and the API share an origin, as in production.
    server = await spawnServer({}, 47311);
  });
  afterAll(async () => {
    // The stored atoms stop listening to the window now, while there is one: left to their
    // own delayed unmount they would reach for it after the test environment is gone.
    cleanStores(session.$token, session.$userId, session.$userInfo, locale.$locale);
    await server?.stop();
  });

  it('resolves with data on status 0', async () => {
    const data = await client.call<{ config: { checkin_switch: number } }>(
      'post',
      '/api/config/getCommonConfig',
    );
    expect(data.config.checkin_switch).toBe(1);
  });

  it('rejects with the server message on status 1, in the chosen language', async () => {
    await expect(client.call('post', '/api/maintain', { device: 'x' })).rejects.toMatchObject({
      status: 1,
      message: 'Must be a number',
    });
    locale.$locale.set('zh-CN');
    await expect(client.call('post', '/api/maintain', { device: 'x' })).rejects.toMatchObject({
      message: '必须是数字',
    });
    locale.$locale.set('en-US');
  });

  it('on status 2 clears the session, opens login and rejects with the login time-out message', async () => {
    session.$token.set('expired-token-expired-token');
    session.$userId.set('100001');
    session.$userInfo.set({ id: 100001, nick_name: 'x' } as never);
    await expect(client.call('get', '/api/user/checkAnchorStatus')).rejects.toMatchObject({
      status: 2,
      message: 'Login timed out',
    });
    expect(session.$token.get()).toBeUndefined();
    expect(session.$userInfo.get()).toBeUndefined();
    for (const key of ['token', 'id', 'userInfo']) expect(localStorage.getItem(key)).toBeNull();
    expect(dialogs.$dialog.get()).toBe('login');
  });

  it('sends the device fingerprint, platform 0 and the channel code', async () => {
    const seen: Headers[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(input instanceof Request ? input.headers : new Headers(init?.headers));
      return realFetch(input, init);
    };
    try {
      await client.call('post', '/api/config/getCommonConfig');
    } finally {
      globalThis.fetch = realFetch;
    }
    const headers = seen[0]!;
    expect(headers.get('platform')).toBe('0');
    expect(headers.get('reg-source')).toBe('OFFICIAL');
    expect(headers.get('lang')).toBe('en');
    expect(headers.get('device-info')).toMatch(/^[a-f0-9]{16}-[a-f0-9]{16}$/);
    expect(headers.get('device-info')).toBe(localStorage.getItem('device_no'));
  });
});
