/**
 * Connection limits: how many sockets one address, and the whole process, may hold open. One
 * client opening thousands of idle sockets must not use up the process's file handles, which
 * pages, the API and the database need too. Refusals are counted (metrics) and logged, at most
 * one line per reason every few seconds so that a flood cannot flood the log as well.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { log } from '../log.ts';
import { counter, gauge } from '../metrics.ts';
import { IdleConnections } from './idle-connections.ts';

/**
 * The source a remote address stands for, as limiters count it: an IPv4 address (IPv4-mapped
 * IPv6 folded to it) as is, an IPv6 address as its /64, since one subscriber or server holds a
 * whole /64 and could otherwise make a fresh key per request.
 */
export function addressKey(address: string): string {
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address.slice(7);
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.replace(/%.*$/, '').toLowerCase().split('::');
  const groups = (part: string) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [
    ...front,
    ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'),
    ...back,
  ];
  return `${all
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

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
   * Takes a slot for `address` (counted by its addressKey: an IPv6 address by its /64); the
   * reason when refused, the address's own cap before the total, so that a caller making room
   * at the total never does so for an address over its cap. Entries exist only while open. A
   * trusted load balancer's address (`perAddressCap` false) counts towards the total only.
   */
  take(address: string, perAddressCap = true): 'per_address' | 'total' | null {
    const key = addressKey(address);
    const held = this.byAddress.get(key) ?? 0;
    if (perAddressCap && held >= this.perAddress) return 'per_address';
    if (this.open >= this.total) return 'total';
    this.byAddress.set(key, held + 1);
    this.open += 1;
    return null;
  }

  /** Gives back a slot taken by `address`. */
  release(address: string): void {
    const key = addressKey(address);
    const held = this.byAddress.get(key);
    if (held === undefined) return;
    if (held <= 1) this.byAddress.delete(key);
    else this.byAddress.set(key, held - 1);
    this.open -= 1;
  }

  /** Sockets open now. */
  size(): number {
    return this.open;
  }

  /** Addresses (IPv6 networks) with a socket open now. */
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

/** The client address of a request from a trusted load balancer that names no valid one. */
export const UNNAMED_CLIENT = 'unknown';

/**
 * The client's address: what a trusted load balancer says in X-Real-IP (nginx sets it from the
 * connection it accepted, replacing whatever the client sent), else the peer's own address.
 * A balancer's request without a valid X-Real-IP comes from a client it did not name, never
 * from the balancer itself: its own address (often loopback) would open loopback-only paths
 * such as /metrics to anyone behind it. Such requests share UNNAMED_CLIENT as their address.
 */
export function clientAddress(
  peer: string,
  realIp: string | string[] | undefined,
  trusted: readonly string[],
): string {
  if (!trusted.includes(peer)) return peer;
  const claimed = (typeof realIp === 'string' ? realIp : '').trim();
  if (!isIP(claimed)) return UNNAMED_CLIENT;
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
  /** Time a new connection has to send its first request's headers (ms). */
  firstRequestMs: number;
}

const refused = counter(
  'http_connections_refused_total',
  'TCP connections closed at once because a connection limit was reached',
  ['reason'],
);

const dropped = counter(
  'http_connections_dropped_total',
  'TCP connections serving no request closed by the server: no request by the first-request deadline (first_request_timeout), or the oldest such connection closed to let a new one in at the total cap (made_room)',
  ['reason'],
);

/**
 * Closes each new TCP connection of `server` that goes over a limit, before it is read. Node's
 * own `maxConnections` would refuse everyone once one address filled it; this refuses that
 * address only until the total is reached. At the total, a connection serving no request (one
 * that has sent no request yet first, else a kept-alive one between requests) is closed to let
 * the new one in, and connections that send no complete request within `firstRequestMs` are
 * closed: idle sockets cannot hold the site for long. The server must listen for upgrades
 * (the hub's): an upgraded socket is then the hub's, under its own limits.
 */
export function limitSockets(server: Server, limits: SocketLimits): AddressSlots {
  const slots = new AddressSlots(limits.perAddress, limits.total);
  const connections = new IdleConnections();
  const logRefusal = refusalLogger('connection_refused');
  const logDrop = refusalLogger('connection_dropped');
  gauge('http_connections_open', 'TCP connections open', () => slots.size());
  gauge(
    'http_connections_waiting',
    'TCP connections open that have not sent a complete request yet',
    () => connections.freshCount(),
  );
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    const perAddressCap = !limits.trusted?.includes(address);
    let reason = slots.take(address, perAddressCap);
    if (reason === 'total') {
      const made = connections.makeRoom();
      if (made) {
        dropped.inc({ reason: 'made_room' });
        logDrop('made_room', made.address, { state: made.state, for: address });
        reason = slots.take(address, perAddressCap);
      }
    }
    if (reason) {
      refused.inc({ reason });
      logRefusal(reason, address, { open: slots.size() });
      socket.destroy();
      return;
    }
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      slots.release(address);
      connections.remove(socket);
    };
    connections.add(socket, address, release);
    socket.once('close', release);
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    connections.requestStarted(socket);
    res.once('close', () => connections.requestEnded(socket));
  });
  server.prependListener('upgrade', (req: IncomingMessage) => connections.upgraded(req.socket));
  const sweep = setInterval(
    () => {
      for (const address of connections.closeFreshSince(Date.now() - limits.firstRequestMs)) {
        dropped.inc({ reason: 'first_request_timeout' });
        logDrop('first_request_timeout', address, { open: slots.size() });
      }
    },
    Math.min(1000, Math.max(50, limits.firstRequestMs / 4)),
  );
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
  return slots;
}
