/**
 * The realtime benchmark's targets: what a case's clients connect to and what its server side
 * costs. `hub` and `socketio` are one child process (bench/realtime/servers.ts); `cluster` is
 * `npm run cluster` (scripts/cluster.ts) with its own PostgreSQL and Redis, whose app processes
 * the viewers, probes and senders reach directly on their loopback ports, alternately, so the
 * room is split evenly and every frame between them crosses Redis. nginx, in front, carries
 * nothing here. The CPU of each app process, of Redis and of PostgreSQL (every chat message is
 * stored) is read from /proc/<pid>/stat; each app's event-loop delay from its /metrics.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { DEFAULT_CHAT_CONFIG } from '../../src/lib/rules/chat.ts';
import { createSession, hashToken } from '../../src/server/sessions.ts';
import { signUserSig } from '../../src/server/auth/usersig.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { appConfig } from '../../src/server/db/schema.ts';
import { createUser } from '../../src/server/users/service.ts';
import { startCluster } from '../start-cluster.ts';
import { startChild, type Kind } from './clients.ts';

/** One reading of a target's processes. */
export interface Sample {
  /** CPU time (user + system) so far of each measured process, µs, by name. */
  cpuUs: Record<string, number>;
  /** Server memory after a full GC, bytes (one child process only). */
  memory?: number;
  /** Event-loop delay since the previous sample, p99 and worst of the app processes, ms. */
  loopP99Ms: number;
  loopMaxMs: number;
}

/** What a realtime case's clients connect to. */
export interface Target {
  /** Ports the viewers, probes and senders join on, in turn. */
  ports: number[];
  /** Join data of the logged-in senders (hub protocol only). */
  senders: { id: string; sig: string }[];
  sample: () => Promise<Sample>;
  stop: () => Promise<void>;
}

/** A target of one server child process on `port` (the single-process cases). */
export async function childTarget(
  kind: Kind,
  port: number,
  senders: number,
  secret: string,
): Promise<Target> {
  const child = await startChild(kind, port, senders, secret);
  return {
    ports: [port],
    senders: child.ready.senders,
    async sample() {
      const s = await child.stats();
      return {
        cpuUs: { server: s.cpuUs },
        memory: s.memory,
        loopP99Ms: s.loopP99Ms,
        loopMaxMs: s.loopMaxMs,
      };
    },
    async stop() {
      child.proc.kill();
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** Every process's parent, command name and CPU time (µs) from /proc/<pid>/stat. */
function processTable(): Map<number, { ppid: number; comm: string; cpuUs: number }> {
  const table = new Map<number, { ppid: number; comm: string; cpuUs: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid ... utime stime ...": comm may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    table.set(Number(name), {
      ppid: Number(fields[1]),
      comm: stat.slice(stat.indexOf('(') + 1, close),
      cpuUs: ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS,
    });
  }
  return table;
}

/**
 * CPU so far of the cluster started as `root`: each app (by pid) and, summed over their
 * processes, Redis, PostgreSQL and nginx, found among root's descendants.
 */
function clusterCpu(root: number, apps: number[]): Record<string, number> {
  const table = processTable();
  const cpu: Record<string, number> = {};
  apps.forEach((pid, i) => (cpu[`app${i + 1}`] = table.get(pid)?.cpuUs ?? NaN));
  const groups: Record<string, string> = {
    'redis-server': 'redis',
    postgres: 'postgres',
    nginx: 'nginx',
  };
  const below = new Set([root]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, p] of table) {
      if (!below.has(p.ppid) || below.has(pid)) continue;
      below.add(pid);
      grown = true;
      const group = groups[p.comm];
      if (group && !apps.includes(pid)) cpu[group] = (cpu[group] ?? 0) + p.cpuUs;
    }
  }
  return cpu;
}

/** The event-loop delay an app's /metrics reports since it was last read, ms. */
async function appLoop(port: number): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const read = (name: string) =>
    Math.round(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000);
  return {
    p99: read('nodejs_eventloop_lag_p99_seconds'),
    max: read('nodejs_eventloop_lag_max_seconds'),
  };
}

/** Open hub sockets of the app on `port`, from its /metrics. */
export async function appSockets(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^im_connections_open (\d+)$/m.exec(text)?.[1] ?? NaN);
}

/** The parts of `npm run cluster`'s ready line used here. */
/**
 * Starts `npm run cluster` with BENCH_CLUSTER_PROCESSES app processes (default 2) signing with
 * `secret`, switches the chat rules off and makes `senders` logged-in senders, as the
 * single-process hub does for itself.
 */
export async function clusterTarget(senders: number, secret: string): Promise<Target> {
  const { child, info, stop } = await startCluster({
    CLUSTER_PROCESSES: process.env.BENCH_CLUSTER_PROCESSES ?? '2',
    SECRET: secret,
    // Every load client comes from loopback: one address may hold them all here, on the hub and
    // at the TCP door (whose default of 1,024 a process holding 5,000 of a room's sockets passes).
    IM_MAX_PER_IP: '1000000',
    MAX_SOCKETS_PER_IP: '60000',
  });
  const database = await openDatabase({ url: info.database_url });
  const joins: { id: string; sig: string }[] = [];
  try {
    const off = { ...DEFAULT_CHAT_CONFIG };
    for (const key of Object.keys(off) as (keyof typeof off)[])
      if (key.startsWith('toggle_')) off[key] = 0;
    await database.db.update(appConfig).set({ value: off }).where(eq(appConfig.key, 'chat_config'));
    for (let i = 0; i < senders; i++) {
      const id = await createUser(database.db, {
        mobile: `1770000${String(i).padStart(4, '0')}`,
        regSource: 'BENCH',
        regAnchorId: null,
      });
      const token = await createSession(database.db, id, 'bench');
      joins.push({
        id: String(id),
        sig: signUserSig(secret, String(id), Date.now(), hashToken(token)),
      });
    }
  } finally {
    await database.close();
  }
  const pids = info.apps.map((a) => a.pid);
  const ports = info.apps.map((a) => a.port);
  return {
    ports,
    senders: joins,
    async sample() {
      const loops = await Promise.all(ports.map(appLoop));
      return {
        cpuUs: clusterCpu(child.pid!, pids),
        loopP99Ms: Math.max(...loops.map((l) => l.p99)),
        loopMaxMs: Math.max(...loops.map((l) => l.max)),
      };
    },
    stop,
  };
}
