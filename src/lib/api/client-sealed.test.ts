// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://127.0.0.1:47312/home" }
/**
 * The browser client against a real server started with API_RESPONSE_KEY: the client's own
 * decryption (WebCrypto, the dynamically loaded sealed.ts) for ky calls and the upload's XHR,
 * and the message a build with no key or another key shows. Building the site a second time
 * with the key for a Playwright journey would add an Astro build to CI; this runs the same
 * browser code in seconds.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../../scripts/spawn-server.ts';
import { uploadImage } from '../stores/studio.ts';
import * as client from './client.ts';

const KEY = randomBytes(32).toString('base64');

describe('api client with encrypted answers', () => {
  let server: SpawnedServer;

  beforeAll(async () => {
    server = await spawnServer({ API_RESPONSE_KEY: KEY }, 47312);
  });
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('decrypts with the build key: data on status 0, the message on status 1', async () => {
    vi.stubEnv('PUBLIC_API_RESPONSE_KEY', KEY);
    const data = await client.call<{ config: { checkin_switch: number } }>(
      'post',
      '/api/config/getCommonConfig',
    );
    expect(data.config.checkin_switch).toBe(1);
    await expect(client.call('post', '/api/maintain', { device: 'x' })).rejects.toMatchObject({
      status: 1,
      message: 'Must be a number',
    });
  });

  it("decrypts the upload's answer read by XMLHttpRequest", async () => {
    vi.stubEnv('PUBLIC_API_RESPONSE_KEY', KEY);
    const file = new File([new Uint8Array(8)], 'cover.png', { type: 'image/png' });
    // Without a login the server refuses; its message can only come from the opened envelope.
    await expect(uploadImage(file, 'cover', () => {})).rejects.toThrow('Please log in first');
  });

  it('says why when the build has no key or another key', async () => {
    /** The ApiCallError a call for the common config rejects with. */
    const refusal = () =>
      client.call('post', '/api/config/getCommonConfig').then(
        () => expect.unreachable('the answer opened'),
        (error: unknown) => error as client.ApiCallError,
      );
    vi.stubEnv('PUBLIC_API_RESPONSE_KEY', '');
    const noKey = await refusal();
    expect(noKey.status).toBe(-1);
    expect(noKey.message).toMatch(/this build has no PUBLIC_API_RESPONSE_KEY/);
    vi.stubEnv('PUBLIC_API_RESPONSE_KEY', randomBytes(32).toString('hex'));
    const otherKey = await refusal();
    expect(otherKey.status).toBe(-1);
    expect(otherKey.message).toMatch(/PUBLIC_API_RESPONSE_KEY differs from the server's/);
  });
});
