/**
 * What a clip is cut from: the HLS media playlist of a live (`<mediaDir>/hls/<anchorId>.m3u8`,
 * written by the ingest on this machine's disk, or read through the internal calls of the
 * ingest machine a live is pinned to) or of a replay (ours in the media store, or a
 * seeded replay's files under public/), and the run of whole segments that covers the asked
 * range. Every segment starts on a keyframe (the ingest and our remux cut
 * there), so a clip that begins at the start of the segment holding the asked start needs no
 * re-encoding: it starts up to one segment early, and says where it really starts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PLAYLIST, REPLAY_MEDIA_PATH, stemOfPlaylistUrl } from '../recordings/files.ts';
import { replayPrefix } from '../recordings/replay-objects.ts';
import type { ObjectStore } from '../storage/store.ts';
import type { IngestMachine } from '../media/ingests.ts';
import { internalCall, remoteIngest, type IngestPlace } from '../media/remote.ts';

/** Where a source's files are read from; names are relative paths below its root. */
export interface SourceFiles {
  text(name: string): Promise<string>;
  bytes(name: string): Promise<Uint8Array>;
}

/** Files in the folder `root` on this machine's disk. */
export function diskFiles(root: string): SourceFiles {
  return {
    text: (name) => readFile(path.join(root, name), 'utf8'),
    bytes: (name) => readFile(path.join(root, name)),
  };
}

/** Objects under `prefix` (a folder, ending with `/`) of a store. */
export function storeFiles(store: ObjectStore, prefix: string): SourceFiles {
  const bytes = async (name: string) => {
    const found = await store.read(`${prefix}${name}`);
    if (!found) throw new Error(`missing source file ${name}`);
    return found;
  };
  return { bytes, text: async (name) => Buffer.from(await bytes(name)).toString('utf8') };
}

/**
 * Files of the live HLS folder of another ingest machine, read one by one through its internal
 * file call (src/server/ingest/internal-routes.ts). A file that cannot be read in time throws,
 * as a missing file on disk does.
 */
export function ingestFiles(machine: IngestMachine, secret: string): SourceFiles {
  const bytes = async (name: string) => {
    const res = await internalCall(machine, secret, `/hls/${encodeURIComponent(name)}`);
    if (!res) throw new Error(`missing source file ${name} on ingest ${machine.name}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  return { bytes, text: async (name) => Buffer.from(await bytes(name)).toString('utf8') };
}

/** One media segment and where it sits in its playlist. */
export interface Segment {
  /** Its name below the source's root. */
  file: string;
  /** Seconds from the playlist's first segment. */
  start: number;
  duration: number;
}

/** A media playlist read from its files. */
export interface MediaSource {
  files: SourceFiles;
  /** The fMP4 initialisation segment (#EXT-X-MAP), or null for MPEG-TS segments. */
  init: string | null;
  segments: Segment[];
  /** Sum of the segments' lengths, seconds. */
  total: number;
}

/** The segments to copy and where the clip really starts and ends in the source, seconds. */
export interface CutPlan {
  files: SourceFiles;
  init: string | null;
  segments: Segment[];
  /** The first segment's start (at or before the asked start). */
  start: number;
  /** The asked start. */
  askedStart: number;
  /** Seconds to keep from `start`: to the asked end. */
  length: number;
}

/** Where a source's playlist is: its files and the playlist's name among them. */
export interface SourcePlace {
  files: SourceFiles;
  playlist: string;
}

/** The name a playlist line points at, relative to the playlist; never outside the root. */
function relativeName(playlist: string, uri: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || uri.includes('\\')) return null;
  const name = path.posix.normalize(
    path.posix.join(path.posix.dirname(playlist), uri.split('?')[0]!),
  );
  return name.startsWith('../') || name === '..' || name.startsWith('/') ? null : name;
}

/** Reads a media playlist (a master playlist is followed to its widest variant). */
export async function readSource(place: SourcePlace, depth = 0): Promise<MediaSource> {
  const { files, playlist } = place;
  const text = await files.text(playlist);
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
    const variant = chosen ? relativeName(playlist, chosen.uri) : null;
    if (!variant) throw new Error('no playable variant');
    return readSource({ files, playlist: variant }, depth + 1);
  }
  let init: string | null = null;
  const segments: Segment[] = [];
  let total = 0;
  let pending: number | null = null;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      init = uri ? relativeName(playlist, uri) : null;
      if (!init) throw new Error('bad initialisation segment');
    } else if (line.startsWith('#EXTINF:')) {
      pending = Number(/^#EXTINF:([\d.]+)/.exec(line)?.[1] ?? NaN);
    } else if (line && !line.startsWith('#') && pending !== null) {
      const file = relativeName(playlist, line);
      if (!file || !Number.isFinite(pending)) throw new Error('bad segment');
      segments.push({ file, start: total, duration: pending });
      total += pending;
      pending = null;
    }
  }
  return { files, init, segments, total };
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
    files: source.files,
    init: source.init,
    segments,
    start,
    askedStart,
    length: Math.min(end, last.start + last.duration) - start,
  };
}

/**
 * The live playlist the ingest writes for `anchorId`: on this machine's disk for a local live,
 * else on the ingest machine the room's `streamUrl` names.
 */
export function livePlaylist(
  env: IngestPlace & { mediaDir: string; secret: string },
  anchorId: number,
  streamUrl: string,
): SourcePlace {
  const machine = remoteIngest(env, streamUrl);
  const files = machine
    ? ingestFiles(machine, env.secret)
    : diskFiles(path.join(env.mediaDir, 'hls'));
  return { files, playlist: `${anchorId}.m3u8` };
}

/**
 * The playlist behind a replay's stream URL: one of our replays in the media store, or a seeded
 * replay's files under `publicDir` (`/media/...`); null for anything else.
 */
export function replayPlaylist(
  media: ObjectStore,
  publicDir: string,
  streamUrl: string,
): SourcePlace | null {
  const stem = stemOfPlaylistUrl(streamUrl);
  if (stem) return { files: storeFiles(media, replayPrefix(stem)), playlist: PLAYLIST };
  if (streamUrl.startsWith(REPLAY_MEDIA_PATH)) return null;
  const seeded = /^\/media\/([a-z0-9-]+)\/([a-z0-9-]+\.m3u8)$/.exec(streamUrl);
  if (!seeded) return null;
  return { files: diskFiles(path.join(publicDir, 'media', seeded[1]!)), playlist: seeded[2]! };
}
