/**
 * The WebRTC engine: watches a live over WHEP from the site's `/whep/<anchor id>` (the ingest's
 * packets as they come, well under a second behind). Loaded with import() only when the player
 * tries it. The attempt rejects with a WhepFailure as soon as a step fails or misses its limit
 * (the player's WHEP_LIMITS), and the player then loads HLS; once playing, a lost connection is reported
 * through `lost`. The session's resource is deleted when the engine lets go, with the secret the
 * answer gave (the ingest ends a session for nobody else).
 */
import {
  endRequest,
  isLost,
  refusalReason,
  sessionResource,
  WHEP_SECRET_HEADER,
} from '../../lib/player/whep-session.ts';
import type { WhepLimits } from '../../lib/player/whep.ts';
import type { Engine, EngineEvents } from './engine.ts';

/** Why an attempt did not play (`not-webrtc`, `ice-timeout`, `no-frame`, ...). */
export class WhepFailure extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`WHEP: ${reason}`);
    this.reason = reason;
  }
}

/** Options of the WebRTC engine. */
export interface WhepOptions {
  video: HTMLVideoElement;
  /** The site's WHEP endpoint of the room, `/whep/<anchor id>`. */
  endpoint: string;
  events: Pick<EngineEvents, 'renditions' | 'active'>;
  /** The session that played is gone (the player falls back to HLS). */
  lost: (reason: string) => void;
  /** Aborts the attempt (the player was torn down meanwhile). */
  signal: AbortSignal;
  /** How long each step may take. */
  limits: WhepLimits;
}

/**
 * Resolves true once `check` is true, false when `ms` pass first; rejects when `check` throws
 * or `signal` aborts. `check` runs now and on each of the `on` events.
 */
function until(
  check: () => boolean,
  on: [EventTarget, string][],
  ms: number,
  signal: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const stop = new AbortController();
    const done = (value: boolean | Error) => {
      stop.abort();
      clearTimeout(timer);
      if (value instanceof Error) reject(value);
      else resolve(value);
    };
    const test = () => {
      try {
        if (check()) done(true);
      } catch (error) {
        done(error as Error);
      }
    };
    const timer = setTimeout(() => done(false), Math.max(0, ms));
    if (signal.aborted) return done(new WhepFailure('aborted'));
    const options = { signal: stop.signal };
    signal.addEventListener('abort', () => done(new WhepFailure('aborted')), options);
    for (const [target, type] of on) target.addEventListener(type, test, options);
    test();
  });
}

/** Plays the room's WHEP stream in `video`; resolves once its first video frame is there. */
export async function attachWhep({
  video,
  endpoint,
  events,
  lost,
  signal,
  limits,
}: WhepOptions): Promise<Engine> {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const listening = new AbortController();
  const listen = { signal: listening.signal };
  const tracks: MediaStreamTrack[] = [];
  let resource: string | null = null;
  let secret = '';
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    listening.abort();
    pc.close();
    if (video.srcObject) video.srcObject = null;
    // keepalive: the DELETE still goes out when the viewer is leaving the page.
    if (resource && secret) void fetch(resource, endRequest(secret)).catch(() => {});
  };
  const gone = () => {
    if (isLost(pc.connectionState)) throw new WhepFailure(`connection-${pc.connectionState}`);
    return false;
  };

  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.addEventListener('track', (event) => tracks.push(event.track), listen);
    await pc.setLocalDescription(await pc.createOffer());
    // Every candidate goes into the one offer (WHEP sends no trickle here); host candidates
    // only, so gathering ends within milliseconds. At the limit, what was gathered is sent.
    await until(
      () => pc.iceGatheringState === 'complete',
      [[pc, 'icegatheringstatechange']],
      limits.gather,
      signal,
    );
    const posting = new AbortController();
    const late = setTimeout(() => posting.abort(), limits.answer);
    signal.addEventListener('abort', () => posting.abort(), listen);
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp' },
      body: pc.localDescription?.sdp ?? '',
      cache: 'no-store',
      signal: posting.signal,
    })
      .catch(() => {
        throw new WhepFailure(signal.aborted ? 'aborted' : 'no-answer');
      })
      .finally(() => clearTimeout(late));
    resource = sessionResource(res.headers.get('location'), endpoint, location.href);
    secret = res.headers.get(WHEP_SECRET_HEADER) ?? '';
    if (res.status !== 201) throw new WhepFailure(refusalReason(res.status));
    if (!resource || !secret) throw new WhepFailure('no-resource');
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    const answered = performance.now();
    const connected = await until(
      () => pc.connectionState === 'connected' || gone(),
      [[pc, 'connectionstatechange']],
      limits.connect,
      signal,
    );
    if (!connected) throw new WhepFailure('ice-timeout');
    video.srcObject = new MediaStream(tracks);
    // Frames are decoded once the element plays (muted, as the player starts).
    void video.play().catch(() => {});
    const framed = await until(
      () =>
        (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) || gone(),
      [
        [video, 'loadeddata'],
        [video, 'resize'],
        [video, 'playing'],
        [pc, 'connectionstatechange'],
      ],
      answered + limits.firstFrame - performance.now(),
      signal,
    );
    if (!framed) throw new WhepFailure('no-frame');
  } catch (error) {
    close();
    throw error instanceof WhepFailure ? error : new WhepFailure('error');
  }

  // Playing. One rendition (the source): the quality menu offers Auto alone.
  events.renditions([]);
  events.active(video.videoHeight || null);
  video.addEventListener('resize', () => events.active(video.videoHeight || null), listen);
  let reported = false;
  const report = (reason: string) => {
    if (closed || reported) return;
    reported = true;
    lost(reason);
  };
  pc.addEventListener(
    'connectionstatechange',
    () => isLost(pc.connectionState) && report(`connection-${pc.connectionState}`),
    listen,
  );
  for (const track of tracks) track.addEventListener('ended', () => report('track-ended'), listen);

  return {
    kind: 'webrtc',
    setQuality() {
      // One rendition: nothing to switch.
    },
    setLowLatency() {
      // WebRTC plays as soon as packets arrive; switching low latency off reloads into HLS.
    },
    destroy: close,
  };
}
