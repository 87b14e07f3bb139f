/**
 * Playback engines behind one small interface, chosen per browser. hls.js is imported only
 * when the chosen engine needs it, so Safari never downloads it.
 */
import { chooseEngine, type EngineKind } from '../../lib/player/engine.ts';
import type { QualityChoice, Rendition } from '../../lib/player/quality.ts';

/** What an engine reports back to the player. */
export interface EngineEvents {
  /** The variants of the stream, in the engine's level order. */
  renditions: (list: Rendition[]) => void;
  /** The height now on screen. */
  active: (height: number | null) => void;
  /** The stream cannot play (fatal error); the player retries with back-off. */
  fail: (reason: string) => void;
}

/** A stream attached to a video element. */
export interface Engine {
  /** hls.js, the browser's own HLS, or WebRTC (engine-whep.ts, which the player tries itself). */
  kind: Exclude<EngineKind, 'none'> | 'webrtc';
  /** Switches rendition, or back to automatic switching. */
  setQuality: (choice: QualityChoice) => void;
  /** Applies the low-latency setting to a live stream. */
  setLowLatency: (on: boolean) => void;
  /** Detaches from the video element and stops loading. */
  destroy: () => void;
}

/** Options of an engine. */
export interface EngineOptions {
  video: HTMLVideoElement;
  src: string;
  lowLatency: boolean;
  events: EngineEvents;
}

/** Local-storage key that forces an engine (`native` or `hlsjs`) where both work, for testing. */
export const ENGINE_OVERRIDE_KEY = 'player:engine';

/** Which engine this browser gets. */
export function detectEngine(video: HTMLVideoElement): EngineKind {
  const source =
    (window as unknown as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ??
    window.MediaSource;
  const mse =
    typeof source?.isTypeSupported === 'function' &&
    source.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"');
  let prefer: EngineKind | undefined;
  try {
    const forced = localStorage.getItem(ENGINE_OVERRIDE_KEY);
    if (forced === 'native' || forced === 'hlsjs') prefer = forced;
  } catch {
    // Storage can be blocked; the normal choice applies.
  }
  return chooseEngine({
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
    mse,
    apple: navigator.vendor?.startsWith('Apple') ?? false,
    prefer,
  });
}

/** Attaches the stream with the given engine, loading its code on first use. */
export async function createEngine(
  kind: Exclude<EngineKind, 'none'>,
  options: EngineOptions,
): Promise<Engine> {
  if (kind === 'hlsjs') {
    const { attachHlsJs } = await import('./engine-hlsjs.ts');
    return attachHlsJs(options);
  }
  const { attachNative } = await import('./engine-native.ts');
  return attachNative(options);
}
