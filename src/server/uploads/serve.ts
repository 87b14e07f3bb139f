/**
 * Serves stored uploads under /uploads/: only names the upload call writes
 * (`/uploads/YYYY/MM/<24 hex>.webp`) and replay thumbnails (`.jpg`, src/server/recordings/). A stored file never changes, so it is cached for good.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const FILE = /^\/uploads\/(\d{4}\/\d{2}\/[0-9a-f]{24}\.(webp|jpg))$/;

/** True for paths this handler answers. */
export function isUploadPath(pathname: string): boolean {
  return pathname.startsWith('/uploads/');
}

/** Answers one /uploads/ request from `<dataDir>/uploads`. */
export async function serveUpload(
  dataDir: string,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const match = FILE.exec(pathname);
  const method = req.method ?? 'GET';
  const file = match ? path.join(dataDir, 'uploads', match[1]!) : '';
  const info =
    match && (method === 'GET' || method === 'HEAD') ? await stat(file).catch(() => null) : null;
  if (!info?.isFile()) {
    res.writeHead(404, { 'cache-control': 'no-store' }).end();
    return;
  }
  res.writeHead(200, {
    'content-type': match![2] === 'jpg' ? 'image/jpeg' : 'image/webp',
    'content-length': info.size,
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
