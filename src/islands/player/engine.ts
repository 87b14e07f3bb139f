/**
 * Playback engines behind one small interface, chosen per browser. hls.js is imported only
 * when the chosen engine needs it, so Safari never downloads it.
 */
import { chooseEngine, type EngineKind } from '../../lib/player/engine.ts';
import type { attachHlsJs } from './engine-hlsjs.ts';
import type { Engine, EngineEvents, EngineOptions } from './engine-types.ts';

export type { Engine, EngineEvents, EngineOptions };

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

let hlsJs: { attachHlsJs: typeof attachHlsJs } | undefined;

/**
 * Loads the hls.js engine ahead of the player. Once it has loaded, createEngine attaches it in
 * the same task: a dynamic import resolves in a task of its own, and on a page still being laid
 * out the browser may run a whole layout before that task.
 */
export async function preloadHlsJs(): Promise<void> {
  hlsJs = await import('./engine-hlsjs.ts');
}

/** Attaches the stream with the given engine, loading its code on first use. */
export async function createEngine(
  kind: Exclude<EngineKind, 'none'>,
  options: EngineOptions,
): Promise<Engine> {
  if (kind === 'hlsjs') {
    const { attachHlsJs } = hlsJs ?? (await import('./engine-hlsjs.ts'));
    return attachHlsJs(options);
  }
  const { attachNative } = await import('./engine-native.ts');
  return attachNative(options);
}
