/**
 * Lane arithmetic of the barrage: every comment crosses at the same speed, so a lane takes a
 * new comment once its last one has fully entered the screen plus a gap. Same speed means a
 * comment never catches the one ahead: lanes never overlap.
 */

/** The last comment sent into a lane. */
export interface LaneTail {
  /** When it entered at the right edge (ms). */
  start: number;
  /** Its width (px). */
  width: number;
}

/** Space between two comments of one lane (px). */
export const LANE_GAP_PX = 24;

/** Lanes that fit `height` px of area with `laneHeight` px each (at least one). */
export function laneCount(height: number, laneHeight: number): number {
  return Math.max(1, Math.floor(height / laneHeight));
}

/**
 * The first lane free at `now` for comments moving at `speed` px/ms, keeping `gap` px behind the
 * lane's last comment, or -1.
 */
export function freeLane(
  tails: (LaneTail | undefined)[],
  now: number,
  speed: number,
  gap = LANE_GAP_PX,
): number {
  for (let i = 0; i < tails.length; i++) {
    const tail = tails[i];
    if (!tail || (now - tail.start) * speed >= tail.width + gap) return i;
  }
  return -1;
}

/** Left edge of a comment at `now`, entering at `start` from a screen `screenWidth` wide. */
export function positionAt(start: number, now: number, speed: number, screenWidth: number): number {
  return screenWidth - (now - start) * speed;
}
