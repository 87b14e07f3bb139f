/**
 * The room player's WebRTC mode (WHEP): when it is tried, how long each step of an attempt may
 * take, the player's memory of a fallback to HLS, and what the low-latency switch does. Pure, so
 * the rules are tested without a browser. The engine that talks WHEP
 * (src/islands/player/engine-whep.ts, with its own pure parts in whep-session.ts) is loaded only
 * when tried; the player hands it WHEP_LIMITS, so this module stays in the player's own chunk.
 */

/** How the player plays: WebRTC from our WHEP server, or HLS (hls.js or the browser's own). */
export type PlaybackMode = 'webrtc' | 'hls';

/** How long a player leaves WHEP alone after it fell back to HLS. */
export const WHEP_REST_MS = 60_000;

/**
 * The limits of one attempt, in ms. Each one missed falls back to HLS at once. The offer waits
 * for ICE gathering (host candidates only, no STUN: usually a few ms); the ingest answers a
 * stream it does not have (an RTMP push) with a quick 404. Connection and first frame are
 * counted from the answer.
 */
export const WHEP_LIMITS: WhepLimits = {
  gather: 1_000,
  answer: 3_000,
  connect: 4_000,
  firstFrame: 5_000,
};

/** The limits of one attempt (WHEP_LIMITS, or shorter ones in a test). */
export interface WhepLimits {
  gather: number;
  answer: number;
  connect: number;
  firstFrame: number;
}

/** The facts that decide whether a load tries WHEP first. */
export interface WhepContext {
  /** The viewer's low-latency switch. */
  lowLatency: boolean;
  /** The player box's `data-whep` (absent for ticket rooms). */
  whep: string | undefined;
  /** The room is broadcasting. */
  live: boolean;
  /** The stream the player would load over HLS. */
  src: string;
  /** The browser has RTCPeerConnection. */
  webrtc: boolean;
  /** The player fell back to HLS less than WHEP_REST_MS ago. */
  resting: boolean;
}

/** The prefix of an ingest machine's paths on a site with several (`/ingest/a`), or none. */
const INGEST = '(?:/ingest/[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?)?';
const WHEP_ENDPOINT = new RegExp(`^${INGEST}/whep/\\d{1,10}$`);
const INGEST_STREAM = new RegExp(`^${INGEST}/hls/`);

/** True for a WHEP endpoint of the site: `/whep/<anchor id>` or `/ingest/<name>/whep/<id>`. */
export function isWhepEndpoint(path: string | undefined): path is string {
  return path !== undefined && WHEP_ENDPOINT.test(path);
}

/** True for a stream of our own ingest: `/hls/...` or `/ingest/<name>/hls/...`. */
export function isIngestStream(src: string | undefined): boolean {
  return src !== undefined && INGEST_STREAM.test(src);
}

/**
 * The source playlist beside a room's WHEP endpoint (`/ingest/a/whep/7` gives
 * `/ingest/a/hls/7.m3u8`): what a room that starts broadcasting after its page loaded plays.
 */
export function ingestStreamOf(whep: string): string | null {
  return isWhepEndpoint(whep) ? whep.replace(/\/whep\/(\d+)$/, '/hls/$1.m3u8') : null;
}

/**
 * Whether WHEP is tried before HLS: low latency on, a live of our own ingest (a `/hls/` stream,
 * with its ingest's prefix on several machines; other streams never reach the WHEP server), a
 * room that allows it, a browser with WebRTC, and no fallback in the last minute.
 */
export function shouldTryWhep(c: WhepContext): boolean {
  return (
    c.lowLatency &&
    c.live &&
    c.webrtc &&
    !c.resting &&
    isWhepEndpoint(c.whep) &&
    isIngestStream(c.src)
  );
}

/** A player's memory of its last fallback to HLS. */
export interface WhepMemory {
  /** Records a fallback (why, for the player box's `data-whep-fallback`). */
  fellBack: (reason: string) => void;
  /** True while WHEP should not be tried again. */
  resting: () => boolean;
  /** Why the last fallback happened, or '' before any. */
  reason: () => string;
}

/** A fresh memory; `now` is the clock (ms). */
export function createWhepMemory(now: () => number = Date.now): WhepMemory {
  let at = -Infinity;
  let why = '';
  return {
    fellBack(reason) {
      at = now();
      why = reason;
    },
    resting: () => now() - at < WHEP_REST_MS,
    reason: () => why,
  };
}

/**
 * What turning the low-latency switch does to a running player: reload into the other mode
 * (off while WebRTC plays; on when WHEP would now be tried), or tune the HLS engine in place.
 */
export function afterLowLatencyToggle(
  mode: PlaybackMode | null,
  wouldTryWhep: boolean,
): 'reload' | 'tune' {
  if (mode === 'webrtc') return 'reload';
  return mode === 'hls' && wouldTryWhep ? 'reload' : 'tune';
}
