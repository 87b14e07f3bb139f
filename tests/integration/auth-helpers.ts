/** Steps shared by the accounts suites: pass the captcha, get a code, log in. */
import { expect } from 'vitest';
import type { createApi } from '../../src/server/app.ts';
import { callApi, type TestRuntime } from './helpers.ts';

/** The API app type. */
export type Api = ReturnType<typeof createApi>;

/** Headers of a browser with this device id. */
export function device(id: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'device-info': id, ...extra };
}

/** Solves a captcha for `dev` with the test solution. */
export async function passCaptcha(api: Api, dev: string): Promise<void> {
  const challenge = await callApi<{ id: string; test_x: number }>(
    api,
    'POST',
    '/api/captcha_path',
    {},
    device(dev),
  );
  const verified = await callApi<boolean>(
    api,
    'POST',
    '/api/captcha_verify',
    { id: challenge.data.id, x: challenge.data.test_x + 2 },
    device(dev),
  );
  expect(verified.data).toBe(true);
}

/** Passes the captcha, sends a code and returns it from the SMS provider. */
export async function requestCode(
  t: TestRuntime,
  api: Api,
  mobile: string,
  dev: string,
  reset = false,
): Promise<string> {
  await passCaptcha(api, dev);
  const sent = await callApi(
    api,
    'POST',
    '/api/user/sendCode',
    { mobile, is_change_mobile: reset ? 1 : 0 },
    device(dev),
  );
  expect(sent.status).toBe(0);
  const message = t.sms.at(-1);
  expect(message?.mobile).toBe(mobile);
  return message!.code;
}
