/**
 * The incoming stream's health for its anchor: nginx-rtmp's statistics (size, frame rate,
 * codec, bitrate, the publisher's clock and drops, src/server/media/stat.ts) and the live HLS
 * playlist (keyframe interval from segment durations, the newest segment's age,
 * src/server/media/playlist.ts), with the warnings of src/lib/studio/stream-health.ts. A live
 * pinned to another ingest machine is read there (`readLiveHealth`).
 */
import path from 'node:path';
import {
  emptyFigures,
  healthWarnings,
  type StreamFigures,
  type StreamHealth,
} from '../../lib/studio/stream-health.ts';
import type { Env } from '../env.ts';
import { keyframeInterval, readLivePlaylist } from './playlist.ts';
import { internalCall, remoteIngest } from './remote.ts';
import { readIngestStat, type IngestStream } from './stat.ts';

/** The figures nginx's statistics give for one stream. */
export function statFigures(s: IngestStream): Partial<StreamFigures> {
  // nginx fills bw_* every 10 s; before the first window the average since connecting is used.
  const average = s.timeMs > 0 ? (s.bytesIn * 8) / s.timeMs : null;
  const kbps = s.bwIn > 0 ? s.bwIn / 1000 : average;
  return {
    width: s.width,
    height: s.height,
    fps: s.frameRate,
    codec: s.codec,
    kbps: kbps === null ? null : Math.round(kbps),
    videoKbps: s.bwVideo > 0 ? Math.round(s.bwVideo / 1000) : null,
    lagMs: s.publisher ? Math.max(0, s.publisher.timeMs - s.publisher.timestampMs) : null,
    dropped: s.publisher?.dropped ?? null,
    uptimeS: Math.round(s.timeMs / 1000),
  };
}

/** How long one answer of the ingest's /stat serves every anchor who asks, in ms. */
export const STAT_REUSE_MS = 1_000;

let lastStat: { port: number; at: number; streams: Promise<IngestStream[] | null> } | null = null;

/**
 * The ingest's streams, asked at most once per STAT_REUSE_MS: the document lists every stream,
 * so many anchors polling at once share one answer.
 */
function ingestStreams(controlPort: number, now: number): Promise<IngestStream[] | null> {
  if (!lastStat || lastStat.port !== controlPort || now - lastStat.at >= STAT_REUSE_MS) {
    lastStat = { port: controlPort, at: now, streams: readIngestStat(controlPort) };
  }
  return lastStat.streams;
}

/** Where the health of a stream is read from. */
export interface HealthSources {
  /** The ingest's loopback control port (its /stat). */
  controlPort: number;
  /** MEDIA_DIR: the playlists are in its `hls` folder. */
  mediaDir: string;
}

/** The health of `anchorId`'s incoming stream now; `sessionOpen` comes from the room. */
export async function readStreamHealth(
  sources: HealthSources,
  anchorId: number,
  sessionOpen: boolean,
  now = Date.now(),
): Promise<StreamHealth> {
  const [streams, playlist] = await Promise.all([
    ingestStreams(sources.controlPort, now),
    readLivePlaylist(path.join(sources.mediaDir, 'hls'), anchorId, now),
  ]);
  const stream = streams?.find((s) => s.name === String(anchorId) && s.publisher);
  const figures: StreamFigures = { ...emptyFigures() };
  if (stream) {
    Object.assign(figures, statFigures(stream));
    if (playlist) {
      figures.keyframeS = keyframeInterval(playlist.segments);
      figures.segmentAgeS =
        playlist.newestAgeS === null ? null : Math.round(playlist.newestAgeS * 10) / 10;
    }
  }
  return {
    session_open: sessionOpen,
    receiving: Boolean(stream),
    ingest: streams !== null,
    figures,
    warnings: stream ? healthWarnings(figures) : [],
    at: now,
  };
}

/** Where a live's health is read: this machine's ingest, or the ingest machines of INGESTS. */
export type HealthEnv = Pick<
  Env,
  'rtmpControlPort' | 'mediaDir' | 'secret' | 'ingestName' | 'ingests'
>;

/**
 * The health of `anchorId`'s live whose room has `streamUrl`: read here for a local live, asked
 * of the ingest machine the URL names otherwise. An ingest machine that does not answer in
 * time reads as an ingest that is not running (nothing received); it never throws.
 */
export async function readLiveHealth(
  env: HealthEnv,
  anchorId: number,
  room: { sessionOpen: boolean; streamUrl: string },
  now = Date.now(),
): Promise<StreamHealth> {
  const machine = remoteIngest(env, room.streamUrl);
  if (!machine) {
    const sources = { controlPort: env.rtmpControlPort, mediaDir: env.mediaDir };
    return readStreamHealth(sources, anchorId, room.sessionOpen, now);
  }
  const res = await internalCall(machine, env.secret, `/health/${anchorId}`);
  const body = (await res?.json().catch(() => null)) as StreamHealth | null;
  if (!body || typeof body !== 'object' || typeof body.figures !== 'object' || !body.figures) {
    return {
      session_open: room.sessionOpen,
      receiving: false,
      ingest: false,
      figures: emptyFigures(),
      warnings: [],
      at: now,
    };
  }
  return { ...body, session_open: room.sessionOpen };
}
