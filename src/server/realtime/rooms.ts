/**
 * Local delivery of room frames: the sockets of this process in each room (or match) and a
 * per-room outbox. Frames published in one tick leave together: the outbox is serialized once
 * (one frame alone, several as a `batch`) and the same bytes go to every member, so a busy room
 * costs each client at most one message per tick, whatever the message rate.
 */
import { SERVER_FRAME, type Frame } from '../../lib/realtime/protocol.ts';

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
  deliver: (key: string, frame: Frame) => void;
  /** Members of `key` here. */
  members: (key: string) => ReadonlySet<M>;
  /** Number of rooms with members here. */
  count: () => number;
  /** Keys of the rooms with members here. */
  keys: () => string[];
  /** Drops pending frames and timers. */
  close: () => void;
}

interface Room<M> {
  members: Set<M>;
  outbox: Frame[];
  timer: NodeJS.Timeout | undefined;
  lastFlush: number;
}

const EMPTY: ReadonlySet<never> = new Set();

/**
 * Creates the room table. A quiet room sends at once (the first frame after a pause waits only
 * for the current event-loop turn); a busy one flushes at most every `tickMs`.
 */
export function createRooms<M extends Member>(tickMs = 100): Rooms<M> {
  const rooms = new Map<string, Room<M>>();

  function flush(room: Room<M>): void {
    room.timer = undefined;
    room.lastFlush = Date.now();
    const frames = room.outbox;
    if (frames.length === 0) return;
    room.outbox = [];
    const message: Frame =
      frames.length === 1 ? frames[0]! : { type: SERVER_FRAME.batch, data: frames };
    const payload = Buffer.from(JSON.stringify(message));
    for (const member of room.members) member.sendRaw(payload);
  }

  return {
    join(key, member) {
      let room = rooms.get(key);
      if (!room) {
        room = { members: new Set(), outbox: [], timer: undefined, lastFlush: 0 };
        rooms.set(key, room);
      }
      room.members.add(member);
    },
    leave(key, member) {
      const room = rooms.get(key);
      if (!room) return;
      room.members.delete(member);
      if (room.members.size === 0) {
        clearTimeout(room.timer);
        rooms.delete(key);
      }
    },
    deliver(key, frame) {
      const room = rooms.get(key);
      if (!room) return;
      room.outbox.push(frame);
      if (room.timer) return;
      const wait = Math.max(0, room.lastFlush + tickMs - Date.now());
      room.timer = setTimeout(() => flush(room), wait);
    },
    members: (key) => rooms.get(key)?.members ?? EMPTY,
    count: () => rooms.size,
    keys: () => [...rooms.keys()],
    close() {
      for (const room of rooms.values()) clearTimeout(room.timer);
      rooms.clear();
    },
  };
}
