/**
 * Realtime test helpers: an HTTP server with the hub over a test runtime, real `ws` clients
 * that collect frames (batches unpacked), and chat ids signed the way getUserSig signs them.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import {
  CLIENT_FRAME,
  SERVER_FRAME,
  type Frame,
  type JoinData,
} from '../../src/lib/realtime/protocol/index.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession, hashToken } from '../../src/server/sessions.ts';
import { appConfig } from '../../src/server/db/schema.ts';
import { guestId, signUserSig } from '../../src/server/auth/usersig.ts';
import { createServer } from '../../src/server/server.ts';
import { createHub, type Hub, type HubOptions } from '../../src/server/realtime/hub.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { createMemoryState } from '../../src/server/shared/state.ts';

/** A listening server with the API and hub. */
export interface HubServer {
  url: string;
  wsUrl: string;
  hub: Hub;
  close: () => Promise<void>;
}

/** Starts the API and hub of `rt` on a free loopback port. */
export async function startHubServer(rt: Runtime, options: HubOptions = {}): Promise<HubServer> {
  // A new server starts with fresh limits and chat-rule memory, as a restarted process does.
  if (rt.shared.kind === 'memory') rt.shared = createMemoryState();
  const hub = createHub(rt, options);
  const server = createServer({ rt, api: createApi(rt), hub });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/im`,
    hub,
    close: async () => {
      await hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A test client: every frame received, in order, with batches unpacked. */
export interface TestClient {
  ws: WebSocket;
  frames: Frame[];
  /** WebSocket messages received (a batch counts once). */
  messages: () => number;
  /** Sends `{type, data}`. */
  send: (type: string, data?: unknown) => void;
  /** Resolves with the first frame (from the start) that matches, waiting up to 5 s. */
  next: (type: string, where?: (data: never) => boolean) => Promise<Frame>;
  /** Frames of `type` received so far. */
  all: (type: string) => Frame[];
  /** Resolves when the socket closes, with its code. */
  closed: Promise<number>;
  close: () => void;
}

/** Opens a client; `lang` is `en` or `zh_cn`. */
export async function connect(wsUrl: string, lang = 'en'): Promise<TestClient> {
  const ws = new WebSocket(`${wsUrl}?lang=${lang}`);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let messages = 0;
  ws.on('message', (raw: Buffer) => {
    messages += 1;
    const frame = JSON.parse(raw.toString()) as Frame;
    if (frame.type === SERVER_FRAME.batch) frames.push(...(frame.data as Frame[]));
    else frames.push(frame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const find = (type: string, where?: (data: never) => boolean) =>
    frames.find((f) => f.type === type && (!where || where(f.data as never)));
  return {
    ws,
    frames,
    messages: () => messages,
    send: (type, data = {}) => ws.send(JSON.stringify({ type, data })),
    next: (type, where) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = find(type, where);
          if (!hit) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no ${type} frame; got ${frames.map((f) => f.type).join(', ')}`));
        }, 5000);
        if (!check()) waiters.add(wake);
      }),
    all: (type) => frames.filter((f) => f.type === type),
    closed,
    close: () => ws.close(),
  };
}

/** Join data for user `userId` with a fresh session (its token is returned too). */
export async function userJoin(
  rt: Runtime,
  userId: number,
  anchorId: number,
): Promise<{ join: JoinData; token: string }> {
  const token = await createSession(rt.db, userId, `dev-${userId}`);
  const id = String(userId);
  const sig = signUserSig(rt.env.secret, id, Date.now(), hashToken(token));
  return { join: { groupId: String(anchorId), channel: 'OFFICIAL', id, sig }, token };
}

/** Join data for a guest device. */
export function guestJoin(rt: Runtime, device: string, anchorId: number): JoinData {
  const id = guestId(rt.env.secret, device);
  return {
    groupId: String(anchorId),
    channel: 'OFFICIAL',
    id,
    sig: signUserSig(rt.env.secret, id),
  };
}

/** Connects and joins room `anchorId` as user `userId`; resolves after loginRep. */
export async function joinAsUser(
  server: HubServer,
  rt: Runtime,
  userId: number,
  anchorId: number,
  lang = 'en',
): Promise<TestClient & { token: string }> {
  const client = await connect(server.wsUrl, lang);
  const { join, token } = await userJoin(rt, userId, anchorId);
  client.send(CLIENT_FRAME.login, join);
  await client.next(SERVER_FRAME.loginRep);
  return Object.assign(client, { token });
}

/** Connects and joins room `anchorId` as the guest of `device`; resolves after loginRep. */
export async function joinAsGuest(
  server: HubServer,
  rt: Runtime,
  device: string,
  anchorId: number,
  lang = 'en',
): Promise<TestClient> {
  const client = await connect(server.wsUrl, lang);
  client.send(CLIENT_FRAME.first, guestJoin(rt, device, anchorId));
  await client.next(SERVER_FRAME.loginRep);
  return client;
}

/** Turns the chat's speak-rate rule off, so a test may send several messages without waiting. */
export async function speakRateOff(rt: Runtime): Promise<void> {
  const key = eq(appConfig.key, 'chat_config');
  const [config] = await rt.db.select().from(appConfig).where(key);
  await rt.db
    .update(appConfig)
    .set({ value: { ...(config?.value as object), toggle_speak_rate: 0 } })
    .where(key);
}
