import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame } from './connection.ts';

describe('textFrame', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it('writes frames a WebSocket client reads whole, at every length encoding', async () => {
    // 7-bit, 16-bit and 64-bit payload lengths, with non-ASCII text.
    const texts = ['比分 1:0', 'x'.repeat(300) + '进球', 'y'.repeat(70_000) + '终场'];
    const http = createServer();
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    http.on('upgrade', (req, socket, head) => {
      wss.handleUpgrade(req, socket, head, () => {
        for (const text of texts) socket.write(textFrame(Buffer.from(text)));
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => http.close());
    const { port } = http.address() as AddressInfo;
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    cleanups.push(() => client.terminate());
    const got = await new Promise<string[]>((resolve, reject) => {
      const messages: string[] = [];
      client.on('error', reject);
      client.on('message', (data, isBinary) => {
        expect(isBinary).toBe(false);
        messages.push((data as Buffer).toString());
        if (messages.length === texts.length) resolve(messages);
      });
    });
    expect(got).toEqual(texts);
  });

  it('frames one payload once for every socket it goes to', () => {
    const payload = Buffer.from('{"type":"say"}');
    expect(textFrame(payload)).toBe(textFrame(payload));
    expect(textFrame(Buffer.from('{"type":"say"}'))).not.toBe(textFrame(payload));
  });
});
