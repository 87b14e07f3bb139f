/**
 * The two servers the realtime benchmark loads, each run in its own child process so its CPU
 * and memory are its own: our hub (`hub`) on an embedded database with the chat rules off, and
 * a plain socket.io broadcast server (`socketio`) as the reference. A child answers `stats`
 * messages on its IPC channel with its CPU time and memory.
 *
 * Run as `node bench/realtime/servers.ts hub|socketio <port> <senders>`.
 */
import { createServer as createHttpServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Server as SocketIoServer } from 'socket.io';
import { DEFAULT_CHAT_CONFIG } from '../../src/lib/rules/chat.ts';
import { createApi } from '../../src/server/app.ts';
import { openRuntime } from '../../src/server/boot.ts';
import { createSession, hashToken } from '../../src/server/sessions.ts';
import { signUserSig } from '../../src/server/auth/usersig.ts';
import { appConfig } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { createServer } from '../../src/server/server.ts';
import { createHub } from '../../src/server/realtime/hub.ts';
import { createUser } from '../../src/server/users/service.ts';

/** What a child tells the parent once listening. */
export interface ServerReady {
  ready: true;
  /** Join data of the senders (hub only). */
  senders: { id: string; sig: string }[];
}

/** A child's answer to `stats`. */
export interface ServerStats {
  /** User + system CPU time so far, µs. */
  cpuUs: number;
  /** Heap used + external memory after a full GC, bytes. */
  memory: number;
  /** Event-loop delay since the previous `stats`, p99 and worst, ms. */
  loopP99Ms: number;
  loopMaxMs: number;
  /** Hub sockets open (0 for socket.io). */
  connections: number;
}

const loop = monitorEventLoopDelay({ resolution: 5 });
let openConnections = () => 0;
loop.enable();

function stats(): ServerStats {
  (globalThis as { gc?: () => void }).gc?.();
  const cpu = process.cpuUsage();
  const mem = process.memoryUsage();
  const result = {
    cpuUs: cpu.user + cpu.system,
    memory: mem.heapUsed + mem.external,
    loopP99Ms: Math.round(loop.percentile(99) / 1e6),
    loopMaxMs: Math.round(loop.max / 1e6),
    connections: openConnections(),
  };
  loop.reset();
  return result;
}

async function startHub(port: number, senderCount: number): Promise<ServerReady> {
  const rt = await openRuntime(
    readEnv({
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'arena-bench-rt-')),
      LOG_REQUESTS: '0',
      SEED_DEMO: '1',
      // Every load client comes from loopback: one address may hold them all here.
      IM_MAX_PER_IP: '1000000',
    }),
  );
  // Every rule off: the benchmark measures delivery, not refusals.
  const off = { ...DEFAULT_CHAT_CONFIG };
  for (const key of Object.keys(off) as (keyof typeof off)[])
    if (key.startsWith('toggle_')) off[key] = 0;
  await rt.db.update(appConfig).set({ value: off }).where(eq(appConfig.key, 'chat_config'));
  const senders: { id: string; sig: string }[] = [];
  for (let i = 0; i < senderCount; i++) {
    const id = await createUser(rt.db, {
      mobile: `1770000${String(i).padStart(4, '0')}`,
      regSource: 'BENCH',
      regAnchorId: null,
    });
    const token = await createSession(rt.db, id, 'bench');
    senders.push({
      id: String(id),
      sig: signUserSig(rt.env.secret, String(id), Date.now(), hashToken(token)),
    });
  }
  const hub = createHub(rt);
  openConnections = hub.size;
  const server = createServer({ rt, api: createApi(rt), hub });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { ready: true, senders };
}

function startSocketIo(port: number): ServerReady {
  const http = createHttpServer();
  const io = new SocketIoServer(http, { transports: ['websocket'], serveClient: false });
  let id = 0;
  io.on('connection', (socket) => {
    socket.on('join', (room: string) => void socket.join(room));
    socket.on('say', (data: { content: string }) => {
      io.to('room').emit('say', { id: ++id, content: data.content, time: Date.now() });
    });
  });
  http.listen(port, '127.0.0.1');
  return { ready: true, senders: [] };
}

const [kind, portText, sendersText] = process.argv.slice(2);
const port = Number(portText);
const ready = kind === 'hub' ? await startHub(port, Number(sendersText)) : startSocketIo(port);
process.on('message', (message) => {
  if (message === 'stats') process.send?.(stats());
});
process.send?.(ready);
// A normal exit on SIGTERM lets `--cpu-prof` (BENCH_PROF) write its profile.
process.on('SIGTERM', () => process.exit(0));
