/**
 * Idle detection for the player's controls: visible while the viewer is active or something
 * holds them (paused, a menu open), hidden IDLE_MS after the last activity.
 */

/** Quiet time after which the controls hide (the spec's 2 s idle detection). */
export const IDLE_MS = 2000;

/** An idle detector. */
export interface Idle {
  /** Activity: show now and restart the countdown. */
  poke: () => void;
  /** Keeps the controls visible while `on` for `reason` (several reasons may hold at once). */
  hold: (reason: string, on: boolean) => void;
  /** Stops the timer. */
  dispose: () => void;
}

/** Calls `onChange(visible)` whenever visibility changes; starts visible. */
export function createIdle(onChange: (visible: boolean) => void, ms: number = IDLE_MS): Idle {
  const holds = new Set<string>();
  let visible = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: boolean) => {
    if (next === visible) return;
    visible = next;
    onChange(next);
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (holds.size === 0) set(false);
    }, ms);
  };
  arm();
  return {
    poke() {
      set(true);
      arm();
    },
    hold(reason, on) {
      if (on) holds.add(reason);
      else holds.delete(reason);
      if (on) set(true);
      else if (holds.size === 0) arm();
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
