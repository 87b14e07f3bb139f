/**
 * One replay per live, however often its encoder reconnects. nginx writes one recording per
 * push, so an encoder that drops and comes back (a network hiccup, OBS reconnecting) leaves
 * several; a recording made while its live already has a replay from an earlier push becomes
 * the next part of that replay: its streams are copied beside the replay's (segments named
 * after the part, so nothing is overwritten), the playlist gains a discontinuity and the part's
 * segments, and the replay's length and end move on. Running again after a crash finds the part
 * already in the playlist and only finishes the bookkeeping. Parts are joined in the order the
 * pushes started (the sweep hands recordings over by name, which is by start).
 */
import { mkdir, readFile, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, lt } from 'drizzle-orm';
import { unixSeconds } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { replays } from '../db/schema.ts';
import { log } from '../log.ts';
import { claimRecording, releaseRecording } from './claim.ts';
import { playlistSeconds, remuxToHls } from './ffmpeg.ts';
import { stemOfPlaylistUrl, type RecordingName } from './files.ts';
import {
  publishReplayFiles,
  readReplayPlaylist,
  workFolder,
  writeReplayPlaylist,
} from './replay-objects.ts';
import type { MadeReplay, ReplayFolders } from './replay-types.ts';

/** The replay an earlier push of the same live (live session `sessionId`) made, if any. */
export async function replayToJoin(
  db: Db,
  rec: RecordingName,
  sessionId: number | null,
): Promise<{ id: number; stem: string } | null> {
  if (sessionId === null) return null;
  const [row] = await db
    .select({ id: replays.id, streamUrl: replays.streamUrl })
    .from(replays)
    .where(
      and(
        eq(replays.liveSessionId, sessionId),
        eq(replays.anchorId, rec.anchorId),
        lt(replays.startedAt, rec.startedAt),
      ),
    )
    .orderBy(asc(replays.startedAt))
    .limit(1);
  const stem = row ? stemOfPlaylistUrl(row.streamUrl) : null;
  return row && stem ? { id: row.id, stem } : null;
}

/** The segment name prefix of the part that started at `rec.startedAt`. */
export function partPrefix(rec: RecordingName): string {
  return `seg-${unixSeconds(rec.startedAt)}-`;
}

/**
 * `head` (a VOD playlist) followed by `part`'s segments after a discontinuity, still one VOD
 * playlist: one end tag, the longer target duration.
 */
export function joinPlaylists(head: string, part: string): string {
  const lines = (text: string) => text.split('\n').map((l) => l.trim());
  const target = (text: string) => Number(/^#EXT-X-TARGETDURATION:(\d+)/m.exec(text)?.[1] ?? '0');
  const kept = lines(head).filter((l) => l !== '' && l !== '#EXT-X-ENDLIST');
  const partLines = lines(part);
  const first = partLines.findIndex((l) => l.startsWith('#EXTINF:'));
  const segments =
    first < 0 ? [] : partLines.slice(first).filter((l) => l !== '' && l !== '#EXT-X-ENDLIST');
  const longest = Math.max(target(head), target(part));
  const joined = [...kept, '#EXT-X-DISCONTINUITY', ...segments, '#EXT-X-ENDLIST'].map((l) =>
    l.startsWith('#EXT-X-TARGETDURATION:') ? `#EXT-X-TARGETDURATION:${longest}` : l,
  );
  return `${joined.join('\n')}\n`;
}

/**
 * Appends recording `file` (a later push of the live) to replay `target` and removes the file;
 * null when the replay's playlist is gone (the caller makes a replay of its own). A file ffmpeg
 * cannot copy goes to `unusable`, with the part's half-written files removed.
 */
export async function appendPart(
  db: Db,
  folders: ReplayFolders,
  rec: RecordingName,
  file: string,
  target: { id: number; stem: string; seconds: number },
  unusable: (error: unknown) => Promise<MadeReplay>,
): Promise<MadeReplay | null> {
  // Two parts of one replay handled by two processes at once would race on the playlist.
  const lock = workFolder(folders.mediaDir, `${target.stem}.playlist`);
  await mkdir(path.dirname(lock), { recursive: true, mode: 0o700 });
  if (!(await claimRecording(lock))) return { outcome: 'claimed' };
  try {
    const prefix = partPrefix(rec);
    let playlist = await readReplayPlaylist(folders.media, target.stem);
    if (playlist === null) return null;
    if (!playlist.includes(prefix)) {
      const partList = `part-${rec.stem}.m3u8`;
      const dir = workFolder(folders.mediaDir, `${target.stem}-${rec.stem}`);
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      try {
        await remuxToHls(file, dir, { playlist: partList, segments: `${prefix}%05d.ts` });
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        return await unusable(error);
      }
      const part = await readFile(path.join(dir, partList), 'utf8');
      await rm(path.join(dir, partList));
      // The part's segments are stored before the playlist names them.
      await publishReplayFiles(folders.media, target.stem, dir);
      playlist = joinPlaylists(playlist, part);
      await writeReplayPlaylist(folders.media, target.stem, playlist);
    }
    const durationSec = Math.max(1, Math.round(playlistSeconds(playlist)));
    await db
      .update(replays)
      .set({
        durationSec,
        recordedAt: new Date(rec.startedAt.getTime() + target.seconds * 1000),
      })
      .where(eq(replays.id, target.id));
    await unlink(file).catch(() => {});
    log('info', 'replay_part_joined', { replayId: target.id, recording: rec.file, durationSec });
    return { outcome: 'joined', replayId: target.id, durationSec };
  } finally {
    await releaseRecording(lock);
  }
}
