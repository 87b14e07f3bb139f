/**
 * Turns one finished recording into a replay: its length (ffprobe), a thumbnail under the
 * uploads folder, the streams copied into an HLS VOD folder handed to the media store
 * (replay-objects.ts), then one `replays` row keyed by the file's name, and only then the
 * recording is removed. A later push of a live that already has a replay is added to that
 * replay instead (join-parts.ts). Every step can run again after a crash: the work folder and
 * the stored files are rewritten, the row is inserted once (unique key), a file whose row
 * exists is only removed.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { liveRooms, liveSessions, replays } from '../db/schema.ts';
import { log } from '../log.ts';
import {
  parseRecordingName,
  recordingsDir,
  replayPlaylistUrl,
  type RecordingName,
} from './files.ts';
import { publishReplayFiles, removeReplayFiles, workFolder } from './replay-objects.ts';
import { claimRecording, releaseRecording } from './claim.ts';
import { grabThumbnail, probeDuration, remuxToHls } from './ffmpeg.ts';
import { appendPart, replayToJoin } from './join-parts.ts';
import type { MadeReplay, ReplayFolders } from './replay-types.ts';
import { monthFolder, type ObjectStore } from '../storage/store.ts';

/** Recordings shorter than this (a reconnect that carried nothing) are dropped, seconds. */
export const MIN_REPLAY_SECONDS = 1;

/** A file ffprobe cannot read that is smaller than this held no media (an empty publish). */
const EMPTY_BYTES = 64 * 1024;

/** Title, categories and match of the live the recording belongs to (its anchor's latest before it). */
async function liveOf(db: Db, rec: RecordingName) {
  // nginx opens the file when the stream starts, after startLive; a minute of slack for clocks.
  const [session] = await db
    .select()
    .from(liveSessions)
    .where(
      and(
        eq(liveSessions.anchorId, rec.anchorId),
        lte(liveSessions.startedAt, new Date(rec.startedAt.getTime() + 60_000)),
      ),
    )
    .orderBy(desc(liveSessions.startedAt))
    .limit(1);
  const [room] = await db.select().from(liveRooms).where(eq(liveRooms.anchorId, rec.anchorId));
  if (!room) return null;
  return {
    sessionId: session?.id ?? null,
    title: session?.title ?? room.title,
    categoryId: session?.categoryId ?? room.categoryId,
    secondCategoryId: session ? session.secondCategoryId : room.secondCategoryId,
    matchId: room.matchId,
  };
}

/** Stores the thumbnail as `uploads/YYYY/MM/<hex>.jpg`; returns its public path. */
async function thumbnail(file: string, seconds: number, store: ObjectStore, now: Date) {
  const key = `uploads/${monthFolder(now)}/${randomBytes(12).toString('hex')}.jpg`;
  const grabbed = path.join(path.dirname(file), `.thumb-${randomBytes(6).toString('hex')}.jpg`);
  try {
    // A frame a little way in: the first ones are often black while the encoder settles.
    await grabThumbnail(file, Math.min(seconds / 2, 30), grabbed);
    await store.putFile(key, grabbed, { contentType: 'image/jpeg', visibility: 'public' });
  } finally {
    await rm(grabbed, { force: true });
  }
  return `/${key}`;
}

/** Moves a recording ffmpeg could not use to `recordings/failed/`, kept for a person to look at. */
async function setAside(file: string, error: unknown): Promise<MadeReplay> {
  // ffmpeg itself missing is the machine's fault, not the file's: keep it for the next sweep.
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
  const failed = path.join(path.dirname(file), 'failed');
  await mkdir(failed, { recursive: true });
  await rename(file, path.join(failed, path.basename(file)));
  log('error', 'recording_failed', { recording: path.basename(file), error: String(error) });
  return { outcome: 'failed' };
}

/**
 * Makes the replay of recording `name` (a file in the recordings folder), unless another
 * process is at it. A file ffmpeg cannot read is set aside; database errors are thrown, and
 * the file stays for the next sweep.
 */
export async function makeReplay(
  db: Db,
  folders: ReplayFolders,
  name: string,
): Promise<MadeReplay> {
  const rec = parseRecordingName(name);
  if (!rec) throw new Error(`not a recording name: ${name}`);
  const file = path.join(recordingsDir(folders.mediaDir), rec.file);
  if (!(await claimRecording(file))) return { outcome: 'claimed' };
  try {
    return await make(db, folders, rec, file);
  } finally {
    await releaseRecording(file);
  }
}

async function make(
  db: Db,
  folders: ReplayFolders,
  rec: RecordingName,
  file: string,
): Promise<MadeReplay> {
  const size = (await stat(file).catch(() => null))?.size;
  // Gone meanwhile: another process finished it.
  if (size === undefined) return { outcome: 'exists' };
  const [existing] = await db
    .select({ id: replays.id })
    .from(replays)
    .where(eq(replays.recording, rec.file));
  if (existing) {
    await unlink(file).catch(() => {});
    return { outcome: 'exists' };
  }
  let probed: number;
  try {
    probed = await probeDuration(file);
  } catch (error) {
    if (size >= EMPTY_BYTES) return setAside(file, error);
    probed = 0;
  }
  if (probed < MIN_REPLAY_SECONDS) {
    await unlink(file).catch(() => {});
    return { outcome: 'tooShort' };
  }
  const live = await liveOf(db, rec);
  if (!live?.categoryId) {
    // No room (the anchor's account is gone): nothing to show it under.
    await unlink(file).catch(() => {});
    return { outcome: 'noLive' };
  }
  // The encoder came back during a live that already has a replay: this push continues it.
  const joinTo = await replayToJoin(db, rec, live.sessionId);
  if (joinTo) {
    const joined = await appendPart(db, folders, rec, file, { ...joinTo, seconds: probed }, (e) =>
      setAside(file, e),
    );
    if (joined) return joined;
  }
  const now = new Date();
  const dir = workFolder(folders.mediaDir, rec.stem);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let cover: string;
  try {
    cover = await thumbnail(file, probed, folders.store, now);
    await remuxToHls(file, dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return setAside(file, error);
  }
  try {
    await removeReplayFiles(folders.media, rec.stem);
    await publishReplayFiles(folders.media, rec.stem, dir);
  } catch (error) {
    // A store out of reach: nothing half-made is left, and the recording stays for the next
    // sweep, which makes the replay again from the start.
    await removeReplayFiles(folders.media, rec.stem).catch(() => {});
    await folders.store.remove(cover.slice(1)).catch(() => {});
    throw error;
  }
  const durationSec = Math.max(1, Math.round(probed));
  const [row] = await db
    .insert(replays)
    .values({
      anchorId: rec.anchorId,
      title: live.title,
      cover,
      categoryId: live.categoryId,
      secondCategoryId: live.secondCategoryId,
      matchId: live.matchId,
      streamUrl: replayPlaylistUrl(rec.stem),
      durationSec,
      startedAt: rec.startedAt,
      recordedAt: new Date(rec.startedAt.getTime() + durationSec * 1000),
      recording: rec.file,
      liveSessionId: live.sessionId,
    })
    .onConflictDoNothing({ target: replays.recording })
    .returning({ id: replays.id });
  await unlink(file).catch(() => {});
  if (!row) return { outcome: 'exists' };
  log('info', 'replay_recorded', { anchorId: rec.anchorId, replayId: row.id, durationSec });
  return { outcome: 'made', replayId: row.id, durationSec };
}
