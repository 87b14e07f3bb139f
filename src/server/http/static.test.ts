import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControl, createStatic, mediaType } from './static.ts';

describe('static files', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'arena-static-'));
    cpSync(path.resolve('public/media'), path.join(dir, 'media'), { recursive: true });
    const master = readFileSync(path.join(dir, 'media/demo/master.m3u8'));
    writeFileSync(path.join(dir, 'media/demo/master.m3u8.gz'), gzipSync(master));
    const handler = createStatic(dir);
    server = createServer((req, res) =>
      handler(req, res, () => {
        res.statusCode = 404;
        res.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves HLS playlists as application/vnd.apple.mpegurl, revalidated, also precompressed', async () => {
    const plain = await fetch(`${base}/media/demo/720p/index.m3u8`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(await plain.text()).toContain('#EXT-X-ENDLIST');

    const gzipped = await fetch(`${base}/media/demo/master.m3u8`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(await gzipped.text()).toMatch(/^#EXTM3U/);
  });

  it('serves fMP4 init and media segments with their types and byte ranges', async () => {
    const init = await fetch(`${base}/media/demo/480p/init.mp4`);
    expect(init.headers.get('content-type')).toBe('video/mp4');
    const segment = await fetch(`${base}/media/demo/480p/seg-00.m4s`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(segment.status).toBe(206);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect((await segment.arrayBuffer()).byteLength).toBe(100);
  });

  it('maps extensions and cache rules', () => {
    expect(mediaType('/x/seg-1.TS')).toBe('video/mp2t');
    expect(mediaType('/x/app.js')).toBeUndefined();
    expect(mediaType('/noext')).toBeUndefined();
    expect(cacheControl('/_astro/a.1234.js')).toContain('immutable');
    expect(cacheControl('/media/demo/720p/seg-01.m4s')).toBe('public, max-age=3600');
  });
});
