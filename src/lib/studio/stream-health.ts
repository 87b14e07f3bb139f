/**
 * The incoming stream's health as the server measures it and the anchor's screens show it:
 * the answer of GET /api/studio/stream_health and the rules that turn figures into warnings.
 */

/** How often the anchor's screens ask for the figures while live, in ms. */
export const HEALTH_POLL_MS = 5_000;

/** Longest keyframe interval viewers join and switch quality well with, in seconds. */
export const MAX_KEYFRAME_S = 2;
/** Lowest frame rate that looks smooth for sport. */
export const MIN_FRAME_RATE = 24;
/** Encoder lag behind real time (wall clock minus stream clock) that viewers feel, in ms. */
export const MAX_LAG_MS = 3_000;
/** Seconds without a new HLS segment after which the stream counts as stalled. */
export const STALL_S = 5;

/** Lowest video bitrate (kb/s) for a picture height: the table the warnings use, tallest first. */
export const MIN_KBPS_BY_HEIGHT: readonly { height: number; kbps: number }[] = [
  { height: 1080, kbps: 3_000 },
  { height: 720, kbps: 1_500 },
  { height: 480, kbps: 800 },
  { height: 0, kbps: 400 },
];

/** The lowest video bitrate in kb/s for a picture `height` pixels tall. */
export function minKbpsFor(height: number): number {
  return MIN_KBPS_BY_HEIGHT.find((row) => height >= row.height)?.kbps ?? 400;
}

/** A setting or condition that hurts viewers, with the figures its message names. */
export type HealthWarning =
  | { code: 'keyframe'; seconds: number; max: number }
  | { code: 'bitrate'; kbps: number; min: number; height: number }
  | { code: 'frameRate'; fps: number; min: number }
  | { code: 'lag'; ms: number }
  | { code: 'dropped'; frames: number }
  | { code: 'stalled'; seconds: number };

/** What the server knows of the stream now; a figure is null when it is not known yet. */
export interface StreamFigures {
  width: number | null;
  height: number | null;
  /** Frames per second the encoder announced. */
  fps: number | null;
  /** Video codec the encoder announced (H264, HEVC...). */
  codec: string | null;
  /** Incoming bitrate, audio and video, in kb/s. */
  kbps: number | null;
  /** Video bitrate in kb/s (the whole stream's when nginx has no split yet). */
  videoKbps: number | null;
  /** Longest gap between keyframes over the recent segments, in seconds. */
  keyframeS: number | null;
  /** How far the stream's clock is behind the wall clock since it connected, in ms. */
  lagMs: number | null;
  /** Frames the ingest dropped from this stream. */
  dropped: number | null;
  /** Seconds since the newest HLS segment was written. */
  segmentAgeS: number | null;
  /** Seconds since the encoder connected. */
  uptimeS: number | null;
}

/** GET /api/studio/stream_health: whether a stream arrives, its figures and warnings. */
export interface StreamHealth {
  /** The live session is open (startLive called, endLive not yet). */
  session_open: boolean;
  /** An encoder is pushing to the ingest now. */
  receiving: boolean;
  /** The ingest could be asked (false: not running on this machine). */
  ingest: boolean;
  figures: StreamFigures;
  warnings: HealthWarning[];
  /** When the figures were read (unix ms). */
  at: number;
}

/** Figures that are all unknown. */
export function emptyFigures(): StreamFigures {
  return {
    width: null,
    height: null,
    fps: null,
    codec: null,
    kbps: null,
    videoKbps: null,
    keyframeS: null,
    lagMs: null,
    dropped: null,
    segmentAgeS: null,
    uptimeS: null,
  };
}

/**
 * The warnings for `f`, worst first for viewers: a stalled stream, then settings (keyframe
 * interval, bitrate for the resolution, frame rate), then lag and drops. Unknown figures warn
 * of nothing. Bitrate is judged once the stream has run 5 s (the first seconds are bursty).
 */
export function healthWarnings(f: StreamFigures): HealthWarning[] {
  const out: HealthWarning[] = [];
  if (f.segmentAgeS !== null && f.segmentAgeS > STALL_S) {
    out.push({ code: 'stalled', seconds: Math.round(f.segmentAgeS) });
  }
  if (f.keyframeS !== null && f.keyframeS > MAX_KEYFRAME_S + 0.05) {
    out.push({ code: 'keyframe', seconds: round1(f.keyframeS), max: MAX_KEYFRAME_S });
  }
  const kbps = f.videoKbps ?? f.kbps;
  if (kbps !== null && f.height !== null && (f.uptimeS ?? 0) >= 5) {
    const min = minKbpsFor(f.height);
    if (kbps < min) out.push({ code: 'bitrate', kbps: Math.round(kbps), min, height: f.height });
  }
  if (f.fps !== null && f.fps > 0 && f.fps < MIN_FRAME_RATE) {
    out.push({ code: 'frameRate', fps: round1(f.fps), min: MIN_FRAME_RATE });
  }
  if (f.lagMs !== null && f.lagMs > MAX_LAG_MS) out.push({ code: 'lag', ms: f.lagMs });
  if (f.dropped !== null && f.dropped > 0) out.push({ code: 'dropped', frames: f.dropped });
  return out;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
