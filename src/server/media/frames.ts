/**
 * Live thumbnails: the newest frame of each stream pushed to our ingest, as small JPEGs in
 * `<mediaDir>/frames/<anchorId>-<unix ms>.jpg` (written by src/server/media/frame-grabber.ts),
 * served under /frames/. The time in the name changes with every frame, so a cached page that
 * names a frame keeps showing that frame, and the next render names the new one. Room cards
 * show a live room's newest frame instead of its cover (`liveCover`); every process reads the
 * folder itself (at most every FRAME_INDEX_MS), so no database column is needed. A ticket live
 * has no thumbnails: its frames are the paid video, so none is taken, cards show its cover and
 * the frames its room still has on disk answer 404 while its video is behind the ticket.
 *
 * On several machines (INGESTS set) a live's frames are on the disk of the ingest machine it is
 * pinned to, served there under `/ingest/<name>/frames/`: the grabber there announces each new
 * frame on the bus and every process keeps the newest of each live (`followFrames`), which
 * cards show instead of reading a folder that is empty on an app machine.
 */
import { createReadStream, readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { peekRuntime } from '../runtime.ts';
import type { Bus } from '../shared/bus.ts';
import { ticketedVideo } from './gate.ts';

/** Where the server serves frames. */
export const FRAMES_PATH = '/frames/';
/** The folder inside MEDIA_DIR. */
export const FRAMES_DIR = 'frames';
/** How long the folder's listing is reused before it is read again, in ms. */
export const FRAME_INDEX_MS = 2_000;

const NAME = /^(\d{1,10})-(\d{13})\.jpg$/;

/** A frame file's anchor and time, or null for other names (temp files, strays). */
export function parseFrameName(name: string): { anchorId: number; at: number } | null {
  const match = NAME.exec(name);
  return match ? { anchorId: Number(match[1]), at: Number(match[2]) } : null;
}

/** The file name of `anchorId`'s frame taken at `at` (unix ms). */
export function frameName(anchorId: number, at: number): string {
  return `${anchorId}-${String(at).padStart(13, '0')}.jpg`;
}

/** Each anchor's newest frame in `dir`: anchor id to { name, at }. */
export function newestFrames(dir: string): Map<number, { name: string; at: number }> {
  const newest = new Map<number, { name: string; at: number }>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return newest;
  }
  for (const name of names) {
    const frame = parseFrameName(name);
    if (!frame) continue;
    const known = newest.get(frame.anchorId);
    if (!known || known.at < frame.at) newest.set(frame.anchorId, { name, at: frame.at });
  }
  return newest;
}

let index: { dir: string; read: number; frames: Map<number, { name: string; at: number }> } = {
  dir: '',
  read: 0,
  frames: new Map(),
};

/** Forgets the cached listing (after a frame is written in this process). */
export function invalidateFrameIndex(): void {
  index.read = 0;
}

/** Each anchor's newest frame in `dir`, from a listing at most FRAME_INDEX_MS old. */
export function currentFrames(
  dir: string,
  now = Date.now(),
): Map<number, { name: string; at: number }> {
  if (index.dir !== dir || now - index.read >= FRAME_INDEX_MS) {
    index = { dir, read: now, frames: newestFrames(dir) };
  }
  return index.frames;
}

/** How old a frame may be and still stand for a live (twice the grab interval). */
export const FRAME_MAX_AGE_MS = 60_000;

/** Each live's newest frame announced on the bus: anchor id to its URL and time. */
const announced = new Map<number, { url: string; at: number }>();

/** Notes a frame announced on the bus; frames past FRAME_MAX_AGE_MS are forgotten. */
export function noteFrame(anchorId: number, url: string, at: number, now = Date.now()): void {
  const known = announced.get(anchorId);
  if (!known || known.at < at) announced.set(anchorId, { url, at });
  for (const [id, frame] of announced) {
    if (now - frame.at > FRAME_MAX_AGE_MS) announced.delete(id);
  }
}

/** The newest announced frame of `anchorId`, or undefined. */
export function announcedFrame(anchorId: number): { url: string; at: number } | undefined {
  return announced.get(anchorId);
}

/** Keeps the frames every ingest machine announces on `bus`; returns the unsubscription. */
export function followFrames(bus: Bus): () => void {
  return bus.subscribe((message) => {
    if (message.kind === 'frame') noteFrame(message.anchorId, message.url, message.at);
  });
}

/**
 * What a room card shows: the newest frame of a live room that sells no ticket when one is
 * younger than FRAME_MAX_AGE_MS, else the room's cover. On one machine the frame is found in
 * the local folder (its /frames/ URL); on several (INGESTS set) it is the newest one announced
 * on the bus, at its ingest machine's URL (`/ingest/<name>/frames/...`).
 */
export function liveCover(
  room: { anchorId: number; isLive: boolean; cover: string; ticket: number },
  mediaDir = peekRuntime()?.env.mediaDir,
  now = Date.now(),
): string {
  if (!room.isLive || room.ticket > 0) return room.cover;
  if (peekRuntime()?.env.ingests.length) {
    const frame = announced.get(room.anchorId);
    return frame && now - frame.at <= FRAME_MAX_AGE_MS ? frame.url : room.cover;
  }
  if (!mediaDir) return room.cover;
  const frame = currentFrames(path.join(mediaDir, FRAMES_DIR), now).get(room.anchorId);
  return frame && now - frame.at <= FRAME_MAX_AGE_MS ? `${FRAMES_PATH}${frame.name}` : room.cover;
}

/** True for paths the frame handler answers. */
export function isFramePath(pathname: string): boolean {
  return pathname.startsWith(FRAMES_PATH);
}

/** Whether anchor `anchorId`'s frames may be shown: not while its video is behind a ticket. */
async function framesFree(db: Db, anchorId: number): Promise<boolean> {
  try {
    return (await ticketedVideo(db, anchorId)) === null;
  } catch {
    return false;
  }
}

/** Answers one /frames/ request from `<mediaDir>/frames`. */
export async function serveFrame(
  media: { db: Db; mediaDir: string },
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const name = pathname.slice(FRAMES_PATH.length);
  const method = req.method ?? 'GET';
  const frame = parseFrameName(name);
  const info =
    frame && (method === 'GET' || method === 'HEAD') && (await framesFree(media.db, frame.anchorId))
      ? await stat(path.join(media.mediaDir, FRAMES_DIR, name)).catch(() => null)
      : null;
  if (!info?.isFile()) {
    res.writeHead(404, { 'cache-control': 'no-store' }).end();
    return;
  }
  res.writeHead(200, {
    'content-type': 'image/jpeg',
    'content-length': info.size,
    // A frame's name carries its time: the bytes behind a name never change.
    'cache-control': 'public, max-age=600, immutable',
  });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(path.join(media.mediaDir, FRAMES_DIR, name))
    .on('error', () => res.destroy())
    .pipe(res);
}
