/**
 * Serves the ingest's HLS output (`<mediaDir>/hls`, written by nginx-rtmp) under /hls/: the
 * playlists `<anchorId>.m3u8` and their segments `<anchorId>-<n>.ts`, nothing else. Files come
 * and go every second, so each request reads the folder afresh. A live's quality ladder
 * (master playlist and transcoded renditions, src/server/media/ladder/) is under /hls/<anchorId>/.
 * A ticket live's files are answered only with a pass to that live (gate.ts, pass.ts), and its
 * playlists are answered with the pass added to every URI in them; a free live's are served as
 * they are, with no pass asked.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { HLS_PATH } from './stream.ts';
import { MEDIA_TYPES } from '../http/static.ts';
import { ticketedVideo } from './gate.ts';
import { ladderFile } from './ladder/paths.ts';
import { passAdmits, passOf, passPlaylist } from './pass.ts';

const FILE = /^\/hls\/(\d{1,10}(?:-\d{1,12})?\.(?:m3u8|ts))$/;
const ANCHOR = /^\/hls\/(\d{1,10})\D/;

/** What serving a request needs of the runtime. */
export interface HlsContext {
  db: Db;
  secret: string;
  /** `<mediaDir>/hls`. */
  dir: string;
}

/** True for paths this handler answers. */
export function isHlsPath(pathname: string): boolean {
  return pathname.startsWith(HLS_PATH);
}

function searchOf(req: IncomingMessage): string {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q);
}

/** Answers one /hls/ request. */
export async function serveHls(
  { db, secret, dir }: HlsContext,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const match = FILE.exec(pathname);
  // A live's quality ladder (`/hls/<id>/...`) sits beside the ingest's folder.
  const ladder = match ? null : ladderFile(path.dirname(dir), pathname);
  const method = req.method ?? 'GET';
  const answer = (status: number) => res.writeHead(status, { 'cache-control': 'no-store' }).end();
  if ((!match && !ladder) || (method !== 'GET' && method !== 'HEAD')) return void answer(404);
  const anchorId = Number(ANCHOR.exec(pathname)![1]);
  let live: Date | null;
  try {
    live = await ticketedVideo(db, anchorId);
  } catch {
    return void answer(503);
  }
  const pass = live ? passOf(searchOf(req)) : null;
  if (live && !passAdmits(secret, pass, anchorId, live)) return void answer(403);
  const file = ladder ?? path.join(dir, match![1]!);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return void answer(404);
  const playlist = file.endsWith('.m3u8');
  // A live playlist changes with every segment; a segment never changes once listed. A ticket
  // live's segments stay out of shared caches, which would hand them to anyone with the URL.
  const caching = playlist ? 'no-store' : live ? 'private, max-age=60' : 'public, max-age=60';
  const headers = {
    'content-type': MEDIA_TYPES[playlist ? '.m3u8' : '.ts']!,
    'cache-control': caching,
  };
  if (playlist && pass) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) return void answer(404);
    const body = Buffer.from(passPlaylist(text, pass));
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': info.size });
  if (method === 'HEAD') return void res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
