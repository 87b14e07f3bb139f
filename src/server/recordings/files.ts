/**
 * Where recordings and their replays live: nginx-rtmp writes one FLV per stream into
 * `<mediaDir>/recordings` (`<anchorId>-<unix seconds>.flv`, see src/server/media/nginx.ts), and
 * each becomes an HLS VOD folder `<mediaDir>/replays/<anchorId>-<unix seconds>/` served under
 * /replay-media/.
 */
import path from 'node:path';

/** A recording file's name: the anchor's id and the second nginx opened it. */
export const RECORDING_NAME = /^(\d{1,10})-(\d{9,11})\.flv$/;

/** Where the server serves replay folders. */
export const REPLAY_MEDIA_PATH = '/replay-media/';

/** The playlist and segment names a replay folder holds. */
export const PLAYLIST = 'index.m3u8';

/** What a recording's name says. */
export interface RecordingName {
  /** The file's name without its folder. */
  file: string;
  /** The name without `.flv`: the replay folder's name. */
  stem: string;
  anchorId: number;
  /** When nginx opened the file (the stream's start). */
  startedAt: Date;
}

/** Reads a recording file's name (a path is cut to its last part); null for other names. */
export function parseRecordingName(name: string): RecordingName | null {
  const file = path.basename(name);
  const match = RECORDING_NAME.exec(file);
  if (!match) return null;
  return {
    file,
    stem: file.slice(0, -'.flv'.length),
    anchorId: Number(match[1]),
    startedAt: new Date(Number(match[2]) * 1000),
  };
}

/** The folder nginx records into. */
export function recordingsDir(mediaDir: string): string {
  return path.join(mediaDir, 'recordings');
}

/** The folder holding every replay's HLS folder. */
export function replayFilesDir(mediaDir: string): string {
  return path.join(mediaDir, 'replays');
}

/** The public playlist URL of the replay made from recording `stem`. */
export function replayPlaylistUrl(stem: string): string {
  return `${REPLAY_MEDIA_PATH}${stem}/${PLAYLIST}`;
}

/** The replay folder name a stream URL of ours points at, or null for other URLs (seeded ones). */
export function stemOfPlaylistUrl(url: string): string | null {
  const match = /^\/replay-media\/(\d{1,10}-\d{9,11})\/index\.m3u8$/.exec(url);
  return match ? match[1]! : null;
}
