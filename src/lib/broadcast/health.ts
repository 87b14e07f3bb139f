/**
 * The health of a browser broadcast from the peer connection's statistics (getStats), read
 * once a second: what the encoder sends (resolution, frame rate, bitrate) and what the ingest
 * reports back (packets lost, round trip), with a plain warning for what hurts viewers.
 */

/** The figures of one statistics read that matter here. */
export interface SendSample {
  /** Milliseconds (the report's timestamp). */
  at: number;
  width: number | null;
  height: number | null;
  fps: number | null;
  /** Bytes of video and audio sent so far. */
  videoBytes: number;
  audioBytes: number;
  /** Video packets sent so far, and lost as the ingest reports them. */
  packetsSent: number;
  packetsLost: number | null;
  /** Seconds, as the ingest's reports give it. */
  rtt: number | null;
  /** Why the encoder holds back (`bandwidth`, `cpu`), or `none`. */
  limitation: string;
}

/** What the console shows. */
export interface BroadcastHealth {
  width: number | null;
  height: number | null;
  fps: number | null;
  /** kb/s over the last interval. */
  videoKbps: number | null;
  audioKbps: number | null;
  /** Share of video packets lost over the last interval, 0..1 (null until the ingest reports). */
  loss: number | null;
  rttMs: number | null;
  warnings: BroadcastWarning[];
}

/** Something the anchor can act on. */
export type BroadcastWarning =
  | { code: 'loss'; percent: number }
  | { code: 'bandwidth' }
  | { code: 'cpu' }
  | { code: 'frameRate'; fps: number };

/** Loss above this share of packets warns (viewers see blocks and freezes). */
export const LOSS_WARN = 0.02;
/** A frame rate below this warns. */
export const FPS_WARN = 20;

type Stat = Record<string, unknown> & { type: string; kind?: string; timestamp: number };

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Picks the figures out of a getStats report (anything iterable of stats objects). */
export function sampleOf(report: Iterable<Stat>, at: number): SendSample {
  const sample: SendSample = {
    at,
    width: null,
    height: null,
    fps: null,
    videoBytes: 0,
    audioBytes: 0,
    packetsSent: 0,
    packetsLost: null,
    rtt: null,
    limitation: 'none',
  };
  for (const s of report) {
    if (s.type === 'outbound-rtp' && s.kind === 'video') {
      sample.width = num(s.frameWidth) ?? sample.width;
      sample.height = num(s.frameHeight) ?? sample.height;
      sample.fps = num(s.framesPerSecond) ?? sample.fps;
      sample.videoBytes += num(s.bytesSent) ?? 0;
      sample.packetsSent += num(s.packetsSent) ?? 0;
      if (typeof s.qualityLimitationReason === 'string')
        sample.limitation = s.qualityLimitationReason;
    } else if (s.type === 'outbound-rtp' && s.kind === 'audio') {
      sample.audioBytes += num(s.bytesSent) ?? 0;
    } else if (s.type === 'remote-inbound-rtp' && s.kind === 'video') {
      const lost = num(s.packetsLost);
      if (lost !== null) sample.packetsLost = (sample.packetsLost ?? 0) + Math.max(0, lost);
      sample.rtt = num(s.roundTripTime) ?? sample.rtt;
    }
  }
  return sample;
}

const kbps = (bytes: number, ms: number): number | null =>
  ms > 0 ? Math.round((bytes * 8) / ms) : null;

/** The health between two samples a moment apart (`prev` null: the first read). */
export function healthOf(prev: SendSample | null, next: SendSample): BroadcastHealth {
  const ms = prev ? next.at - prev.at : 0;
  let loss: number | null = null;
  if (prev && next.packetsLost !== null) {
    const sent = next.packetsSent - prev.packetsSent;
    const lost = next.packetsLost - (prev.packetsLost ?? 0);
    loss = sent > 0 ? Math.min(1, Math.max(0, lost / (sent + Math.max(0, lost)))) : 0;
  }
  const warnings: BroadcastWarning[] = [];
  if (loss !== null && loss > LOSS_WARN)
    warnings.push({ code: 'loss', percent: Math.round(loss * 1000) / 10 });
  if (next.limitation === 'bandwidth') warnings.push({ code: 'bandwidth' });
  if (next.limitation === 'cpu') warnings.push({ code: 'cpu' });
  if (next.fps !== null && next.fps < FPS_WARN && next.fps > 0)
    warnings.push({ code: 'frameRate', fps: Math.round(next.fps) });
  return {
    width: next.width,
    height: next.height,
    fps: next.fps === null ? null : Math.round(next.fps),
    videoKbps: prev ? kbps(next.videoBytes - prev.videoBytes, ms) : null,
    audioKbps: prev ? kbps(next.audioBytes - prev.audioBytes, ms) : null,
    loss,
    rttMs: next.rtt === null ? null : Math.round(next.rtt * 1000),
    warnings,
  };
}
