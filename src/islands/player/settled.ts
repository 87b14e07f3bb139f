/**
 * The window event a player sends once its first state is known (the first frame shown, the
 * stream not started or away, or autoplay refused): the live room holds its other islands
 * until then.
 */
export const PLAYER_SETTLED = 'arena:player-settled';

/** How long the room holds its other islands at most while the player settles. */
export const PLAYER_SETTLE_CAP_MS = 1500;

/**
 * The same on a connection the browser rates slower than 4G. Over a 3G-class line (Chromium's
 * "Slow 4G" throttling) the first frame comes after about 6 s, and islands let go at 1.5 s took
 * the line from the video: a median 0.5 s later and one load in four 3 s later (`bench:room-pair`
 * with BENCH_NETWORK=slow4g). A viewer who reaches for the chat still ends the hold at once.
 */
export const PLAYER_SETTLE_SLOW_CAP_MS = 8000;

/** Sends the event (once per page). */
export function announceSettled(): void {
  const w = window as { arenaPlayerSettled?: boolean };
  if (w.arenaPlayerSettled) return;
  w.arenaPlayerSettled = true;
  window.dispatchEvent(new Event(PLAYER_SETTLED));
}

const waiting = new WeakSet<HTMLVideoElement>();

/**
 * Calls `fn` once `video` has presented a frame, in a task of its own after that frame's
 * rendering step (right away where the browser cannot tell). Asked again while waiting, it
 * does nothing more.
 */
export function afterFirstFrame(video: HTMLVideoElement, fn: () => void): void {
  if (typeof video.requestVideoFrameCallback !== 'function') return fn();
  if (waiting.has(video)) return;
  waiting.add(video);
  video.requestVideoFrameCallback(() => setTimeout(fn, 0));
}
