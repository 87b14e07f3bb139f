/** Building envelope responses and raising business errors from handlers. */
import type { Context } from 'hono';
import { API_STATUS, SUCCESS_MSG } from '../../lib/api/envelope.ts';
import { createI18n, fromApiLang } from '../../lib/i18n/index.ts';
import type { ApiEnv } from './api-env.ts';
import { ApiError } from '../api-error.ts';

export { ApiError };

/** Answers `{ status: 0, msg: 'SUCCESS', data }`. */
export function ok<T>(c: Context<ApiEnv>, data: T) {
  return c.json({ status: API_STATUS.ok, msg: SUCCESS_MSG, data });
}

/** Answers an ApiError as an envelope with its message translated. */
export function fail(c: Context<ApiEnv>, error: ApiError) {
  const t = c.get('t') ?? createI18n(fromApiLang(c.req.header('lang')));
  const msg = error.literal ? error.key : t(error.key, error.params);
  if (error.retryAfter !== undefined) c.header('retry-after', String(error.retryAfter));
  return c.json({ status: error.status, msg, data: error.data }, error.httpStatus);
}
