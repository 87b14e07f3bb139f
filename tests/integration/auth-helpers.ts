/** Steps shared by the accounts suites: pass the captcha, get a code, log in, count rows. */
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { UserInfo } from '../../src/lib/user-info.ts';
import { sessions, users } from '../../src/server/db/schema.ts';
import { callApi, type RequestApp, type TestRuntime } from './helpers.ts';

/** Headers of a browser with this device id. */
export function device(id: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'device-info': id, ...extra };
}

/** Solves a captcha for `dev` with the test solution. */
export async function passCaptcha(api: RequestApp, dev: string): Promise<void> {
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
  api: RequestApp,
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

/** Rows that a refused call must not create. */
export async function accountRows(t: TestRuntime): Promise<{ users: number; sessions: number }> {
  const [u] = await t.rt.db.select({ n: count() }).from(users);
  const [s] = await t.rt.db.select({ n: count() }).from(sessions);
  return { users: u?.n ?? 0, sessions: s?.n ?? 0 };
}

/** What login and register return on success or 301. */
export interface LoginData extends UserInfo {
  token: string;
  mobile_hash: string;
}

/** Calls /api/user/login with the spec's fixed fields filled in. */
export function login(
  api: RequestApp,
  body: Record<string, unknown>,
  dev = 'd-login',
  headers: Record<string, string> = {},
) {
  return callApi<LoginData>(
    api,
    'POST',
    '/api/user/login',
    { platform: 0, source_id: 10001, website: 'test', ...body },
    device(dev, headers),
  );
}

/** The Authorization header of a token. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A 4-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, '0');
}
