/**
 * HTTP requests in the metrics: a latency histogram by method, route and status. The API's
 * route is the pattern Hono matched (`/api/room/:id`), noted by the API middleware; everything
 * else gets a fixed name for its kind (page, static, hls, uploads, health). A path a client
 * invents never becomes a label: unmatched API calls share one.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { histogram, secondsSince } from '../metrics.ts';
import { isLoopback } from './connection-limits.ts';

const requests = histogram(
  'http_request_duration_seconds',
  'HTTP requests by method, route pattern and status, from the first byte read to the last written',
  ['method', 'route', 'status'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Route patterns of API requests, noted by the API middleware. */
const routes = new WeakMap<IncomingMessage, string>();

/** Notes the route pattern an API request matched (a pattern ending in `*` is a fallback). */
export function noteRoute(req: IncomingMessage, pattern: string): void {
  routes.set(req, pattern === '' || pattern.endsWith('*') ? 'api_unmatched' : pattern);
}

/** The label of a request that is not the API's: its kind. */
export type RequestKind =
  'api' | 'page' | 'static' | 'hls' | 'uploads' | 'health' | 'metrics' | 'backup' | 'webrtc';

/** Observes `req` in the histogram when its response is written. */
export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  started: number,
  kind: RequestKind,
): void {
  res.once('finish', () => {
    const method = req.method && METHODS.has(req.method) ? req.method : 'OTHER';
    const route = kind === 'api' ? (routes.get(req) ?? 'api_unmatched') : kind;
    requests.observe({ method, route, status: String(res.statusCode) }, secondsSince(started));
  });
}

/** Kind of a path the static files or the pages answer (by its look: the answer decides nothing). */
export function staticOrPage(path: string): RequestKind {
  return path.startsWith('/_astro/') || /\.[a-z0-9]{1,8}$/i.test(path) ? 'static' : 'page';
}

/**
 * True when the caller may read /metrics: from loopback (a scraper on the machine), or with
 * `Authorization: Bearer <METRICS_TOKEN>` when a token is configured.
 */
export function metricsAllowed(caller: string, authorization: string | undefined, token: string) {
  if (isLoopback(caller)) return true;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice(7));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
