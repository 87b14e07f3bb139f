/**
 * Serves clip files under /clip-media/: `<id>.mp4` and `<id>.jpg`, only while the clip is ready
 * and not removed (a removed clip's link stops at once). The MP4 answers byte ranges (one range
 * per request, as browsers ask), so players seek and iOS plays it. With a bucket the clip is a
 * private object and the answer is a redirect to a URL signed for ten minutes, made only after
 * the row check, so a removed clip gets no new URL (one already handed out works until it
 * expires).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { CLIP_STATUS, clips } from '../db/schema.ts';
import type { ObjectStore } from '../storage/store.ts';
import { CLIP_MEDIA_PATH, clipKey } from './files.ts';

/** How long a signed URL a clip request is sent to may be used: ten minutes. */
const SIGNED_SECONDS = 600;

const FILE = /^\/clip-media\/(\d{1,10})\.(mp4|jpg)$/;

/** True for paths this handler answers. */
export function isClipMediaPath(pathname: string): boolean {
  return pathname.startsWith(CLIP_MEDIA_PATH);
}

/** The byte range a Range header asks for within `size`; null for none, 'bad' for unsatisfiable. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'bad';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'bad';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'bad';
  return { start, end };
}

/**
 * Answers one /clip-media/ request from `store`: a store that gives signed URLs (a bucket) sends
 * the browser to one for ten minutes; otherwise the site streams the object itself.
 */
export async function serveClipMedia(
  db: Db,
  store: ObjectStore,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const match = FILE.exec(pathname);
  const method = req.method ?? 'GET';
  const notFound = () => res.writeHead(404, { 'cache-control': 'no-store' }).end();
  if (!match || (method !== 'GET' && method !== 'HEAD')) return void notFound();
  const id = Number(match[1]);
  const rows = await db
    .select({ id: clips.id })
    .from(clips)
    .where(and(eq(clips.id, id), eq(clips.status, CLIP_STATUS.ready), isNull(clips.removedAt)))
    .catch(() => []);
  if (rows.length === 0) return void notFound();
  const key = clipKey(`${id}.${match[2]}`);
  const signed = await store.signedUrl(key, SIGNED_SECONDS).catch(() => undefined);
  if (signed === undefined) return void res.writeHead(503, { 'cache-control': 'no-store' }).end();
  if (signed)
    return void res.writeHead(302, { location: signed, 'cache-control': 'no-store' }).end();
  const info = await store.head(key).catch(() => null);
  if (!info) return void notFound();
  const headers: Record<string, string | number> = {
    'content-type': match[2] === 'mp4' ? 'video/mp4' : 'image/jpeg',
    'accept-ranges': 'bytes',
    // Checked against the row each time (removal works at once); the browser may keep it.
    'cache-control': 'private, max-age=3600',
  };
  const range = byteRange(req.headers.range, info.size);
  if (range === 'bad') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${info.size}` });
    return void res.end();
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  if (range) headers['content-range'] = `bytes ${start}-${end}/${info.size}`;
  headers['content-length'] = end - start + 1;
  const status = range ? 206 : 200;
  if (method === 'HEAD') return void res.writeHead(status, headers).end();
  const found = await store.open(key, range ?? undefined).catch(() => null);
  if (!found) return void notFound();
  res.writeHead(status, headers);
  // A viewer who leaves mid-file closes the object's stream too.
  pipeline(found.body, res, () => {});
}
