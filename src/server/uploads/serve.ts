/**
 * Serves stored uploads under /uploads/: only names the upload call writes
 * (`/uploads/YYYY/MM/<24 hex>.webp`) and replay thumbnails (`.jpg`, src/server/recordings/). On
 * the local driver the file is sent from the data folder; with a bucket, the browser is sent to
 * the object's public address, so references stay `/uploads/...` whichever driver wrote them.
 * A stored file never changes, so it (and the redirect to it) is cached for good.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ObjectStore } from '../storage/store.ts';

const FILE = /^\/uploads\/(\d{4}\/\d{2}\/[0-9a-f]{24}\.(?:webp|jpg))$/;
const FOREVER = 'public, max-age=31536000, immutable';

/** True for paths this handler answers. */
export function isUploadPath(pathname: string): boolean {
  return pathname.startsWith('/uploads/');
}

/** Answers one /uploads/ request from `store`. */
export async function serveUpload(
  store: ObjectStore,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const match = FILE.exec(pathname);
  const method = req.method ?? 'GET';
  const key = match && (method === 'GET' || method === 'HEAD') ? `uploads/${match[1]}` : null;
  const elsewhere = key && store.publicUrl(key);
  if (elsewhere) {
    res.writeHead(302, { location: elsewhere, 'cache-control': FOREVER }).end();
    return;
  }
  const found = key ? await store.open(key).catch(() => null) : null;
  if (!found) {
    res.writeHead(404, { 'cache-control': 'no-store' }).end();
    return;
  }
  res.writeHead(200, {
    'content-type': found.info.contentType,
    'content-length': found.info.size,
    'cache-control': FOREVER,
    'x-content-type-options': 'nosniff',
  });
  if (method === 'HEAD') {
    found.body.destroy();
    res.end();
    return;
  }
  found.body.on('error', () => res.destroy()).pipe(res);
}
