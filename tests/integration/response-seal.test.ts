/**
 * Response encryption through the whole API app: with API_RESPONSE_KEY every envelope (success,
 * refusal, not logged in, not found, a body too large) leaves sealed and opens with the browser's
 * WebCrypto code; answers in other formats stay plain; without the key nothing changes.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SEALED_ALGORITHM, SEALED_HEADER, type ApiEnvelope } from '../../src/lib/api/envelope.ts';
import { importResponseKey, openSealed, parseResponseKey } from '../../src/lib/api/sealed.ts';
import { SEALED_CONTENT_TYPE } from '../../src/server/http/seal.ts';
import { apiSuite, type RequestApp } from './helpers.ts';

const KEY = randomBytes(32).toString('base64');

/** POSTs `body` as JSON in process. */
function post(api: RequestApp, path: string, body: unknown = {}, headers = {}) {
  return api.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

// Sealing happens after the handlers and reads no table: PGlite alone is enough.
describe('API answers with API_RESPONSE_KEY', () => {
  const { api } = apiSuite('pglite', { API_RESPONSE_KEY: KEY });
  const key = importResponseKey(parseResponseKey(KEY, 'KEY'));

  /** The envelope of a sealed answer, after checking its headers. */
  async function opened(res: Response): Promise<ApiEnvelope<unknown>> {
    expect(res.headers.get(SEALED_HEADER)).toBe(SEALED_ALGORITHM);
    expect(res.headers.get('content-type')).toBe(SEALED_CONTENT_TYPE);
    return JSON.parse(await openSealed(await key, await res.arrayBuffer())) as ApiEnvelope<unknown>;
  }

  it('seals a success, a refusal and a call that needs a login', async () => {
    const config = await opened(await post(api, '/api/config/getCommonConfig'));
    expect(config).toMatchObject({ status: 0, msg: 'SUCCESS', data: { config: {} } });
    const refused = await opened(await post(api, '/api/maintain', { device: 'x' }));
    expect(refused).toEqual({ status: 1, msg: 'Must be a number', data: null });
    const guest = await opened(await post(api, '/webapi/live/getSportMatch', { comp: 1 }));
    expect(guest.status).toBe(2);
  });

  it('seals the not-found envelope with its 404 and a refused oversized body', async () => {
    const missing = await post(api, '/api/no/such/call');
    expect(missing.status).toBe(404);
    expect(await opened(missing)).toMatchObject({ status: 1, msg: 'Not found' });
    const huge = await post(api, '/api/maintain', 'x'.repeat(4 * 1024 * 1024 + 1));
    expect(await opened(huge)).toMatchObject({ status: 1 });
  });

  it("leaves another party's format plain: payment notifications, ingest hooks, sandbox pages", async () => {
    const notify = await post(api, '/api/pay/notify/sandbox', { order_no: 'x' });
    expect(notify.headers.get(SEALED_HEADER)).toBeNull();
    expect(((await notify.json()) as { code: string }).code).toBe('FAIL');
    const hook = await post(api, '/api/media/on_publish');
    expect(hook.headers.get(SEALED_HEADER)).toBeNull();
    expect(await hook.text()).toBe('forbidden');
    const page = await api.request('/sandbox-pay/checkout?session=x');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get(SEALED_HEADER)).toBeNull();
  });
});

describe('API answers without API_RESPONSE_KEY', () => {
  const { api } = apiSuite('pglite');

  it('are plain JSON envelopes, as before', async () => {
    const res = await post(api, '/api/maintain', { device: 'x' });
    expect(res.headers.get(SEALED_HEADER)).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 1, msg: 'Must be a number', data: null });
    const missing = await post(api, '/api/no/such/call');
    expect(missing.headers.get(SEALED_HEADER)).toBeNull();
    expect(await missing.json()).toMatchObject({ status: 1 });
  });
});
