/**
 * The one HTTP client of the browser (ky): base URL from PUBLIC_API_BASE, 20 s time-out and the
 * spec's headers. Status 0 resolves with data, 1 rejects with the server's message, 2 clears
 * the session, opens login and rejects with "login timed out". An answer the server encrypted
 * (API_RESPONSE_KEY) is decrypted with the build's PUBLIC_API_RESPONSE_KEY before it is read.
 * Only store modules import it, and they name their calls by endpoint descriptor
 * (`lib/api/endpoint.ts`): `send(gamesApi.state)`, `send(followsApi.toggle, { anchorid })`.
 */
import ky, { type KyResponse } from 'ky';
import { channelForHost } from '../channel.ts';
import { deviceId } from '../device.ts';
import { toApiLang } from '../i18n/locale.ts';
import { $locale } from '../stores/locale.ts';
import { openLogin } from '../stores/dialogs.ts';
import { $token, $userId, clearSession } from '../stores/session.ts';
import type { ApiParams, Endpoint } from './endpoint.ts';
import { API_STATUS, SEALED_HEADER, type ApiEnvelope } from './envelope.ts';

/** Request time-out of every call (spec §9). */
export const HTTP_TIMEOUT_MS = 20_000;

/** A call that answered with a non-success status, or failed on the way. */
export class ApiCallError extends Error {
  /** Envelope status, or -1 when no envelope arrived (network, time-out, HTTP error). */
  readonly status: number;
  /** Data that came with the error (mobile_hash with 301). */
  readonly data: unknown;
  constructor(message: string, status: number, data: unknown = null) {
    super(message);
    this.name = 'ApiCallError';
    this.status = status;
    this.data = data;
  }
}

const http = ky.create({
  prefix: (import.meta.env.PUBLIC_API_BASE as string | undefined) ?? '',
  timeout: HTTP_TIMEOUT_MS,
  retry: 0,
  throwHttpErrors: false,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = $token.get();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        const uid = $userId.get();
        if (uid) request.headers.set('uid', uid);
        request.headers.set('platform', '0');
        request.headers.set('device-info', deviceId());
        request.headers.set('reg-source', channelForHost(location.hostname));
        request.headers.set('lang', toApiLang($locale.get()));
      },
    ],
  },
});

/**
 * The envelope text of an encrypted answer's body, decrypted with the build's
 * PUBLIC_API_RESPONSE_KEY; rejects with an ApiCallError (status -1) saying why it did not open.
 */
export async function openSealedBody(body: ArrayBuffer): Promise<string> {
  try {
    // Loaded with the first encrypted answer: a build without the flag never fetches it.
    const { openWithBuildKey } = await import('./sealed.ts');
    const keyText = import.meta.env.PUBLIC_API_RESPONSE_KEY as string | undefined;
    return await openWithBuildKey(keyText, body);
  } catch (error) {
    throw new ApiCallError(error instanceof Error ? error.message : String(error), -1);
  }
}

/** The envelope of an answer: parsed as it comes, or decrypted first when it came sealed. */
async function readEnvelope<T>(response: KyResponse): Promise<ApiEnvelope<T>> {
  if (!response.headers.has(SEALED_HEADER)) return response.json<ApiEnvelope<T>>();
  return JSON.parse(await openSealedBody(await response.arrayBuffer())) as ApiEnvelope<T>;
}

/** Sends a call and returns its whole envelope (for calls where 301 is an answer, not an error). */
export async function request<T>(
  method: 'get' | 'post',
  path: string,
  body?: Record<string, unknown>,
): Promise<ApiEnvelope<T>> {
  const options = method === 'get' ? { searchParams: toParams(body) } : { json: body ?? {} };
  const response = await http(path, { method, ...options });
  let envelope: ApiEnvelope<T>;
  try {
    envelope = await readEnvelope<T>(response);
  } catch (error) {
    if (error instanceof ApiCallError) throw error;
    throw new ApiCallError(`HTTP ${response.status}`, -1);
  }
  if (envelope.status === API_STATUS.unauthorized) {
    clearSession();
    openLogin();
    const { createI18n } = await import('../i18n/index.ts');
    throw new ApiCallError(
      createI18n($locale.get())('errors.loginTimeout'),
      API_STATUS.unauthorized,
    );
  }
  return envelope;
}

/** Sends a call and resolves with `data` on status 0; rejects with the message otherwise. */
export async function call<T>(
  method: 'get' | 'post',
  path: string,
  body?: Record<string, unknown>,
): Promise<T> {
  const envelope = await request<T>(method, path, body);
  if (envelope.status !== API_STATUS.ok) {
    throw new ApiCallError(envelope.msg, envelope.status, envelope.data);
  }
  return envelope.data;
}

function toParams(body: Record<string, unknown> | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(body ?? {})) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      params[k] = String(v);
  }
  return params;
}

/**
 * The parameters argument of a descriptor's call: none, or what it takes (checked as a whole, so a
 * union of parameter shapes is one argument of that union).
 */
type ParamsArg<P> = [P] extends [ApiParams] ? [params: P] : [];

/** Sends a descriptor's call and resolves with `data` on status 0; rejects with the message otherwise. */
export function send<P extends ApiParams | void, D>(
  endpoint: Endpoint<P, D>,
  ...params: ParamsArg<P>
): Promise<D> {
  return call<D>(endpoint.method, endpoint.path, params[0]);
}

/** Sends a descriptor's call and returns its whole envelope (where a non-zero status is an answer). */
export function sendForEnvelope<P extends ApiParams | void, D>(
  endpoint: Endpoint<P, D>,
  ...params: ParamsArg<P>
): Promise<ApiEnvelope<D>> {
  return request<D>(endpoint.method, endpoint.path, params[0]);
}
