/**
 * Which comment flies when, and in which lane: the barrage's queue, its freshness cap and its
 * density, apart from any drawing so it can be tested on its own. A comment that cannot get on
 * screen within FRESH_MS of arriving is dropped rather than shown late (speaker comments are paid
 * for: they go first and are never dropped). Densities:
 * - sparse: every other lane, with a wide gap between comments of a lane;
 * - normal: every lane, comments of a lane never overlap;
 * - full: lanes at half spacing, and when none is free a comment shares the lane its last comment
 *   left furthest behind, so every comment flies the moment it arrives.
 */
import { freeLane, LANE_GAP_PX, laneCount, type LaneTail } from './lanes.ts';

/** Barrage densities, sparsest first. */
export const BARRAGE_DENSITIES = ['sparse', 'normal', 'full'] as const;

/** One of BARRAGE_DENSITIES. */
export type BarrageDensity = (typeof BARRAGE_DENSITIES)[number];

/**
 * Longest wait for a lane (ms). A comment cheers what the picture shows now: two seconds late it
 * still reads as a reaction to the play, later it follows the next one. The chat list keeps
 * every comment whatever the barrage drops.
 */
export const FRESH_MS = 2000;

/** Gap between two comments of a lane at sparse density (px). */
export const SPARSE_GAP_PX = LANE_GAP_PX * 6;

/** A comment waiting for a lane. */
export interface Waiting<T> {
  item: T;
  /** When it arrived (ms, the clock of `now`). */
  at: number;
  priority: boolean;
}

/** A comment given a lane. */
export interface Launch<T> {
  item: T;
  /** Lane index; its centre is at `(lane + 0.5) * laneSpacing`. */
  lane: number;
  /** Wait from arrival to launch (ms). */
  lag: number;
}

/** The queue and lanes of one barrage. */
export interface Scheduler<T> {
  /** Queues a comment; a speaker comment goes ahead of ordinary ones. */
  push: (item: T, at: number, priority: boolean) => void;
  /**
   * Gives lanes to waiting comments at `now`, at most `max` of them; `width` measures one (px).
   * Returns those launched; stale ones are dropped and counted.
   */
  launch: (now: number, speed: number, width: (item: T) => number, max?: number) => Launch<T>[];
  /** Lays the lanes out again for an area `height` px tall, `laneHeight` per comment. */
  layout: (height: number, laneHeight: number, density: BarrageDensity) => void;
  /** Lanes and their spacing (px) as laid out. */
  lanes: () => { count: number; spacing: number };
  /** Comments waiting, and dropped so far. */
  counts: () => { waiting: number; dropped: number };
  clear: () => void;
}

/** Creates a scheduler; `maxQueue` bounds the waiting comments (oldest ordinary ones go). */
export function createScheduler<T>(maxQueue = 1000): Scheduler<T> {
  let queue: Waiting<T>[] = [];
  let tails: (LaneTail | undefined)[] = [];
  let density: BarrageDensity = 'normal';
  let spacing = 36;
  let dropped = 0;

  /** The lane for a comment at `now`, or -1 when it must wait. */
  function pick(now: number, speed: number): number {
    if (density === 'sparse') return freeLane(tails, now, speed, SPARSE_GAP_PX);
    const lane = freeLane(tails, now, speed);
    if (lane >= 0 || density === 'normal') return lane;
    // Full: share the lane whose last comment is furthest in, so overlaps are as small as they can be.
    let best = 0;
    let bestRoom = -Infinity;
    for (let i = 0; i < tails.length; i++) {
      const tail = tails[i]!;
      const room = (now - tail.start) * speed - tail.width;
      if (room > bestRoom) {
        bestRoom = room;
        best = i;
      }
    }
    return best;
  }

  return {
    push(item, at, priority) {
      const entry = { item, at, priority };
      if (priority) {
        const firstOrdinary = queue.findIndex((c) => !c.priority);
        queue.splice(firstOrdinary < 0 ? queue.length : firstOrdinary, 0, entry);
      } else queue.push(entry);
      if (queue.length > maxQueue) {
        const at = queue.findIndex((c) => !c.priority);
        if (at >= 0) {
          queue.splice(at, 1);
          dropped += 1;
        }
      }
    },
    launch(now, speed, width, max = Infinity) {
      const launched: Launch<T>[] = [];
      let kept = 0;
      // Lanes free up only as time passes: once one comment waits, the rest of this frame's do.
      let blocked = false;
      for (let i = 0; i < queue.length; i++) {
        const next = queue[i]!;
        if (!next.priority && now - next.at > FRESH_MS) {
          dropped += 1;
          continue;
        }
        const lane = blocked || launched.length >= max ? -1 : pick(now, speed);
        if (lane < 0) {
          blocked = true;
          queue[kept++] = next;
          continue;
        }
        const w = width(next.item);
        tails[lane] = { start: now, width: w };
        launched.push({ item: next.item, lane, lag: Math.max(0, now - next.at) });
      }
      queue.length = kept;
      return launched;
    },
    layout(height, laneHeight, nextDensity) {
      density = nextDensity;
      spacing =
        density === 'full' ? laneHeight / 2 : density === 'sparse' ? laneHeight * 2 : laneHeight;
      // Full density lays lanes at half spacing, so the last one still fits whole.
      const usable = density === 'full' ? Math.max(laneHeight, height) - laneHeight / 2 : height;
      const count = laneCount(usable, spacing);
      tails = tails.slice(0, count);
      while (tails.length < count) tails.push(undefined);
    },
    lanes: () => ({ count: tails.length, spacing }),
    counts: () => ({ waiting: queue.length, dropped }),
    clear() {
      queue = [];
      tails = tails.map(() => undefined);
    },
  };
}
