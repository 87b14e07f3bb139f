/**
 * Reading the ingest's live HLS playlists (`<mediaDir>/hls/<anchorId>.m3u8`, written by
 * nginx-rtmp): the segments listed with their durations. nginx-rtmp cuts a fragment at the
 * first keyframe after `hls_fragment` (1 s), so a segment longer than 1 s is one keyframe
 * interval: the playlist tells the encoder's keyframe interval without decoding anything.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** A listed segment. */
export interface Segment {
  /** File name inside the HLS folder (`<anchorId>-<n>.ts`). */
  uri: string;
  /** Seconds, from #EXTINF. */
  duration: number;
}

/** The segments of a media playlist, oldest first. */
export function parseSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, duration: Number.isFinite(duration) ? duration : 0 });
      duration = null;
    }
  }
  return segments;
}

/**
 * The keyframe interval the segments reveal: the longest segment, or null without segments.
 * With keyframes 1 s apart or closer every segment is about 1 s, which is all that matters.
 */
export function keyframeInterval(segments: Segment[]): number | null {
  if (segments.length === 0) return null;
  return Math.max(...segments.map((s) => s.duration));
}

/** The live playlist of `anchorId` read now, with its newest segment's age in seconds. */
export interface LivePlaylist {
  segments: Segment[];
  /** Absolute path of the newest segment, or null without one. */
  newest: string | null;
  /** Seconds since the newest segment was written. */
  newestAgeS: number | null;
}

/** Reads `<hlsDir>/<anchorId>.m3u8`; null when the anchor has no playlist. */
export async function readLivePlaylist(
  hlsDir: string,
  anchorId: number,
  now = Date.now(),
): Promise<LivePlaylist | null> {
  const text = await readFile(path.join(hlsDir, `${anchorId}.m3u8`), 'utf8').catch(() => null);
  if (text === null) return null;
  const segments = parseSegments(text).filter((s) => /^\d+-\d+\.ts$/.test(s.uri));
  const last = segments.at(-1);
  if (!last) return { segments, newest: null, newestAgeS: null };
  const newest = path.join(hlsDir, last.uri);
  const info = await stat(newest).catch(() => null);
  return {
    segments,
    newest: info ? newest : null,
    newestAgeS: info ? Math.max(0, (now - info.mtimeMs) / 1000) : null,
  };
}
