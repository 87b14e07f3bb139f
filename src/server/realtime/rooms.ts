/**
 * Local delivery of room frames: the sockets of this process in each room (or match) and the
 * room's pending frames. Each frame is serialized once when it is published; a flush joins the
 * pending frames (one alone, several as a `batch`) into one message, and the same bytes go to
 * every member flushed together, so a busy room costs each client at most one message per tick,
 * whatever the message rate.
 *
 * A big room's members are split into shards of `shardSize`, flushed one shard per event-loop
 * turn, the shard that has waited longest first. Writing to ten thousand sockets takes longer
 * than a tick; in one piece it would hold the event loop (and every other room) for all that
 * time, and a member near the end of the loop would wait for the next flush to start plus its
 * place in this one. In shards, each member waits for one round of the room at most, and
 * frames coming in are read between shards.
 */
import { SERVER_FRAME, type ServerFrame } from '../../lib/realtime/protocol/index.ts';

/** A member of a room: something that takes ready-made bytes. */
export interface Member {
  /** Sends one serialized message; the member decides what to do when it is slow. */
  sendRaw: (payload: Buffer) => void;
}

/** Rooms of this process. */
export interface Rooms<M extends Member> {
  /** Adds `member` to room `key`. */
  join: (key: string, member: M) => void;
  /** Removes `member` from room `key`. */
  leave: (key: string, member: M) => void;
  /** Queues `frame` for every member of `key`; it leaves within one tick. */
  deliver: (key: string, frame: ServerFrame) => void;
  /** Members of `key` here. */
  members: (key: string) => ReadonlySet<M>;
  /** Number of rooms with members here. */
  count: () => number;
  /** Keys of the rooms with members here. */
  keys: () => string[];
  /** Drops pending frames and timers. */
  close: () => void;
}

/** Options of createRooms. */
export interface RoomsOptions {
  /** A member gets at most one message per this many ms while its room is busy. */
  tickMs?: number;
  /** Members flushed together in one event-loop turn. */
  shardSize?: number;
}

interface Shard<M> {
  members: Set<M>;
  /** Sequence number of the first frame this shard has not been sent. */
  next: number;
  /** When this shard was last flushed (ms). */
  flushedAt: number;
}

interface Room<M> {
  members: Set<M>;
  shards: Shard<M>[];
  shardOf: Map<M, Shard<M>>;
  /** Serialized frames not yet sent to every shard; `frames[0]` has sequence number `base`. */
  frames: string[];
  base: number;
  timer: NodeJS.Timeout | undefined;
  /** A flush is queued for the next event-loop turn. */
  immediate: NodeJS.Immediate | undefined;
}

const EMPTY: ReadonlySet<never> = new Set();

const end = (room: Room<unknown>) => room.base + room.frames.length;

/** The shard with frames pending that was flushed longest ago. */
function longestWaiting<M>(room: Room<M>): Shard<M> | undefined {
  const last = end(room);
  let waited: Shard<M> | undefined;
  for (const shard of room.shards) {
    if (shard.next < last && (!waited || shard.flushedAt < waited.flushedAt)) waited = shard;
  }
  return waited;
}

/** The message of frames `from`..end: the frame alone, or a `batch` of them. */
function message(room: Room<unknown>, from: number): Buffer {
  const frames = room.frames.slice(from - room.base);
  if (frames.length === 1) return Buffer.from(frames[0]!);
  return Buffer.from(`{"type":"${SERVER_FRAME.batch}","data":[${frames.join(',')}]}`);
}

/**
 * Creates the room table. A quiet room sends at once (the first frame after a pause waits only
 * for the current event-loop turn); a busy one flushes each member at most every `tickMs`.
 */
export function createRooms<M extends Member>(options: RoomsOptions = {}): Rooms<M> {
  const tickMs = options.tickMs ?? 100;
  const shardSize = options.shardSize ?? 500;
  const rooms = new Map<string, Room<M>>();

  function cancel(room: Room<M>): void {
    clearTimeout(room.timer);
    clearImmediate(room.immediate);
    room.timer = undefined;
    room.immediate = undefined;
  }

  /** Drops the frames every shard has been sent. */
  function prune(room: Room<M>): void {
    const oldest = Math.min(end(room), ...room.shards.map((s) => s.next));
    room.frames.splice(0, oldest - room.base);
    room.base = oldest;
  }

  /** Queues the next flush: in the next turn when a shard is due, else when one will be. */
  function schedule(room: Room<M>): void {
    if (room.timer || room.immediate) return;
    const waited = longestWaiting(room);
    if (!waited) return;
    const wait = waited.flushedAt + tickMs - Date.now();
    if (wait > 0) room.timer = setTimeout(() => flush(room), wait);
    else room.immediate = setImmediate(() => flush(room));
  }

  /** Sends the pending frames to the shard that has waited longest, when it is due. */
  function flush(room: Room<M>): void {
    room.timer = undefined;
    room.immediate = undefined;
    const now = Date.now();
    const waited = longestWaiting(room);
    if (waited && waited.flushedAt + tickMs <= now) {
      const payload = message(room, waited.next);
      waited.next = end(room);
      waited.flushedAt = now;
      for (const member of waited.members) member.sendRaw(payload);
      prune(room);
    }
    schedule(room);
  }

  return {
    join(key, member) {
      let room = rooms.get(key);
      if (!room) {
        room = {
          members: new Set(),
          shards: [],
          shardOf: new Map(),
          frames: [],
          base: 0,
          timer: undefined,
          immediate: undefined,
        };
        rooms.set(key, room);
      }
      if (room.members.has(member)) return;
      room.members.add(member);
      let shard = room.shards.find((s) => s.members.size < shardSize);
      if (!shard) {
        // A new shard is sent what is still pending, as a member joining a shard would be.
        shard = { members: new Set(), next: room.base, flushedAt: 0 };
        room.shards.push(shard);
      }
      shard.members.add(member);
      room.shardOf.set(member, shard);
    },
    leave(key, member) {
      const room = rooms.get(key);
      const shard = room?.shardOf.get(member);
      if (!room || !shard) return;
      room.members.delete(member);
      room.shardOf.delete(member);
      shard.members.delete(member);
      if (shard.members.size === 0) {
        room.shards.splice(room.shards.indexOf(shard), 1);
        prune(room);
      }
      if (room.members.size === 0) {
        cancel(room);
        rooms.delete(key);
      }
    },
    deliver(key, frame) {
      const room = rooms.get(key);
      if (!room) return;
      room.frames.push(JSON.stringify(frame));
      schedule(room);
    },
    members: (key) => rooms.get(key)?.members ?? EMPTY,
    count: () => rooms.size,
    keys: () => [...rooms.keys()],
    close() {
      for (const room of rooms.values()) cancel(room);
      rooms.clear();
    },
  };
}
