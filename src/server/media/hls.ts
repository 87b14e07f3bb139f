/**
 * Serves the ingest's HLS output (`<mediaDir>/hls`, written by nginx-rtmp) under /hls/: the
 * playlists `<anchorId>.m3u8` and their segments `<anchorId>-<n>.ts`, nothing else. Files come
 * and go every second, so each request reads the folder afresh. A live's quality ladder
 * (master playlist and transcoded renditions, src/server/media/ladder/) is under /hls/<anchorId>/.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { HLS_PATH } from '../studio/stream.ts';
import { MEDIA_TYPES } from '../http/static.ts';
import { ladderFile } from './ladder/paths.ts';

const FILE = /^\/hls\/(\d{1,10}(?:-\d{1,12})?\.(?:m3u8|ts))$/;

/** True for paths this handler answers. */
export function isHlsPath(pathname: string): boolean {
  return pathname.startsWith(HLS_PATH);
}

/** Answers one /hls/ request from `dir`. */
export async function serveHls(
  dir: string,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const match = FILE.exec(pathname);
  // A live's quality ladder (`/hls/<id>/...`) sits beside the ingest's folder.
  const ladder = match ? null : ladderFile(path.dirname(dir), pathname);
  const method = req.method ?? 'GET';
  if ((!match && !ladder) || (method !== 'GET' && method !== 'HEAD')) {
    res.writeHead(404, { 'cache-control': 'no-store' }).end();
    return;
  }
  const file = ladder ?? path.join(dir, match![1]!);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    res.writeHead(404, { 'cache-control': 'no-store' }).end();
    return;
  }
  const playlist = file.endsWith('.m3u8');
  res.writeHead(200, {
    'content-type': MEDIA_TYPES[playlist ? '.m3u8' : '.ts']!,
    'content-length': info.size,
    // A live playlist changes with every segment; a segment never changes once listed.
    'cache-control': playlist ? 'no-store' : 'public, max-age=60',
  });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
