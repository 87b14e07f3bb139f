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

/** The latency part of the hls.js config for live streams. */
export type LatencyConfig = Pick<
  HlsConfig,
  | 'lowLatencyMode'
  | 'liveSyncDurationCount'
  | 'liveMaxLatencyDurationCount'
  | 'maxLiveSyncPlaybackRate'
  | 'backBufferLength'
>;

/**
 * Low latency: LL-HLS parts, stay 2 target durations behind the live edge and catch up at up
 * to 1.25x speed; off: the hls.js defaults (3 behind, jump back past 10), fewer stalls.
 */
export function latencyConfig(lowLatency: boolean): LatencyConfig {
  return lowLatency
    ? {
        lowLatencyMode: true,
        liveSyncDurationCount: 2,
        liveMaxLatencyDurationCount: 5,
        maxLiveSyncPlaybackRate: 1.25,
        backBufferLength: 30,
      }
    : {
        lowLatencyMode: false,
        liveSyncDurationCount: 3,
        liveMaxLatencyDurationCount: 10,
        maxLiveSyncPlaybackRate: 1,
        backBufferLength: 30,
      };
}
