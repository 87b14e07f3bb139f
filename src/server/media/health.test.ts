import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readStreamHealth, statFigures } from './health.ts';
import type { IngestStream } from './stat.ts';

const STREAM: IngestStream = {
  name: '42',
  timeMs: 8_000,
  bytesIn: 400_000,
  bwIn: 0,
  bwVideo: 0,
  width: 1280,
  height: 720,
  frameRate: 20,
  codec: 'H264',
  publisher: { timeMs: 8_200, timestampMs: 7_800, dropped: 0 },
};

/** nginx's /stat with the one stream above. */
const STAT = `<rtmp><server><application><name>live</name><live><stream><name>42</name>
<time>8000</time><bw_in>0</bw_in><bytes_in>400000</bytes_in><bw_video>0</bw_video>
<client><id>1</id><time>8200</time><dropped>0</dropped><timestamp>7800</timestamp><publishing/></client>
<meta><video><width>1280</width><height>720</height><frame_rate>20</frame_rate><codec>H264</codec></video></meta>
<publishing/></stream></live></application></server></rtmp>`;

let server: Server | undefined;
let dir: string | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('statFigures', () => {
  it('averages the bytes in before nginx has a bandwidth window', () => {
    expect(statFigures(STREAM)).toEqual({
      width: 1280,
      height: 720,
      fps: 20,
      codec: 'H264',
      kbps: 400,
      videoKbps: null,
      lagMs: 400,
      dropped: 0,
      uptimeS: 8,
    });
    expect(statFigures({ ...STREAM, bwIn: 2_500_000, bwVideo: 2_300_000 })).toMatchObject({
      kbps: 2_500,
      videoKbps: 2_300,
    });
  });
});

describe('readStreamHealth', () => {
  it('joins the statistics and the playlist into figures and warnings', async () => {
    server = createServer((req, res) => res.writeHead(200).end(req.url === '/stat' ? STAT : ''));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const controlPort = (server.address() as AddressInfo).port;
    dir = mkdtempSync(path.join(tmpdir(), 'health-'));
    mkdirSync(path.join(dir, 'hls'));
    writeFileSync(
      path.join(dir, 'hls', '42.m3u8'),
      '#EXTM3U\n#EXTINF:4.000,\n42-0.ts\n#EXTINF:4.000,\n42-1.ts\n',
    );
    writeFileSync(path.join(dir, 'hls', '42-1.ts'), 'x');
    const health = await readStreamHealth({ controlPort, mediaDir: dir }, 42, true);
    expect(health).toMatchObject({ session_open: true, receiving: true, ingest: true });
    expect(health.figures).toMatchObject({ width: 1280, height: 720, fps: 20, keyframeS: 4 });
    expect(health.warnings.map((w) => w.code)).toEqual(['keyframe', 'bitrate', 'frameRate']);
    // Another anchor on the same ingest receives nothing.
    const other = await readStreamHealth({ controlPort, mediaDir: dir }, 7, false);
    expect(other).toMatchObject({ receiving: false, ingest: true, warnings: [] });
  });
});
