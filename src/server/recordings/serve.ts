/**
 * Serves replay folders under /replay-media/: `<stem>/index.m3u8` and its segments, nothing
 * else. Every file is answered only while its replay exists and is not hidden (a unique
 * index lookup), so a copied link, or a segment named by guessing its folder, stops working when
 * the anchor hides or deletes the replay. Files never change once written.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { replays } from '../db/schema.ts';
import { MEDIA_TYPES } from '../http/static.ts';
import { REPLAY_MEDIA_PATH, replayFilesDir } from './files.ts';

/** The playlist, the first part's segments, and a later part's (`seg-<its start>-NNNNN.ts`). */
const FILE = /^\/replay-media\/(\d{1,10}-\d{9,11})\/(index\.m3u8|seg-(?:\d{9,11}-)?\d{5}\.ts)$/;

/** True for paths this handler answers. */
export function isReplayMediaPath(pathname: string): boolean {
  return pathname.startsWith(REPLAY_MEDIA_PATH);
}

/** Whether the replay made from recording `stem` exists and is shown. */
async function shown(db: Db, stem: string): Promise<boolean> {
  const [row] = await db
    .select({ hidden: replays.hidden })
    .from(replays)
    .where(eq(replays.recording, `${stem}.flv`));
  return row !== undefined && !row.hidden;
}

/** Answers one /replay-media/ request from `<mediaDir>/replays`. */
export async function serveReplayMedia(
  db: Db,
  mediaDir: string,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const match = FILE.exec(pathname);
  const method = req.method ?? 'GET';
  const notFound = () => res.writeHead(404, { 'cache-control': 'no-store' }).end();
  if (!match || (method !== 'GET' && method !== 'HEAD')) return void notFound();
  const [, stem, name] = match as unknown as [string, string, string];
  const playlist = name.endsWith('.m3u8');
  if (!(await shown(db, stem).catch(() => false))) return void notFound();
  const file = path.join(replayFilesDir(mediaDir), stem, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return void notFound();
  res.writeHead(200, {
    'content-type': MEDIA_TYPES[playlist ? '.m3u8' : '.ts']!,
    'content-length': info.size,
    // Each request is checked against the row (hiding works at once). Segments never change, so the
    // viewer's browser keeps them; shared caches do not, or a hidden replay would stay out there.
    'cache-control': playlist ? 'no-cache' : 'private, max-age=86400',
  });
  if (method === 'HEAD') return void res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
