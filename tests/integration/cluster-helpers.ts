/**
 * Starting `npm run cluster` for the cluster suite, and the calls its tests make against one of
 * its app processes or nginx: log in, join the demo anchor's room, read a process's metrics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import { CLIENT_FRAME, SERVER_FRAME } from '../../src/lib/realtime/protocol/index.ts';
import { postgresBin } from '../../scripts/cluster/services.ts';
import { connect, type TestClient } from './realtime-helpers.ts';
import { hasRedis } from './redis-helpers.ts';

export const ready = hasRedis && existsSync('/usr/sbin/nginx') && postgresBin() !== null;
if (!ready)
  console.warn('nginx, redis-server or postgresql missing: the cluster suite does not run.');

export const ANCHOR = 100003;
export const GIVER = 100001;
export const GIVER_MOBILE = '13900000001';

export interface Ready {
  url: string;
  apps: { port: number; pid: number }[];
  /** The ingest machines (CLUSTER_INGESTS). */
  ingests: { name: string; port: number; rtmp_port: number; pid: number; data_dir: string }[];
  database_url: string;
}

/** Starts `npm run cluster` (with `env` over the suite's own) and resolves with its ready line. */
export function startCluster(
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; info: Ready }> {
  const child = spawn(process.execPath, ['scripts/cluster.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CLUSTER_PROCESSES: '2',
      LOG_REQUESTS: '0',
      SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.includes('"cluster_ready"')) return;
      resolve({ child, info: JSON.parse(line) as Ready });
    });
    child.once('exit', (code) => reject(new Error(`cluster exited with ${code}`)));
  });
}

export async function api<T>(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'device-info': 'cluster-suite',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { http: res.status, ...((await res.json()) as { status: number; data: T }) };
}

/** A GET of the API on `base` (an app or nginx) as a guest; the envelope. */
export async function getApi<T>(base: string, path: string) {
  const res = await fetch(`${base}${path}`, { headers: { 'device-info': 'cluster-suite' } });
  return (await res.json()) as { status: number; data: T };
}

export async function login(base: string, mobile: string): Promise<string> {
  const res = await api<{ token: string }>(base, '/api/user/login', {
    account: mobile,
    pwd: 'demo1234',
    login_type: 1,
    platform: 0,
    source_id: 10001,
    website: 'test',
  });
  expect(res.status).toBe(0);
  return res.data.token;
}

/** A socket on `base` (an app or nginx) in the anchor's room as the holder of `token`. */
export async function joinRoom(base: string, token: string): Promise<TestClient> {
  const res = await fetch(`${base}/api/tencentIm/getUserSig`, {
    headers: { authorization: `Bearer ${token}`, 'device-info': 'cluster-suite' },
  });
  const sig = ((await res.json()) as { data: { id: string; sig: string } }).data;
  const client = await connect(`${base.replace('http', 'ws')}/im`);
  client.send(CLIENT_FRAME.login, { groupId: String(ANCHOR), channel: 'OFFICIAL', ...sig });
  await client.next(SERVER_FRAME.loginRep);
  return client;
}

/** Open hub sockets of the app on `port`, read from its metrics on loopback. */
async function socketsOn(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^im_connections_open (\d+)$/m.exec(text)?.[1] ?? NaN);
}

/** The value of one series (its name with its labels as printed) in a metrics text; 0 when absent. */
export function sum(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The app that holds the one hub socket open in the cluster. */
export async function holderOf(apps: Ready['apps']): Promise<Ready['apps'][number]> {
  for (let tries = 0; tries < 50; tries++) {
    const counts = await Promise.all(apps.map((app) => socketsOn(app.port)));
    const holder = apps.find((_, i) => counts[i] === 1);
    if (holder && counts.reduce((a, b) => a + b, 0) === 1) return holder;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no single app holds the socket');
}
