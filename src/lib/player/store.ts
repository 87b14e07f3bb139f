/**
 * One player's state as a nanostores map: the machine's status plus what the controls show.
 * The island subscribes to render and reports media events through these actions.
 */
import { map, type MapStore } from 'nanostores';
import { INITIAL_STATE, transition, type MachineEvent, type PlayerStatus } from './machine.ts';
import type { QualityChoice, Rendition } from './quality.ts';
import type { PlaybackMode } from './whep.ts';

/** Everything the player's view renders. */
export interface PlayerView {
  status: PlayerStatus;
  /** Failures in a row, for the retry delay. */
  attempt: number;
  paused: boolean;
  muted: boolean;
  /** 0..1 */
  volume: number;
  /** Muted by the autoplay rule rather than by the viewer: the "tap to unmute" hint shows. */
  autoMuted: boolean;
  /** The browser refused to start playback without a tap, even muted. */
  blocked: boolean;
  /** Variants of the stream, in the engine's level order. */
  renditions: Rendition[];
  /** The viewer's pick in the quality menu. */
  quality: QualityChoice;
  /** Height of the rendition on screen, when known. */
  activeHeight: number | null;
  /** How the stream plays (WebRTC or HLS); null while no engine is attached. */
  mode: PlaybackMode | null;
  fullscreen: boolean;
  pip: boolean;
  /** The quality menu is open. */
  menuOpen: boolean;
  /** The controls are shown (not idle). */
  controls: boolean;
}

/** A player store and its actions. */
export interface PlayerStore {
  $view: MapStore<PlayerView>;
  /** Feeds an event to the state machine. */
  send: (event: MachineEvent) => void;
  /** Merges media facts (paused, volume, renditions ...) into the view. */
  update: (patch: Partial<Omit<PlayerView, 'status' | 'attempt'>>) => void;
}

/** Creates the store for a room that is (or is not) live; muted until the viewer unmutes. */
export function createPlayerStore(live: boolean, volume = 0.8): PlayerStore {
  const $view = map<PlayerView>({
    ...(live ? INITIAL_STATE : transition(INITIAL_STATE, { type: 'offline' })),
    paused: true,
    muted: true,
    volume,
    autoMuted: true,
    blocked: false,
    renditions: [],
    quality: 'auto',
    activeHeight: null,
    mode: null,
    fullscreen: false,
    pip: false,
    menuOpen: false,
    controls: true,
  });
  return {
    $view,
    send(event) {
      const view = $view.get();
      const next = transition({ status: view.status, attempt: view.attempt }, event);
      if (next.status !== view.status || next.attempt !== view.attempt) {
        $view.set({ ...view, ...next });
      }
    },
    update(patch) {
      const view = $view.get();
      const changed = (Object.keys(patch) as (keyof typeof patch)[]).some(
        (key) => patch[key] !== view[key],
      );
      if (changed) $view.set({ ...view, ...patch });
    },
  };
}
