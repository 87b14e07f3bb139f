/**
 * The client's memory of a replay's chat track: fixed windows of WINDOW_MS fetched around the
 * playhead, the next one prefetched while playing, and windows far behind dropped so a long replay
 * costs the same memory at its end as at its start. Pure: the store (stores/replay-chat.ts) does
 * the fetching and the timing.
 */
import type { TrackLine, TrackWindow } from './api.ts';

/** Length of a window the client asks for, in ms. */
export const WINDOW_MS = 30_000;
/** Windows kept behind the playhead's (the panel shows the lines before it). */
const KEEP_BEHIND = 1;
/** Windows kept ahead of the playhead's. */
const KEEP_AHEAD = 2;

/** What is known of one window. */
interface Slot {
  /** Lines in offset order; more parts are appended when the server split a busy window. */
  lines: TrackLine[];
  /** True once the whole window is in. */
  complete: boolean;
}

/** The start of the window holding `ms`. */
export function windowStart(ms: number): number {
  return Math.max(0, Math.floor(ms / WINDOW_MS) * WINDOW_MS);
}

/** A replay's track as far as it is loaded. */
export class TrackBuffer {
  private readonly slots = new Map<number, Slot>();
  readonly durationMs: number;
  constructor(durationMs: number) {
    this.durationMs = durationMs;
  }

  /** Window starts to fetch for a playhead at `ms`: its own, then the next, if not yet held. */
  wanted(ms: number): number[] {
    const here = windowStart(ms);
    return [here, here + WINDOW_MS].filter(
      (start) => start < this.durationMs && !this.slots.has(start),
    );
  }

  /** Marks a window as being fetched, so it is not asked for twice. */
  claim(start: number): void {
    if (!this.slots.has(start)) this.slots.set(start, { lines: [], complete: false });
  }

  /** Forgets a claim whose fetch failed, so it is asked for again. */
  release(start: number): void {
    const slot = this.slots.get(start);
    if (slot && !slot.complete && slot.lines.length === 0) this.slots.delete(start);
  }

  /**
   * Adds a server answer for the window starting at `start`; returns where to ask again when the
   * server cut the window short, or null when it is complete.
   */
  add(start: number, answer: TrackWindow): number | null {
    const slot = this.slots.get(start);
    if (!slot) return null; // dropped meanwhile
    const seen = new Set(slot.lines.map(key));
    for (const line of answer.lines) {
      if (seen.has(key(line))) continue;
      seen.add(key(line));
      slot.lines.push(line);
    }
    const end = Math.min(start + WINDOW_MS, this.durationMs);
    if (answer.more && answer.to_ms < end) return answer.to_ms;
    slot.complete = true;
    return null;
  }

  /** Adds one line (the viewer's own barrage) where it belongs, if its window is held. */
  insert(line: TrackLine): void {
    const slot = this.slots.get(windowStart(line.offset_ms));
    if (!slot) return;
    const at = slot.lines.findIndex((l) => l.offset_ms > line.offset_ms);
    if (at < 0) slot.lines.push(line);
    else slot.lines.splice(at, 0, line);
  }

  /** Takes out the line with key `lineKey` (a barrage a manager deleted); true when it was held. */
  remove(lineKey: string): boolean {
    for (const slot of this.slots.values()) {
      const at = slot.lines.findIndex((l) => key(l) === lineKey);
      if (at >= 0) {
        slot.lines.splice(at, 1);
        return true;
      }
    }
    return false;
  }

  /** Drops windows far from the playhead at `ms`; returns how many windows are held. */
  trim(ms: number): number {
    const here = windowStart(ms);
    for (const start of this.slots.keys()) {
      if (start < here - KEEP_BEHIND * WINDOW_MS || start > here + KEEP_AHEAD * WINDOW_MS) {
        this.slots.delete(start);
      }
    }
    return this.slots.size;
  }

  /** Lines with `from <= offset < to`, in order (those of held windows). */
  between(from: number, to: number): TrackLine[] {
    const out: TrackLine[] = [];
    for (let start = windowStart(from); start < to; start += WINDOW_MS) {
      const slot = this.slots.get(start);
      if (!slot) continue;
      for (const line of slot.lines) {
        if (line.offset_ms >= from && line.offset_ms < to) out.push(line);
      }
    }
    return out;
  }

  /** The last `limit` lines at or before `ms`, from the playhead's window and the one before. */
  upTo(ms: number, limit: number): TrackLine[] {
    const from = Math.max(0, windowStart(ms) - WINDOW_MS);
    const lines = this.between(from, ms + 1);
    return lines.slice(Math.max(0, lines.length - limit));
  }

  /** Lines held in all (for the benchmark's memory figure). */
  size(): number {
    let n = 0;
    for (const slot of this.slots.values()) n += slot.lines.length;
    return n;
  }
}

/** A line's identity: ids are per source. */
export const key = (line: TrackLine) => `${line.source}:${line.id}`;
