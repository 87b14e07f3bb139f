import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropPublisher } from './control.ts';

let server: Server | undefined;

/** A stand-in for nginx's control port that answers with `handle`; resolves with its port. */
async function fakeIngest(
  handle: (url: string, reply: (status: number, body: string) => void) => void,
): Promise<number> {
  server = createServer((req, res) => {
    handle(req.url ?? '', (status, body) => res.writeHead(status).end(body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  vi.restoreAllMocks();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe('dropPublisher', () => {
  it('asks the control module to drop the anchor stream and returns the count', async () => {
    const urls: string[] = [];
    const port = await fakeIngest((url, reply) => {
      urls.push(url);
      reply(200, '1');
    });
    expect(await dropPublisher(port, 100003)).toBe(1);
    expect(urls).toEqual(['/control/drop/publisher?app=live&name=100003']);
  });

  it('returns 0 when nobody was publishing', async () => {
    const port = await fakeIngest((_url, reply) => reply(200, '0'));
    expect(await dropPublisher(port, 7)).toBe(0);
  });

  it('logs and returns null when no ingest is listening, without throwing', async () => {
    const port = await fakeIngest((_url, reply) => reply(200, '0'));
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await dropPublisher(port, 7)).toBeNull();
    const line = String(write.mock.calls.at(-1)?.[0]);
    expect(JSON.parse(line)).toMatchObject({
      level: 'warn',
      event: 'ingest_drop_skipped',
      anchorId: 7,
      reason: 'ECONNREFUSED',
    });
  });

  it('gives up after the timeout and on an unexpected answer', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const lastLine = () => JSON.parse(String(write.mock.calls.at(-1)?.[0])) as object;
    const hanging = await fakeIngest(() => {});
    const started = Date.now();
    expect(await dropPublisher(hanging, 7, 200)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lastLine()).toMatchObject({ event: 'ingest_drop_failed', reason: 'timeout' });
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    const broken = await fakeIngest((_url, reply) => reply(404, 'not found'));
    expect(await dropPublisher(broken, 7)).toBeNull();
    expect(lastLine()).toMatchObject({ event: 'ingest_drop_failed', reason: 'http 404' });
  });
});
