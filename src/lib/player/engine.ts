/** Which playback engine a browser gets, and the hls.js settings that the viewer controls. */
import type { HlsConfig } from 'hls.js';

/** The engines: the browser's own HLS, hls.js over Media Source Extensions, or none. */
export type EngineKind = 'native' | 'hlsjs' | 'none';

/** What the browser can do, as feature tests report it. */
export interface Capabilities {
  /** `video.canPlayType('application/vnd.apple.mpegurl')` is not empty. */
  nativeHls: boolean;
  /** MediaSource (or ManagedMediaSource) plays H.264 + AAC in fMP4. */
  mse: boolean;
  /** An Apple WebKit browser (Safari, and every browser on iOS). */
  apple: boolean;
  /** A forced engine, for trying one engine where both work. */
  prefer?: EngineKind;
}

/**
 * Native HLS on Apple's browsers, where it is the platform's own player; hls.js wherever
 * MSE exists (Chromium answers "maybe" for HLS but exposes no renditions to pick from);
 * native HLS as a last resort.
 */
export function chooseEngine({ nativeHls, mse, apple, prefer }: Capabilities): EngineKind {
  if (prefer === 'native' && nativeHls) return 'native';
  if (prefer === 'hlsjs' && mse) return 'hlsjs';
  if (apple && nativeHls) return 'native';
  if (mse) return 'hlsjs';
  return nativeHls ? 'native' : 'none';
}

/**
 * Whether a browser, by its user agent, plays HLS natively on Apple's engine (Safari, and every
 * browser on iOS), so the server need not preload hls.js for it. A guess from the header: a
 * wrong answer costs one wasted or one missed preload, never playback.
 */
export function appleNativeHls(userAgent: string | null): boolean {
  if (!userAgent) return false;
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return true;
  return (
    /\bMacintosh\b/.test(userAgent) &&
    /\bVersion\/[\d.]+.*Safari\//.test(userAgent) &&
    !/\b(Chrome|Chromium|Edg|Firefox)\//.test(userAgent)
  );
}

type LatencyKey =
  | 'lowLatencyMode'
  | 'liveSyncDurationCount'
  | 'liveMaxLatencyDurationCount'
  | 'liveSyncDuration'
  | 'liveMaxLatencyDuration'
  | 'maxLiveSyncPlaybackRate'
  | 'backBufferLength';

/** The latency part of the hls.js config for live streams (undefined clears a setting). */
export type LatencyConfig = { [K in LatencyKey]: HlsConfig[K] | undefined };

/**
 * Low latency: stay 1.5 s behind the live edge whatever the segment length (so a 1 s keyframe
 * interval gives about 3 s glass to glass), jump forward past 5 s and catch up at up to 1.5x
 * speed; LL-HLS parts when the stream has them. Off: the hls.js defaults (3 target durations
 * behind, jump back past 10), fewer stalls on weak networks. hls.js takes either durations in
 * seconds or counts of segments, never both, so the other pair is cleared.
 */
export function latencyConfig(lowLatency: boolean): LatencyConfig {
  return lowLatency
    ? {
        lowLatencyMode: true,
        liveSyncDuration: 1.5,
        liveMaxLatencyDuration: 5,
        liveSyncDurationCount: undefined,
        liveMaxLatencyDurationCount: undefined,
        maxLiveSyncPlaybackRate: 1.5,
        backBufferLength: 30,
      }
    : {
        lowLatencyMode: false,
        liveSyncDuration: undefined,
        liveMaxLatencyDuration: undefined,
        liveSyncDurationCount: 3,
        liveMaxLatencyDurationCount: 10,
        maxLiveSyncPlaybackRate: 1,
        backBufferLength: 30,
      };
}
