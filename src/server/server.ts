/**
 * The one HTTP server: /healthz, the API (/api, /webapi), static files, the server-rendered
 * pages and the WebSocket upgrade for /im, with one JSON log line per request.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { REALTIME_PATH } from '../lib/realtime/protocol/index.ts';
import { noteListening } from './db/pglite-holder.ts';
import { log } from './log.ts';
import { counter, METRICS_CONTENT_TYPE, renderMetrics } from './metrics.ts';
import { isHlsPath, serveHls } from './media/hls.ts';
import { isFramePath, serveFrame } from './media/frames.ts';
import { isReplayMediaPath, serveReplayMedia } from './recordings/serve.ts';
import { isClipMediaPath, serveClipMedia } from './clips/serve.ts';
import type { Hub } from './realtime/hub.ts';
import type { Runtime } from './runtime.ts';
import { isUploadPath, serveUpload } from './uploads/serve.ts';
import { isWebRtcPath, proxyWebRtc } from './webrtc/proxy.ts';
import type { ApiEnv } from './http/api-env.ts';
import { BACKUP_PATH, serveBackup } from './http/backup.ts';
import { addressOf, clientAddress, isLoopback, refusalLogger } from './http/connection-limits.ts';
import { hostIsValid, setSecurityHeaders, widenPolicyOn } from './http/headers.ts';
import { browserOrigins } from './storage/settings.ts';
import { metricsAllowed, observeRequest, staticOrPage } from './http/request-metrics.ts';
import { createStatic } from './http/static.ts';
import { serveCachedPage } from './pages/cached-pages.ts';
import { environmentName, PRODUCT_VERSION } from './version.ts';

/** A Connect-style handler, as Astro's node adapter exports it. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => unknown;

/** What the server is made of. */
export interface ServerParts {
  rt: Runtime;
  api: Hono<ApiEnv>;
  hub: Hub;
  /** Astro's handler for server-rendered pages; absent in API-only tests. */
  pages?: NodeHandler;
  /** dist/client: hashed assets under /_astro and files from public/. */
  clientDir?: string;
  /** The WebRTC ingest's loopback API port, which /whip and /whep pass through to. */
  webrtcPort?: number;
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

/** Answers 404 with no body: the path is not there for this caller. */
function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
  res.end('Not Found');
}

/**
 * Answers /healthz (liveness): 200 while the process serves, with the database kind, version,
 * environment and uptime; it checks nothing else, so a load balancer does not restart a process
 * for a database outage.
 */
function health(rt: Runtime, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(
    JSON.stringify({
      status: 'ok',
      db: rt.database.kind,
      version: PRODUCT_VERSION,
      environment: environmentName(rt.env.nodeEnv),
      uptime: Math.round(process.uptime()),
    }),
  );
}

/**
 * Answers /readyz (readiness): 200 when the database answers a query and the bus reaches the
 * other processes (Redis answers a ping), 503 otherwise, with each check's result.
 */
async function readiness(rt: Runtime, res: ServerResponse): Promise<void> {
  const [database, bus] = await Promise.all([
    rt.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    rt.bus.ready().catch(() => false),
  ]);
  const ready = database && bus;
  res.writeHead(ready ? 200 : 503, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify({ status: ready ? 'ready' : 'unavailable', database, bus }));
}

/** Answers /metrics: every metric of this process in the Prometheus text format. */
async function metrics(res: ServerResponse): Promise<void> {
  const text = await renderMetrics();
  res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
  res.end(text);
}

/** Paths the API app answers: /api, /webapi and the sandbox payment provider's pages. */
export function isApiPath(path: string): boolean {
  return (
    path.startsWith('/api/') || path.startsWith('/webapi/') || path.startsWith('/sandbox-pay/')
  );
}

/** The caller's address: behind a trusted load balancer, the client it names. */
function callerOf(req: IncomingMessage, trusted: readonly string[]): string {
  return clientAddress(addressOf(req.socket), req.headers['x-real-ip'], trusted);
}

/** Builds the request listener of the server. */
export function createRequestListener(parts: ServerParts) {
  const storageOrigins = browserOrigins(parts.rt.env.storage);
  const api = getRequestListener(parts.api.fetch);
  const statics = parts.clientDir ? createStatic(parts.clientDir) : undefined;

  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const path = pathOf(req);
    setSecurityHeaders(res);
    if (parts.rt.env.logRequests) {
      res.once('finish', () => {
        log('info', 'request', {
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
        });
      });
    }
    if (!hostIsValid(req.headers.host)) {
      res.writeHead(400, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
      res.end('Bad Host header');
      return;
    }
    if (path === '/healthz') {
      observeRequest(req, res, started, 'health');
      health(parts.rt, res);
      return;
    }
    if (path === '/readyz') {
      observeRequest(req, res, started, 'health');
      void readiness(parts.rt, res);
      return;
    }
    // Loopback-only paths: anyone else (a balancer's request naming no client among them)
    // finds nothing there.
    if (path === '/metrics') {
      observeRequest(req, res, started, 'metrics');
      const caller = callerOf(req, parts.rt.env.trustProxy);
      if (metricsAllowed(caller, req.headers.authorization, parts.rt.env.metricsToken))
        void metrics(res);
      else notFound(res);
      return;
    }
    // The embedded database's dump for npm run backup: loopback only, and a token (backup.ts).
    if (path === BACKUP_PATH) {
      observeRequest(req, res, started, 'backup');
      if (isLoopback(callerOf(req, parts.rt.env.trustProxy))) void serveBackup(parts.rt, req, res);
      else notFound(res);
      return;
    }
    if (isApiPath(path)) {
      observeRequest(req, res, started, 'api');
      void api(req, res);
      return;
    }
    if (isHlsPath(path)) {
      observeRequest(req, res, started, 'hls');
      void serveHls(
        { db: parts.rt.db, secret: parts.rt.env.secret, dir: join(parts.rt.env.mediaDir, 'hls') },
        path,
        req,
        res,
      );
      return;
    }
    if (isFramePath(path)) {
      observeRequest(req, res, started, 'hls');
      void serveFrame({ db: parts.rt.db, mediaDir: parts.rt.env.mediaDir }, path, req, res);
      return;
    }
    if (isReplayMediaPath(path)) {
      observeRequest(req, res, started, 'hls');
      void serveReplayMedia(parts.rt.db, parts.rt.env.secret, parts.rt.mediaStore, path, req, res);
      return;
    }
    if (isClipMediaPath(path)) {
      observeRequest(req, res, started, 'hls');
      void serveClipMedia(parts.rt.db, parts.rt.storage, path, req, res);
      return;
    }
    if (parts.webrtcPort && isWebRtcPath(path)) {
      observeRequest(req, res, started, 'webrtc');
      const caller = callerOf(req, parts.rt.env.trustProxy);
      void proxyWebRtc(parts.rt, parts.webrtcPort, caller, req, res);
      return;
    }
    if (isUploadPath(path)) {
      observeRequest(req, res, started, 'uploads');
      void serveUpload(parts.rt.storage, path, req, res);
      return;
    }
    observeRequest(req, res, started, staticOrPage(path));
    const pages = () => {
      widenPolicyOn(res, storageOrigins);
      if (parts.pages) void parts.pages(req, res, () => redirect(res, '/home'));
      else redirect(res, '/home');
    };
    // A fresh page in the cache needs neither the file lookup nor Astro: the cache holds a page
    // only for a path the files did not have and Astro rendered.
    if (parts.pages && serveCachedPage(req, res, storageOrigins)) return;
    if (statics) statics(req, res, pages);
    else pages();
  };
}

/**
 * True when a socket may open: no Origin (not a browser: apps, benchmarks, tests), or a browser
 * on the site itself: the public origin, or the host the request was sent to (the listening
 * address in development, another of the site's host names; a browser sets Host to the site it
 * connects to, and another site's page cannot change it).
 */
export function socketOriginAllowed(req: IncomingMessage, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === publicUrl) return true;
  try {
    return new URL(origin).host === req.headers.host?.toLowerCase();
  } catch {
    return false;
  }
}

const refusedSockets = counter(
  'im_connections_refused_total',
  'Hub sockets refused or closed by a connection limit, by reason',
  ['reason'],
);
const logForeignSocket = refusalLogger('im_refused');

/**
 * Refuses (HTTP 403, then closes) a browser socket opened by a page of another site, which
 * would otherwise act with the visitor's cookies; true when it did.
 */
export function refuseForeignSocket(
  req: IncomingMessage,
  socket: Duplex,
  publicUrl: string,
): boolean {
  if (socketOriginAllowed(req, publicUrl)) return false;
  refusedSockets.inc({ reason: 'origin' });
  logForeignSocket('origin', addressOf(req.socket), {
    origin: String(req.headers.origin).slice(0, 200),
  });
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  return true;
}

/** Creates the HTTP server with the WebSocket upgrade for the hub. */
export function createServer(parts: ServerParts) {
  const server = createHttpServer(createRequestListener(parts));
  // npm run backup finds the server holding the embedded database through its holder file.
  server.on('listening', () => {
    const address = server.address();
    if (parts.rt.database.kind === 'pglite' && address && typeof address === 'object')
      noteListening(join(parts.rt.env.dataDir, 'pglite'), address.address, address.port);
  });
  server.on('upgrade', (req, socket, head) => {
    if (pathOf(req) !== REALTIME_PATH || !hostIsValid(req.headers.host)) {
      socket.destroy();
      return;
    }
    if (!refuseForeignSocket(req, socket, parts.rt.env.publicUrl)) {
      parts.hub.handleUpgrade(req, socket, head);
    }
  });
  return server;
}
