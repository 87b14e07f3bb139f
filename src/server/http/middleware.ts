/** API middleware: language, caller identity and the envelope for thrown errors. */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { createI18n, fromApiLang } from '../../lib/i18n/index.ts';
import { API_STATUS } from '../../lib/api/envelope.ts';
import { findSessionUser } from '../sessions.ts';
import { log } from '../log.ts';
import type { Runtime } from '../runtime.ts';
import type { ApiEnv } from './api-env.ts';
import { addressOf, clientAddress } from './connection-limits.ts';
import { ApiError, fail } from './envelope.ts';
import { noteRoute } from './request-metrics.ts';

/** Sets rt, locale, t, deviceInfo, ip and (when the bearer token is valid) user. */
export function context(rt: Runtime): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const locale = fromApiLang(c.req.header('lang'));
    c.set('rt', rt);
    c.set('locale', locale);
    c.set('t', createI18n(locale));
    c.set('deviceInfo', (c.req.header('device-info') ?? '').trim().slice(0, 128));
    c.set('ip', clientIp(c, rt.env.trustProxy));
    const auth = c.req.header('authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    c.set('user', token ? await findSessionUser(rt.db, token) : null);
    await next();
    // The pattern of the handler that answered labels the request in the metrics.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming) noteRoute(incoming, routePath(c, c.req.routeIndex));
  };
}

/** The caller's address; behind a trusted load balancer, the one it names in X-Real-IP. */
function clientIp(c: Context<ApiEnv>, trusted: readonly string[]): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  const peer = addressOf(incoming?.socket ?? {});
  return clientAddress(peer, c.req.header('x-real-ip'), trusted);
}

/** Refuses with status 2 unless the caller is logged in. */
export const requireUser: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!c.get('user')) {
    return fail(c, new ApiError('errors.notLoggedIn', { status: API_STATUS.unauthorized }));
  }
  await next();
};

/** Answers thrown ApiErrors as envelopes and anything else as a logged status 1. */
export function onError(err: Error, c: Context<ApiEnv>) {
  if (err instanceof ApiError) return fail(c, err);
  log('error', 'api_error', { path: c.req.path, error: err.stack ?? err.message });
  return fail(c, new ApiError('errors.server'));
}
