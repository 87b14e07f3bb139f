/** The one server process: health, redirects, the /im socket and graceful shutdown. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLIENT_FRAME, SERVER_FRAME, type Frame } from '../../src/lib/realtime/protocol/index.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RunningServer } from '../../src/server/main.ts';
import { PRODUCT_VERSION } from '../../src/server/version.ts';

function nextFrame(ws: WebSocket): Promise<Frame> {
  return new Promise((resolve, reject) => {
    ws.once('message', (raw: Buffer) => resolve(JSON.parse(raw.toString()) as Frame));
    ws.once('error', reject);
  });
}

describe('server process', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'arena-srv-'));
    server = await startServer(
      readEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: '0' }),
    );
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports health with the database kind, version and environment, and seeds the empty database', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      db: 'pglite',
      version: PRODUCT_VERSION,
      // Started without NODE_ENV: a development server (production says prod).
      environment: 'development',
    });
    // Readiness checks the database and the bus (in memory here); liveness checks nothing.
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: true, bus: true });
    const page = await (await fetch(`${server.url}/news`)).text();
    expect(page).toContain(`Version ${PRODUCT_VERSION} · development`);
    const config = await fetch(`${server.url}/api/config/getCommonConfig`, { method: 'POST' });
    const body = (await config.json()) as { data: { live_category: unknown[] } };
    expect(body.data.live_category.length).toBe(3);
  });

  it('answers pings on /im and refuses frames it cannot read', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/im`);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: CLIENT_FRAME.ping, data: {} }));
    expect((await nextFrame(ws)).type).toBe(SERVER_FRAME.pong);
    ws.send('not json');
    const error = await nextFrame(ws);
    expect(error.type).toBe(SERVER_FRAME.error);
    ws.close();
  });

  it('refuses WebSocket upgrades on other paths', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/elsewhere`);
    const result = await new Promise<string>((resolve) => {
      ws.once('open', () => resolve('open'));
      ws.once('error', () => resolve('error'));
    });
    expect(result).toBe('error');
  });

  it('closes open sockets with 1001 when stopping', async () => {
    const other = await startServer(
      readEnv({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'arena-stop-')),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_REQUESTS: '0',
      }),
    );
    const ws = new WebSocket(`${other.url.replace('http', 'ws')}/im`);
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await other.stop();
    expect(await closed).toBe(1001);
    await expect(fetch(`${other.url}/healthz`)).rejects.toThrow();
  });
});
