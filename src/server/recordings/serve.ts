/**
 * Serves replays under /replay-media/: `<stem>/index.m3u8` and its segments, nothing else,
 * from the media store (a bucket's segments by a redirect to a short-lived signed address).
 * Every file is answered only while its replay exists and is not hidden (a unique index
 * lookup), so a copied link, or a segment named by guessing its folder, stops working when the
 * anchor hides or deletes the replay. Files never change once written. A replay made while its
 * ticket live still runs (an earlier push of that live) is that live's video: answered only with
 * a pass to the live (src/server/media/pass.ts), like the live itself; once the live has ended,
 * it is free like every replay (docs/decisions.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { liveRooms, liveSessions, replays } from '../db/schema.ts';
import { passAdmits, passOf, passPlaylist } from '../media/pass.ts';
import { MEDIA_TYPES } from '../http/static.ts';
import type { ObjectStore } from '../storage/store.ts';
import { REPLAY_MEDIA_PATH } from './files.ts';
import { readReplayPlaylist, replayKey } from './replay-objects.ts';

/** The playlist, the first part's segments, and a later part's (`seg-<its start>-NNNNN.ts`). */
const FILE = /^\/replay-media\/(\d{1,10}-\d{9,11})\/(index\.m3u8|seg-(?:\d{9,11}-)?\d{5}\.ts)$/;

/** True for paths this handler answers. */
export function isReplayMediaPath(pathname: string): boolean {
  return pathname.startsWith(REPLAY_MEDIA_PATH);
}

/** The replay made from recording `stem` when it exists and is shown, with who may watch it. */
async function shown(
  db: Db,
  stem: string,
): Promise<{ anchorId: number; ticketLive: Date | null } | null> {
  const [row] = await db
    .select({
      anchorId: replays.anchorId,
      hidden: replays.hidden,
      sessionStart: liveSessions.startedAt,
      sessionEnd: liveSessions.endedAt,
      ticket: liveRooms.ticket,
      roomStart: liveRooms.startedAt,
    })
    .from(replays)
    .leftJoin(liveSessions, eq(liveSessions.id, replays.liveSessionId))
    .leftJoin(liveRooms, eq(liveRooms.anchorId, replays.anchorId))
    .where(eq(replays.recording, `${stem}.flv`));
  if (!row || row.hidden) return null;
  const running =
    row.sessionStart !== null &&
    row.sessionEnd === null &&
    (row.ticket ?? 0) > 0 &&
    row.roomStart?.getTime() === row.sessionStart.getTime();
  return { anchorId: row.anchorId, ticketLive: running ? row.sessionStart : null };
}

/** The start of the running ticket live a replay belongs to, or null when it is free. */
export async function replayTicketLive(db: Db, streamUrl: string): Promise<Date | null> {
  const match = /^\/replay-media\/(\d{1,10}-\d{9,11})\//.exec(streamUrl);
  return match ? ((await shown(db, match[1]!))?.ticketLive ?? null) : null;
}

/** How long a segment's signed address lasts: a viewer's next request is checked again. */
const SIGNED_SEGMENT_SECONDS = 600;

/** Answers one /replay-media/ request from the media store. */
export async function serveReplayMedia(
  db: Db,
  secret: string,
  store: ObjectStore,
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
  const replay = await shown(db, stem).catch(() => null);
  if (!replay) return void notFound();
  const q = (req.url ?? '').indexOf('?');
  const pass = replay.ticketLive ? passOf(q === -1 ? '' : req.url!.slice(q)) : null;
  if (replay.ticketLive && !passAdmits(secret, pass, replay.anchorId, replay.ticketLive)) {
    return void res.writeHead(403, { 'cache-control': 'no-store' }).end();
  }
  const key = replayKey(stem, name);
  const headers = {
    'content-type': MEDIA_TYPES[playlist ? '.m3u8' : '.ts']!,
    // Each request is checked against the row (hiding works at once). Segments never change, so the
    // viewer's browser keeps them; shared caches do not, or a hidden replay would stay out there.
    'cache-control': playlist ? 'no-cache' : 'private, max-age=86400',
  };
  if (playlist) {
    // The playlist always comes from the site: its segments' addresses lead back here.
    const text = await readReplayPlaylist(store, stem).catch(() => null);
    if (text === null) return void notFound();
    const body = Buffer.from(pass ? passPlaylist(text, pass) : text);
    res.writeHead(200, { ...headers, 'content-length': body.length });
    return void res.end(method === 'HEAD' ? undefined : body);
  }
  // A bucket serves the segment itself, at an address that works for a few minutes. Signing
  // needs no network: a failure is a storage set up wrongly, answered as clips answer it.
  const signed = await store.signedUrl(key, SIGNED_SEGMENT_SECONDS).catch(() => undefined);
  if (signed === undefined) return void res.writeHead(503, { 'cache-control': 'no-store' }).end();
  if (signed)
    return void res.writeHead(302, { location: signed, 'cache-control': 'no-store' }).end();
  const opened = await store.open(key).catch(() => null);
  if (!opened) return void notFound();
  res.writeHead(200, { ...headers, 'content-length': opened.info.size });
  if (method === 'HEAD') {
    opened.body.destroy();
    return void res.end();
  }
  // A viewer who leaves mid-segment closes the object's stream too.
  pipeline(opened.body, res, () => {});
}
