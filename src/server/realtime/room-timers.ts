/**
 * The hub's periodic room work: each room with viewers on this process gets its heat (heatRep)
 * from the database, and the viewers of each live room are counted for the anchors' statistics
 * (summed over processes by minute in the database).
 */
import { randomUUID } from 'node:crypto';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { writeEachOnFailure } from '../db/batch.ts';
import { roomHeats } from '../live/chat.ts';
import { log } from '../log.ts';
import type { Runtime } from '../runtime.ts';
import { addViewerSamples } from '../studio/stats.ts';
import type { Connection } from './connection.ts';
import { roomKey } from './room-handlers.ts';
import type { Rooms } from './rooms.ts';

/** Rooms get their heat this often. */
const HEAT_INTERVAL_MS = 30_000;
/** Viewers of live rooms are counted this often (the statistics keep one count a minute). */
const SAMPLE_INTERVAL_MS = 60_000;

/** How often each job runs (defaults above). */
export interface RoomTimerOptions {
  heatMs?: number;
  sampleMs?: number;
}

/** The anchor ids of the rooms with a socket of this process in them. */
function roomIds(rooms: Rooms<Connection>): number[] {
  return rooms
    .keys()
    .filter((k) => k.startsWith('r:'))
    .map((k) => Number(k.slice(2)));
}

async function sendHeat(rt: Runtime, rooms: Rooms<Connection>, ids: number[]): Promise<void> {
  try {
    for (const row of await roomHeats(rt.db, ids)) {
      rooms.deliver(roomKey(row.anchorId), {
        type: SERVER_FRAME.heatRep,
        data: { val: row.heat, status: row.isLive ? 1 : 0 },
      });
    }
  } catch (error) {
    log('warn', 'heat_failed', { error: String(error) });
  }
}

async function sampleViewers(rt: Runtime, rooms: Rooms<Connection>, node: string): Promise<void> {
  const counts = new Map<number, number>();
  for (const id of roomIds(rooms)) counts.set(id, rooms.members(roomKey(id)).size);
  // A room the database refuses loses its sample alone.
  const results = await writeEachOnFailure([...counts], async (some) => {
    await addViewerSamples(rt.db, node, new Map(some));
    return some.map(() => undefined);
  });
  for (const result of results) {
    if (result.status === 'rejected') {
      log('warn', 'viewer_samples_failed', { error: String(result.reason) });
    }
  }
}

/** Starts both jobs over the hub's rooms; returns what stops them. */
export function startRoomTimers(
  rt: Runtime,
  rooms: Rooms<Connection>,
  options: RoomTimerOptions = {},
): () => void {
  const heat = setInterval(() => {
    const ids = roomIds(rooms);
    if (ids.length) void sendHeat(rt, rooms, ids);
  }, options.heatMs ?? HEAT_INTERVAL_MS);
  heat.unref();
  const node = randomUUID().slice(0, 8);
  const sample = setInterval(
    () => void sampleViewers(rt, rooms, node),
    options.sampleMs ?? SAMPLE_INTERVAL_MS,
  );
  sample.unref();
  return () => {
    clearInterval(heat);
    clearInterval(sample);
  };
}
