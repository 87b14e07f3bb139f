/**
 * What the app process beside an ingest answers other machines' app processes about the files
 * and streams on its own disk (src/server/media/remote.ts asks): the health of one anchor's
 * incoming stream, one raw file of the live HLS folder (for cutting a live clip) and dropping
 * an anchor's publisher. The callers are other machines, so there is no loopback rule: every
 * call must carry the internal token (`x-media-token`, derived from SECRET, which every process
 * of a site shares), compared in constant time; without it the answer is 403. The token is
 * never logged.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../http/api-env.ts';
import { log } from '../log.ts';
import { dropPublisher } from '../media/control.ts';
import { readStreamHealth } from '../media/health.ts';
import { INTERNAL_TOKEN_HEADER, internalMediaToken } from '../media/ingests.ts';
import { INTERNAL_MEDIA_PATH } from '../media/remote.ts';

/** The prefix app.ts mounts internalMediaRoutes under. */
export const INTERNAL_MEDIA_MOUNT = INTERNAL_MEDIA_PATH;

/** A file of the live HLS folder: a playlist `<id>.m3u8` or a segment `<id>-<n>.ts`. */
const HLS_FILE = /^(\d{1,10})(?:-\d{1,12})?\.(?:m3u8|ts)$/;
/** An anchor id in a path. */
const ANCHOR = /^\d{1,10}$/;

/** True when `token` is this site's internal token. */
function tokenMatches(token: string | undefined, secret: string): boolean {
  const want = Buffer.from(internalMediaToken(secret));
  const got = Buffer.from(token ?? '');
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Refuses a call without the right token (403), logging who asked and what, not the token. */
const requireToken: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!tokenMatches(c.req.header(INTERNAL_TOKEN_HEADER), c.get('rt').env.secret)) {
    log('warn', 'internal_call_refused', { ip: c.get('ip'), path: c.req.path.slice(0, 80) });
    return c.text('forbidden', 403);
  }
  await next();
};

function anchorOf(raw: string): number | null {
  return ANCHOR.test(raw) ? Number(raw) : null;
}

/** Internal media calls, mounted under /api/media/internal. */
export const internalMediaRoutes = new Hono<ApiEnv>()
  .use('*', requireToken)
  .get('/health/:anchorId', async (c) => {
    const anchorId = anchorOf(c.req.param('anchorId'));
    if (anchorId === null) return c.text('bad anchor', 400);
    const { env } = c.get('rt');
    // The asking process knows whether the session is open: it sets session_open itself.
    const health = await readStreamHealth(
      { controlPort: env.rtmpControlPort, mediaDir: env.mediaDir },
      anchorId,
      false,
    );
    return c.json(health);
  })
  .get('/hls/:file', async (c) => {
    const name = c.req.param('file');
    if (!HLS_FILE.test(name)) return c.text('not found', 404);
    const file = path.join(c.get('rt').env.mediaDir, 'hls', name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return c.text('not found', 404);
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return c.body(body, 200, {
      'content-type': name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
      'content-length': String(info.size),
      'cache-control': 'no-store',
    });
  })
  .post('/drop/:anchorId', async (c) => {
    const anchorId = anchorOf(c.req.param('anchorId'));
    if (anchorId === null) return c.text('bad anchor', 400);
    const dropped = await dropPublisher(c.get('rt').env.rtmpControlPort, anchorId);
    return c.json({ dropped });
  });
