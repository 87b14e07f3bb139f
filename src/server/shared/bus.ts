/**
 * The bus between hub processes: room frames, kicks, match updates and messaging frames are
 * published here and every process delivers them to its own sockets. In one process it is an
 * in-memory fan-out; with REDIS_URL it goes through Redis pub/sub so several processes share
 * rooms and inboxes.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ServerFrame } from '../../lib/realtime/protocol/index.ts';
import { log } from '../log.ts';
import { histogram } from '../metrics.ts';

/** What travels on the bus. */
export type BusMessage =
  /** A frame for everyone in a room (the anchor's user id). */
  | { kind: 'room'; anchorId: number; frame: ServerFrame }
  /** Close the sockets of a revoked session, or of every session of a user. */
  | { kind: 'kick'; tokenHash?: string; userId?: number }
  /** Frames for some users of a room, each their own (a quiz's results). */
  | { kind: 'roomUsers'; anchorId: number; frames: { userId: number; frame: ServerFrame }[] }
  /** A frame for everyone watching a match, and for the live rooms linked to it (anchor ids). */
  | { kind: 'match'; matchId: number; frame: ServerFrame; rooms?: number[] }
  /** Messaging: a frame for inbox sockets, and fan-group membership changes to follow. */
  | { kind: 'inbox'; to: InboxTarget; frame?: ServerFrame; membership?: GroupMembership }
  /** A user's name or avatar changed: their open sockets speak with the new ones from now on. */
  | { kind: 'profile'; userId: number; nickName: string; avatar: string }
  /** What readers see changed (the newsroom published, a clip was removed): drop cached pages. */
  | { kind: 'content' }
  /** A live's new thumbnail, at its URL on the ingest machine that took it (media/frames.ts). */
  | { kind: 'frame'; anchorId: number; url: string; at: number };

/** Whose inbox sockets a messaging frame goes to. */
export type InboxTarget =
  | { users: number[] }
  | { group: number }
  /** Administrators (the staff side of staff channels). */
  | { staff: true }
  | { everyone: true };

/** A user joined or left a fan group: their inbox sockets start or stop hearing it. */
export interface GroupMembership {
  userId: number;
  groupId: number;
  joined: boolean;
}

/** Listener of bus messages. */
export type BusListener = (message: BusMessage) => void;

/** Publish/subscribe between the processes of one deployment. */
export interface Bus {
  /** Delivers `message` to every subscriber in every process (this one included). */
  publish: (message: BusMessage) => void;
  /** Adds a listener; returns its removal. */
  subscribe: (listener: BusListener) => () => void;
  /** Stops delivering and closes connections. */
  close: () => Promise<void>;
  /** True when messages can reach the other processes now (Redis answers). */
  ready: () => Promise<boolean>;
}

/** Longest wait for Redis to answer a readiness ping. */
export const READY_TIMEOUT_MS = 1000;

function fanOut(listeners: Set<BusListener>, message: BusMessage): void {
  for (const listener of listeners) {
    try {
      listener(message);
    } catch (error) {
      log('error', 'bus_listener_failed', { error: String(error) });
    }
  }
}

/** A bus inside one process. */
export function createLocalBus(): Bus {
  const listeners = new Set<BusListener>();
  return {
    publish: (message) => fanOut(listeners, message),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      return Promise.resolve();
    },
    ready: () => Promise.resolve(true),
  };
}

const CHANNEL = 'arena-live:bus';

const lag = histogram(
  'bus_lag_seconds',
  'Time from publishing a bus message in another process to its arrival here through Redis (clocks of several machines add their skew)',
  [],
  [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
);

/** A bus message as it travels through Redis. */
interface Envelope {
  origin: string;
  /** Date.now() in the publishing process. */
  at: number;
  message: BusMessage;
}

/**
 * A bus over Redis pub/sub. Messages from this process are delivered locally at once and
 * skipped when Redis echoes them back, so a process never sees its own message twice.
 */
export async function createRedisBus(url: string): Promise<Bus> {
  const origin = randomUUID();
  const listeners = new Set<BusListener>();
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  for (const client of [pub, sub])
    client.on('error', (error: Error) => log('warn', 'redis_error', { error: error.message }));
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(CHANNEL);
  sub.on('message', (_channel: string, text: string) => {
    let parsed: Envelope;
    try {
      parsed = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (parsed.origin === origin) return;
    if (typeof parsed.at === 'number') lag.observe({}, Math.max(0, Date.now() - parsed.at) / 1000);
    fanOut(listeners, parsed.message);
  });
  return {
    publish(message) {
      fanOut(listeners, message);
      const envelope: Envelope = { origin, at: Date.now(), message };
      void pub.publish(CHANNEL, JSON.stringify(envelope)).catch((error: Error) => {
        log('warn', 'redis_publish_failed', { error: error.message });
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
    async ready() {
      const timeout = new Promise<string>((resolve) => {
        setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS).unref();
      });
      const answer = await Promise.race([pub.ping().catch(() => 'error'), timeout]);
      return answer === 'PONG' && sub.status === 'ready';
    },
  };
}

/** The bus for `redisUrl`: Redis when set, in-memory otherwise. */
export async function openBus(redisUrl: string | undefined): Promise<Bus> {
  return redisUrl ? createRedisBus(redisUrl) : createLocalBus();
}
