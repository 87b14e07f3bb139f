/**
 * Which lives' video is behind a ticket: a room asking tickets (`live_rooms.ticket > 0`) with a
 * live started (`started_at`) keeps its live's playlists and segments, and replays made while that
 * live runs, for holders of a pass to that live (pass.ts). The room's terms are read from the
 * database and kept for a second per process, so a free live's segments cost a map lookup, not a
 * query each; who may watch is never remembered here, it travels in the pass.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { liveRooms } from '../db/schema.ts';

/** How long a room's terms are reused, in ms. */
export const TERMS_CACHE_MS = 1_000;
/** Rooms remembered per database before the cache is emptied. */
const CACHE_LIMIT = 10_000;

interface Cached {
  at: number;
  /** The live a pass is needed for, or null for free video. */
  live: Date | null;
}

const caches = new WeakMap<Db, Map<number, Cached>>();

async function read(db: Db, anchorId: number): Promise<Date | null> {
  const [room] = await db
    .select({ ticket: liveRooms.ticket, startedAt: liveRooms.startedAt })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId))
    .limit(1);
  return room && room.ticket > 0 && room.startedAt ? room.startedAt : null;
}

/**
 * The start of the ticket live whose video anchor `anchorId`'s files are, or null when they
 * are free. A database error falls back to the last known terms, else it is thrown.
 */
export async function ticketedVideo(
  db: Db,
  anchorId: number,
  now = Date.now(),
): Promise<Date | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<number, Cached>()));
  const known = cache.get(anchorId);
  if (known && now - known.at < TERMS_CACHE_MS) return known.live;
  try {
    const live = await read(db, anchorId);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(anchorId, { at: now, live });
    return live;
  } catch (error) {
    if (known) return known.live;
    throw error;
  }
}
