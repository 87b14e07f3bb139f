/**
 * TCP connections that serve no request, for the first-request deadline and for making room at
 * the connection cap. A connection is fresh from its accept until the headers of its first
 * request are in, busy while a request is in flight or once it is upgraded (a hub socket), and
 * idle between the requests of a kept-alive connection. Fresh connections past the deadline are
 * closed (a slow-loris still sending its headers byte by byte among them); at the cap the oldest
 * fresh one, else the longest idle one, is closed to let a new one in. Busy ones are never
 * touched here: a long download or a hub socket stays.
 */
import type { Socket } from 'node:net';

interface Entry {
  /** The peer's address, for the log. */
  address: string;
  /** When it was accepted (ms). */
  since: number;
  /** Requests read and not yet answered. */
  inFlight: number;
  /** Handed over to the hub: busy for good. */
  upgraded: boolean;
  /** Gives back its slot under the connection caps (once). */
  release: () => void;
}

/** What `makeRoom` closed. */
export interface Closed {
  address: string;
  state: 'fresh' | 'idle';
}

/** The connections of one server by what they are doing. */
export class IdleConnections {
  private readonly entries = new Map<Socket, Entry>();
  /** Connections without a complete request yet, oldest first. */
  private readonly fresh = new Set<Socket>();
  /** Kept-alive connections between requests, longest idle first. */
  private readonly idle = new Set<Socket>();

  /** A connection just accepted; `release` gives back its slot when it is closed here. */
  add(socket: Socket, address: string, release: () => void, now = Date.now()): void {
    this.entries.set(socket, { address, since: now, inFlight: 0, upgraded: false, release });
    this.fresh.add(socket);
  }

  /** The headers of a request on `socket` are in. */
  requestStarted(socket: Socket): void {
    const entry = this.entries.get(socket);
    if (!entry) return;
    entry.inFlight += 1;
    this.fresh.delete(socket);
    this.idle.delete(socket);
  }

  /** A request on `socket` was answered (or abandoned). */
  requestEnded(socket: Socket): void {
    const entry = this.entries.get(socket);
    if (!entry) return;
    entry.inFlight = Math.max(0, entry.inFlight - 1);
    if (entry.inFlight === 0 && !entry.upgraded && !socket.destroyed) this.idle.add(socket);
  }

  /** `socket` was handed over as a WebSocket: it is the hub's now. */
  upgraded(socket: Socket): void {
    const entry = this.entries.get(socket);
    if (!entry) return;
    entry.upgraded = true;
    this.fresh.delete(socket);
    this.idle.delete(socket);
  }

  /** `socket` closed. */
  remove(socket: Socket): void {
    this.entries.delete(socket);
    this.fresh.delete(socket);
    this.idle.delete(socket);
  }

  /** Closes the oldest fresh connection, else the longest idle one; null when all are busy. */
  makeRoom(): Closed | null {
    for (const [set, state] of [
      [this.fresh, 'fresh'],
      [this.idle, 'idle'],
    ] as const) {
      const socket = set.values().next().value;
      if (socket) return { address: this.close(socket), state };
    }
    return null;
  }

  /** Closes the fresh connections accepted at or before `due`; their addresses. */
  closeFreshSince(due: number): string[] {
    const closed: string[] = [];
    for (const socket of this.fresh) {
      const entry = this.entries.get(socket);
      if (entry && entry.since > due) break;
      closed.push(this.close(socket));
    }
    return closed;
  }

  /** Connections without a complete request yet. */
  freshCount(): number {
    return this.fresh.size;
  }

  /** Kept-alive connections between requests. */
  idleCount(): number {
    return this.idle.size;
  }

  /** Gives back the slot at once (the socket's own close event comes later) and destroys it. */
  private close(socket: Socket): string {
    const entry = this.entries.get(socket);
    this.remove(socket);
    entry?.release();
    socket.destroy();
    return entry?.address ?? 'unknown';
  }
}
