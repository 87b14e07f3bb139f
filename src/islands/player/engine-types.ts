/** The interface every playback engine implements, apart from choosing and loading one. */
import type { EngineKind } from '../../lib/player/engine.ts';
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
