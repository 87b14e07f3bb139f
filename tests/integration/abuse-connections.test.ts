/**
 * Abuse: one client must not take the site down by holding connections. Idle hub sockets from
 * one address are capped and closed when they join nothing, raw TCP connections are capped per
 * address, and with a small open-file limit the hub's own cap leaves handles for HTTP and the
 * database. Loopback has many addresses (127.0.0.0/8), so "other clients" are real.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLIENT_FRAME, SERVER_FRAME } from '../../src/lib/realtime/protocol/index.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RunningServer } from '../../src/server/main.ts';
import { getRuntime } from '../../src/server/runtime.ts';
import { childServer } from './child-server.ts';
import { userIdByMobile } from './helpers.ts';
import { joinAsUser, speakRateOff, type HubServer } from './realtime-helpers.ts';

/** Outcome of one socket opened from `localAddress`. */
type Opened = { ws: WebSocket; status: 'open' } | { status: number };

function openFrom(wsUrl: string, localAddress: string): Promise<Opened> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, { localAddress });
    ws.once('open', () => resolve({ ws, status: 'open' }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', () => resolve({ status: -1 }));
  });
}

/** Opens `count` sockets from `localAddress` at once. */
async function flood(wsUrl: string, localAddress: string, count: number) {
  const results = await Promise.all(
    Array.from({ length: count }, () => openFrom(wsUrl, localAddress)),
  );
  const open = results.flatMap((r) => ('ws' in r ? [r.ws] : []));
  const refused = results.filter((r) => !('ws' in r)).map((r) => r.status);
  return { open, refused };
}

function closedWithin(ws: WebSocket, ms: number): Promise<number | 'open'> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve(0);
    const timer = setTimeout(() => resolve('open'), ms);
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function metric(url: string, series: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('connection limits of the server process', () => {
  let server: RunningServer;
  let dataDir: string;
  const logged: string[] = [];
  const write = process.stdout.write.bind(process.stdout);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'arena-abuse-'));
    process.stdout.write = (chunk: string | Uint8Array, ...rest: never[]) => {
      logged.push(String(chunk));
      return write(chunk, ...rest);
    };
    server = await startServer(
      readEnv({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_REQUESTS: '0',
        IM_MAX_PER_IP: '100',
        IM_JOIN_SECONDS: '2',
        MAX_SOCKETS_PER_IP: '150',
      }),
    );
  });
  afterAll(async () => {
    process.stdout.write = write;
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('caps idle sockets per address, closes those that join nothing, and a viewer elsewhere chats on', async () => {
    const wsUrl = `${server.url.replace('http', 'ws')}/im`;
    const { open, refused } = await flood(wsUrl, '127.0.0.2', 300);
    expect(open.length).toBe(100);
    expect(refused).toEqual(Array(200).fill(429));

    // Meanwhile pages, the API and a chat from another address work as usual.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const rt = getRuntime();
    await speakRateOff(rt);
    const hub = { wsUrl } as HubServer;
    const anchor = await userIdByMobile(rt.db, '13900000003');
    const viewer = await joinAsUser(hub, rt, await userIdByMobile(rt.db, '13900000001'), anchor);
    const other = await joinAsUser(hub, rt, await userIdByMobile(rt.db, '13900000002'), anchor);
    viewer.send(CLIENT_FRAME.say, { content: 'still here' });
    await other.next(SERVER_FRAME.say, (d: { content: string }) => d.content === 'still here');

    // The idle sockets are closed at the join deadline; the viewers stay.
    const codes = await Promise.all(open.map((ws) => closedWithin(ws, 5000)));
    expect(new Set(codes)).toEqual(new Set([4008]));
    expect(viewer.ws.readyState).toBe(WebSocket.OPEN);
    viewer.send(CLIENT_FRAME.say, { content: 'after the flood' });
    await other.next(SERVER_FRAME.say, (d: { content: string }) => d.content === 'after the flood');

    // The address may connect again once its sockets are gone.
    const again = await openFrom(wsUrl, '127.0.0.2');
    expect(again.status).toBe('open');
    if ('ws' in again) again.ws.close();

    // Refusals are counted and logged, a few lines for hundreds of refusals.
    expect(await metric(server.url, 'im_connections_refused_total{reason="per_address"}')).toBe(
      200,
    );
    expect(await metric(server.url, 'im_connections_refused_total{reason="join_timeout"}')).toBe(
      100,
    );
    const lines = logged.filter((l) => l.includes('"event":"im_refused"'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(10);
    expect(lines[0]).toContain('"address":"127.0.0.2"');
    viewer.close();
    other.close();
  });

  it('closes raw TCP connections over the per-address cap before reading them', async () => {
    const { port } = new URL(server.url);
    const sockets = await Promise.all(
      Array.from(
        { length: 200 },
        () =>
          new Promise<Socket>((resolve) => {
            const s = tcpConnect({
              host: '127.0.0.1',
              port: Number(port),
              localAddress: '127.0.0.4',
            });
            s.once('connect', () => resolve(s));
            s.on('error', () => {});
          }),
      ),
    );
    const ends = await Promise.all(
      sockets.map(
        (s) =>
          new Promise<'closed' | 'open'>((resolve) => {
            const timer = setTimeout(() => resolve('open'), 1500);
            s.once('close', () => {
              clearTimeout(timer);
              resolve('closed');
            });
          }),
      ),
    );
    expect(ends.filter((e) => e === 'open').length).toBe(150);
    expect(ends.filter((e) => e === 'closed').length).toBe(50);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    for (const s of sockets) s.destroy();
    expect(await metric(server.url, 'http_connections_refused_total{reason="per_address"}')).toBe(
      50,
    );
  });
});

describe('the process file limit', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const dir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'arena-fd-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('is raised to the hard limit at start', async () => {
    const { events, child } = await childServer('ulimit -Sn 512', dir());
    children.push(child);
    const limit = events.file_limit as { soft: number; hard: number };
    expect(limit.hard).toBeGreaterThan(512);
    expect(limit.soft).toBe(limit.hard);
  });

  it('leaves handles for HTTP and the database when sockets flood in from many addresses', async () => {
    const { url, events, child } = await childServer('ulimit -n 1024', dir());
    children.push(child);
    expect(events.file_limit).toMatchObject({ soft: 1024, hard: 1024 });
    const wsUrl = `${url.replace('http', 'ws')}/im`;
    const floods = await Promise.all(
      Array.from({ length: 8 }, (_, i) => flood(wsUrl, `127.0.1.${i + 1}`, 120)),
    );
    const open = floods.flatMap((f) => f.open);
    const refused = floods.flatMap((f) => f.refused);
    // 1,024 files: 768 hub sockets at most, the rest kept for HTTP and the database.
    expect(open.length).toBe(768);
    expect(refused.length).toBe(960 - 768);
    // Refused by the hub (503), or, while refused sockets are still closing, at the TCP cap.
    expect(refused.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(refused.every((s) => s === 503 || s === -1)).toBe(true);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const config = await fetch(`${url}/api/config/getCommonConfig`, { method: 'POST' });
    expect(((await config.json()) as { status: number }).status).toBe(0);
    // Each refusal is counted once: by the hub (the 503s), or at the TCP cap (the rest): there
    // a newcomer is refused, or the oldest connection that has not sent its request yet is
    // closed to let it in.
    const byHub = await metric(url, 'im_connections_refused_total{reason="total"}');
    const byTcp = await metric(url, 'http_connections_refused_total{reason="total"}');
    const madeRoom = await metric(url, 'http_connections_dropped_total{reason="made_room"}');
    expect(byHub).toBe(refused.filter((s) => s === 503).length);
    expect(byHub + byTcp + madeRoom).toBe(192);
    for (const ws of open) ws.terminate();
  });
});
