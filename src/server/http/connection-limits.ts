/**
 * Connection limits: how many sockets one address, and the whole process, may hold open. One
 * client opening thousands of idle sockets must not use up the process's file handles, which
 * pages, the API and the database need too. Refusals are counted (metrics) and logged, at most
 * one line per reason every few seconds so that a flood cannot flood the log as well.
 */
import type { Server } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { log } from '../log.ts';
import { counter, gauge } from '../metrics.ts';

/** Open sockets per address under a cap per address and a cap in total. */
export class AddressSlots {
  private readonly byAddress = new Map<string, number>();
  private open = 0;
  /** Most sockets one address may hold. */
  readonly perAddress: number;
  /** Most sockets in total. */
  readonly total: number;

  constructor(perAddress: number, total: number) {
    this.perAddress = perAddress;
    this.total = total;
  }

  /**
   * Takes a slot for `address`; the reason when refused. Entries exist only while open. A
   * trusted load balancer's address (`perAddressCap` false) counts towards the total only.
   */
  take(address: string, perAddressCap = true): 'per_address' | 'total' | null {
    if (this.open >= this.total) return 'total';
    const held = this.byAddress.get(address) ?? 0;
    if (perAddressCap && held >= this.perAddress) return 'per_address';
    this.byAddress.set(address, held + 1);
    this.open += 1;
    return null;
  }

  /** Gives back a slot taken by `address`. */
  release(address: string): void {
    const held = this.byAddress.get(address);
    if (held === undefined) return;
    if (held <= 1) this.byAddress.delete(address);
    else this.byAddress.set(address, held - 1);
    this.open -= 1;
  }

  /** Sockets open now. */
  size(): number {
    return this.open;
  }

  /** Addresses with a socket open now. */
  addresses(): number {
    return this.byAddress.size;
  }
}

/** Logs refusals of `event`: the first at once, then one summary line per reason per period. */
export function refusalLogger(event: string, periodMs = 10_000) {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (reason: string, address: string, fields: Record<string, unknown> = {}): void => {
    const now = Date.now();
    const seen = last.get(reason);
    if (seen && now - seen.at < periodMs) {
      seen.suppressed += 1;
      return;
    }
    last.set(reason, { at: now, suppressed: 0 });
    log('warn', event, { reason, address, refusedSinceLastLine: seen?.suppressed ?? 0, ...fields });
  };
}

/** The remote address of a socket, IPv4-mapped IPv6 folded to IPv4. */
export function addressOf(socket: { remoteAddress?: string }): string {
  const address = socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * The client's address: what a trusted load balancer says in X-Real-IP (nginx sets it from the
 * connection it accepted, replacing whatever the client sent), else the peer's own address.
 */
export function clientAddress(
  peer: string,
  realIp: string | string[] | undefined,
  trusted: readonly string[],
): string {
  if (!trusted.includes(peer)) return peer;
  const claimed = (typeof realIp === 'string' ? realIp : '').trim();
  if (!isIP(claimed)) return peer;
  return claimed.startsWith('::ffff:') ? claimed.slice(7) : claimed;
}

/** True for an address of this machine's loopback interface. */
export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

/** Limits of limitSockets. */
export interface SocketLimits {
  /** TCP connections one address may hold open (pages, API and hub together). */
  perAddress: number;
  /** TCP connections in total (file handles left over are for the database and files). */
  total: number;
  /** Load balancers' addresses: many clients come through each, so only the total applies. */
  trusted?: readonly string[];
}

const refused = counter(
  'http_connections_refused_total',
  'TCP connections closed at once because a connection limit was reached',
  ['reason'],
);

/**
 * Closes each new TCP connection of `server` that goes over a limit, before it is read. Node's
 * own `maxConnections` would refuse everyone once one address filled it; this refuses that
 * address only until the total is reached.
 */
export function limitSockets(server: Server, limits: SocketLimits): AddressSlots {
  const slots = new AddressSlots(limits.perAddress, limits.total);
  const logRefusal = refusalLogger('connection_refused');
  gauge('http_connections_open', 'TCP connections open', () => slots.size());
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    const reason = slots.take(address, !limits.trusted?.includes(address));
    if (reason) {
      refused.inc({ reason });
      logRefusal(reason, address, { open: slots.size() });
      socket.destroy();
      return;
    }
    socket.once('close', () => slots.release(address));
  });
  return slots;
}
