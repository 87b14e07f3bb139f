/**
 * Abuse: raw TCP connections that send nothing (or a request's headers byte by byte) must not
 * hold the site. They are closed at the first-request deadline, and at the total cap the oldest
 * of them makes room for a new connection, so a real client is served during a flood; requests
 * that arrived (a kept-alive connection, a hub socket, a slow upload) are left alone. Also: the
 * hub counts an IPv6 /64 as one address, and behind a trusted balancer a request that names no
 * client is never taken for a loopback caller. Loopback has many addresses (127.0.0.0/8), so
 * the "other clients" are real.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect as tcpConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RunningServer } from '../../src/server/main.ts';
import { childServer } from './child-server.ts';

/** A raw TCP connection from `localAddress`, resolved once connected. */
function rawSocket(url: string, localAddress: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const s = tcpConnect({ host: hostname, port: Number(port), localAddress });
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

/** Milliseconds from now until `s` closes, or 'open' after `ms`. */
function closedAfter(s: Socket, ms: number): Promise<number | 'open'> {
  const start = performance.now();
  return new Promise((resolve) => {
    if (s.destroyed) return resolve(0);
    const timer = setTimeout(() => resolve('open'), ms);
    s.once('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - start);
    });
  });
}

/** The first response on `s` after writing `text`, whole (by its length, or chunked). */
function exchange(s: Socket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    const onData = (chunk: Buffer) => {
      got += chunk.toString();
      const end = got.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(got);
      const whole = length
        ? got.length >= end + 4 + Number(length[1])
        : got.endsWith('\r\n0\r\n\r\n');
      if (end !== -1 && whole) {
        s.off('data', onData);
        resolve(got);
      }
    };
    s.on('data', onData);
    s.once('close', () => reject(new Error(`closed after ${JSON.stringify(got)}`)));
    s.write(text);
  });
}

/** A GET from `localAddress` with `headers`; the status, or an error's code. */
function get(
  url: string,
  localAddress: string,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<{ status: number | string; body: string }> {
  return new Promise((resolve) => {
    const req = request(url, { localAddress, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: error.code ?? error.message, body: '' }),
    );
    req.end();
  });
}

/** The value of one series in the metrics, read from an untrusted loopback address. */
async function metric(url: string, series: string): Promise<number> {
  const { body } = await get(`${url}/metrics`, '127.0.0.1');
  const line = body.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** A hub socket from `localAddress`; 'open' or the HTTP status it was refused with. */
function openSocket(
  wsUrl: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ ws: WebSocket; status: 'open' } | { status: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, { localAddress, headers });
    ws.once('open', () => resolve({ ws, status: 'open' }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', () => resolve({ status: -1 }));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The loopback address the tests' balancer connects from. */
const BALANCER = '127.0.0.3';

describe('the first-request deadline and the trusted balancer', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'arena-idle-'));
    server = await startServer(
      readEnv({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_REQUESTS: '0',
        FIRST_REQUEST_SECONDS: '1',
        IM_MAX_PER_IP: '3',
        TRUST_PROXY: BALANCER,
      }),
    );
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes connections that send no request, and a slow-loris, at the deadline', async () => {
    const idle = await Promise.all(
      Array.from({ length: 20 }, () => rawSocket(server.url, '127.0.0.5')),
    );
    const loris = await rawSocket(server.url, '127.0.0.6');
    const headers = 'GET /healthz HTTP/1.1\r\nHost: a\r\nX-Slow: ' + 'a'.repeat(100);
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < headers.length && !loris.destroyed) loris.write(headers[sent++]!);
    }, 50);
    loris.on('error', () => {});
    try {
      const ends = await Promise.all([...idle, loris].map((s) => closedAfter(s, 5000)));
      // None outlived the deadline by much, and none went before it.
      for (const end of ends) {
        expect(end).not.toBe('open');
        expect(end).toBeGreaterThan(800);
      }
      expect(sent).toBeGreaterThan(10);
    } finally {
      clearInterval(drip);
    }
    expect(
      await metric(server.url, 'http_connections_dropped_total{reason="first_request_timeout"}'),
    ).toBeGreaterThanOrEqual(21);
  });

  it('leaves a kept-alive connection, a hub socket and a slow upload past the deadline', async () => {
    const wsUrl = `${server.url.replace('http', 'ws')}/im`;
    const [kept, upload, hub] = await Promise.all([
      rawSocket(server.url, '127.0.0.7'),
      rawSocket(server.url, '127.0.0.7'),
      openSocket(wsUrl, '127.0.0.7'),
    ]);
    expect(hub.status).toBe('open');
    const healthz = 'GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n';
    expect(await exchange(kept, healthz)).toMatch(/^HTTP\/1\.1 200/);
    upload.write(
      'POST /api/config/getCommonConfig HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
    );
    await sleep(2500);
    // The kept-alive connection answers its next request, the upload finishes, the socket is open.
    expect(await exchange(kept, healthz)).toMatch(/^HTTP\/1\.1 200/);
    expect(await exchange(upload, '}')).toMatch(/^HTTP\/1\.1 200/);
    if ('ws' in hub) {
      expect(hub.ws.readyState).toBe(WebSocket.OPEN);
      hub.ws.close();
    }
    kept.destroy();
    upload.destroy();
  });

  it('counts the hub sockets of one IPv6 /64 as one address', async () => {
    const wsUrl = `${server.url.replace('http', 'ws')}/im`;
    const from = (ip: string) => openSocket(wsUrl, BALANCER, { 'x-real-ip': ip });
    const same = await Promise.all(
      ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3'].map(from),
    );
    expect(same.map((s) => s.status)).toEqual(['open', 'open', 'open']);
    expect((await from('2001:db8:1:2:abcd::4')).status).toBe(429);
    const other = await from('2001:db8:1:3::1');
    expect(other.status).toBe('open');
    for (const s of [...same, other]) if ('ws' in s) s.ws.close();
  });

  it('keeps /metrics and the backup call from a balancer request that names no client', async () => {
    // A caller on the machine (not the balancer) reads the metrics.
    expect((await get(`${server.url}/metrics`, '127.0.0.1')).status).toBe(200);
    expect(
      (await get(`${server.url}/metrics`, BALANCER, { 'x-real-ip': '127.0.0.1' })).status,
    ).toBe(200);
    // Through the balancer: no header, nonsense, a list, or a remote client all find nothing.
    const cases: Record<string, string>[] = [
      {},
      { 'x-real-ip': '' },
      { 'x-real-ip': 'garbage' },
      { 'x-real-ip': '127.0.0.1, 203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of cases) {
      const metrics = await get(`${server.url}/metrics`, BALANCER, headers);
      expect(metrics.status).toBe(404);
      expect(metrics.body).not.toContain('http_connections_open');
      expect((await get(`${server.url}/internal/backup`, BALANCER, headers)).status).toBe(404);
    }
  });
});

describe('a flood of idle connections at the total cap', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'arena-idle-fd-'));
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes the oldest idle connection for a new one, so a real client is served', async () => {
    // 512 files: a total cap of 448 connections. The deadline is far off: room is made at once.
    const started = await childServer('ulimit -n 512', dataDir, { FIRST_REQUEST_SECONDS: '60' });
    child = started.child;
    const { url } = started;
    const flood: Socket[] = [];
    for (let address = 1; address <= 5; address++) {
      const batch = await Promise.all(
        Array.from({ length: 120 }, () => rawSocket(url, `127.0.2.${address}`)),
      );
      // Read, so that a connection the server closes is seen to close.
      for (const s of batch) s.on('error', () => {}).resume();
      flood.push(...batch);
    }
    await sleep(500);
    // 600 idle connections for 448 places: the oldest gave way to the newest.
    const closed = flood.filter((s) => s.closed);
    expect(closed.length).toBeGreaterThanOrEqual(600 - 448);
    expect(flood.indexOf(closed[0]!)).toBe(0);

    // Other clients are answered at once, and the database still has its handles.
    expect((await get(`${url}/healthz`, '127.0.2.9', {}, 3000)).status).toBe(200);
    expect((await get(`${url}/readyz`, '127.0.2.10', {}, 3000)).status).toBe(200);
    expect(
      await metric(url, 'http_connections_dropped_total{reason="made_room"}'),
    ).toBeGreaterThanOrEqual(600 - 448);
    expect(await metric(url, 'http_connections_refused_total{reason="total"}')).toBe(0);
    for (const s of flood) s.destroy();
  }, 240_000);
});
