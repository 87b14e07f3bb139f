/**
 * What a clip is cut from: the HLS media playlist of a live (`<mediaDir>/hls/<anchorId>.m3u8`,
 * written by the ingest) or of a replay (a folder we made under `<mediaDir>/replays`, or a
 * seeded replay's files under public/), read from disk, and the run of whole segments that
 * covers the asked range. Every segment starts on a keyframe (the ingest and our remux cut
 * there), so a clip that begins at the start of the segment holding the asked start needs no
 * re-encoding: it starts up to one segment early, and says where it really starts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPLAY_MEDIA_PATH, replayFilesDir } from '../recordings/files.ts';

/** One media segment on disk and where it sits in its playlist. */
export interface Segment {
  file: string;
  /** Seconds from the playlist's first segment. */
  start: number;
  duration: number;
}

/** A media playlist read from disk. */
export interface MediaSource {
  /** The fMP4 initialisation segment (#EXT-X-MAP), or null for MPEG-TS segments. */
  init: string | null;
  segments: Segment[];
  /** Sum of the segments' lengths, seconds. */
  total: number;
}

/** The segments to copy and where the clip really starts and ends in the source, seconds. */
export interface CutPlan {
  init: string | null;
  segments: Segment[];
  /** The first segment's start (at or before the asked start). */
  start: number;
  /** The asked start. */
  askedStart: number;
  /** Seconds to keep from `start`: to the asked end. */
  length: number;
}

/** A local file named by a playlist line: relative to the playlist, never outside `root`. */
function localFile(dir: string, root: string, uri: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/')) return null;
  const file = path.resolve(dir, uri.split('?')[0]!);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Reads a media playlist (a master playlist is followed to its widest variant). */
export async function readSource(playlist: string, root: string, depth = 0): Promise<MediaSource> {
  const text = await readFile(playlist, 'utf8');
  const dir = path.dirname(playlist);
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines.some((l) => l.startsWith('#EXT-X-STREAM-INF'))) {
    if (depth > 0) throw new Error('nested master playlist');
    let best: { uri: string; bandwidth: number } | null = null;
    lines.forEach((line, i) => {
      if (!line.startsWith('#EXT-X-STREAM-INF')) return;
      const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
      const uri = lines[i + 1];
      if (uri && !uri.startsWith('#') && (!best || bandwidth > best.bandwidth)) {
        best = { uri, bandwidth };
      }
    });
    const chosen = best as { uri: string } | null;
    const file = chosen ? localFile(dir, root, chosen.uri) : null;
    if (!file) throw new Error('no playable variant');
    return readSource(file, root, depth + 1);
  }
  let init: string | null = null;
  const segments: Segment[] = [];
  let total = 0;
  let pending: number | null = null;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      init = uri ? localFile(dir, root, uri) : null;
      if (!init) throw new Error('bad initialisation segment');
    } else if (line.startsWith('#EXTINF:')) {
      pending = Number(/^#EXTINF:([\d.]+)/.exec(line)?.[1] ?? NaN);
    } else if (line && !line.startsWith('#') && pending !== null) {
      const file = localFile(dir, root, line);
      if (!file || !Number.isFinite(pending)) throw new Error('bad segment');
      segments.push({ file, start: total, duration: pending });
      total += pending;
      pending = null;
    }
  }
  return { init, segments, total };
}

/**
 * The whole segments covering [askedStart, askedStart + length) of `source`, starting with the
 * segment that holds askedStart; null when the range is not inside the source.
 */
export function planCut(source: MediaSource, askedStart: number, length: number): CutPlan | null {
  const end = askedStart + length;
  // Half a second of slack: playlists round their lengths.
  if (askedStart < 0 || end > source.total + 0.5) return null;
  const segments = source.segments.filter(
    (s) => s.start + s.duration > askedStart && s.start < end,
  );
  if (segments.length === 0) return null;
  const start = segments[0]!.start;
  const last = segments[segments.length - 1]!;
  return {
    init: source.init,
    segments,
    start,
    askedStart,
    length: Math.min(end, last.start + last.duration) - start,
  };
}

/** The live playlist the ingest writes for `anchorId`, and the folder it may point into. */
export function livePlaylist(mediaDir: string, anchorId: number): { file: string; root: string } {
  const root = path.join(mediaDir, 'hls');
  return { file: path.join(root, `${anchorId}.m3u8`), root };
}

/**
 * The playlist file behind a replay's stream URL: one of our replay folders, or a seeded
 * replay's files under `publicDir` (`/media/...`); null for anything else.
 */
export function replayPlaylist(
  mediaDir: string,
  publicDir: string,
  streamUrl: string,
): { file: string; root: string } | null {
  const ours = /^\/replay-media\/(\d{1,10}-\d{9,11})\/index\.m3u8$/.exec(streamUrl);
  if (ours) {
    const root = path.join(replayFilesDir(mediaDir), ours[1]!);
    return { file: path.join(root, 'index.m3u8'), root };
  }
  if (streamUrl.startsWith(REPLAY_MEDIA_PATH)) return null;
  const seeded = /^\/media\/([a-z0-9-]+)\/([a-z0-9-]+\.m3u8)$/.exec(streamUrl);
  if (!seeded) return null;
  const root = path.join(publicDir, 'media', seeded[1]!);
  return { file: path.join(root, seeded[2]!), root };
}
