/**
 * The live rooms a match update also goes to: rooms broadcasting now whose anchor linked the
 * match when starting the live. Looked up once per match every few seconds, not per update, so a
 * desk typing fast or the demo match costs the database one small query per match and interval.
 * A room that goes live linked to a match hears its updates at most LINKED_ROOMS_TTL_MS later.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { liveRooms } from '../db/schema.ts';
import { log } from '../log.ts';

/** How long one lookup of a match's rooms is used. */
export const LINKED_ROOMS_TTL_MS = 5_000;

/** Matches whose rooms are remembered at once; past it the oldest lookup is dropped. */
const MAX_MATCHES = 1_000;

/** Answers the anchor ids of the live rooms linked to a match. */
export type LinkedRooms = (matchId: number) => Promise<number[]>;

/** A cached lookup of the live rooms linked to each match. */
export function linkedRooms(db: Db, ttlMs = LINKED_ROOMS_TTL_MS): LinkedRooms {
  const cache = new Map<number, { at: number; rooms: Promise<number[]> }>();
  return (matchId) => {
    const now = Date.now();
    const held = cache.get(matchId);
    if (held && now - held.at < ttlMs) return held.rooms;
    const rooms = db
      .select({ anchorId: liveRooms.anchorId })
      .from(liveRooms)
      .where(and(eq(liveRooms.matchId, matchId), eq(liveRooms.isLive, true)))
      .then((rows) => rows.map((row) => row.anchorId));
    // A failed lookup is asked again next time rather than remembered.
    rooms.catch(() => {
      if (cache.get(matchId)?.rooms === rooms) cache.delete(matchId);
    });
    cache.delete(matchId);
    if (cache.size >= MAX_MATCHES) cache.delete(cache.keys().next().value!);
    cache.set(matchId, { at: now, rooms });
    return rooms;
  };
}

/**
 * Runs `task` after every earlier task of the same key has finished, so the updates of one match
 * leave in the order they were published even when a lookup waits for the database.
 */
export function serialByKey(): (key: number, task: () => Promise<void>) => void {
  const tails = new Map<number, Promise<void>>();
  return (key, task) => {
    const next = (tails.get(key) ?? Promise.resolve())
      .then(task)
      .catch((error: unknown) => log('error', 'match_rooms_failed', { key, error: String(error) }));
    tails.set(key, next);
    void next.finally(() => {
      if (tails.get(key) === next) tails.delete(key);
    });
  };
}
