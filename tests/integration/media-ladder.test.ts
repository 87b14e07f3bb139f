/**
 * The quality ladder on the real ingest: Debian's nginx with the RTMP module (its publish hooks
 * answered by a stand-in that accepts every stream), the supervisor, and ffmpeg pushing a
 * 1280x720 test pattern (keyframe every second). The ladder's playlists exist with the right
 * sizes (ffprobe of a segment of each) on the source's timeline, the master lists the source and
 * 480p; a transcoder killed with SIGKILL loses its master, is started again and the source
 * playlist goes on meanwhile; when the push ends the ladder is removed. ffmpeg, nginx and
 * libnginx-mod-rtmp must be installed: this suite fails, never skips, without them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMasterPlaylist } from '../../src/lib/player/quality.ts';
import { ladderDir } from '../../src/server/media/ladder/paths.ts';
import { newestSegment } from '../../src/server/media/ladder/probe.ts';
import { startLadder, type Supervisor } from '../../src/server/media/ladder/supervisor.ts';
import { startIngest, type Ingest } from '../../src/server/media/nginx.ts';
import { freePort } from './redis-helpers.ts';
import { until } from './wait.ts';

const FFMPEG = '/usr/bin/ffmpeg';
const ANCHOR = 4242;
const SECONDS = 22;

let dir: string;
let hooks: Server;
let ingest: Ingest | undefined;
let ladder: Supervisor | undefined;
let pusher: ChildProcess | undefined;
let pushed: Promise<number>;

/** Width, height and first video timestamp of a segment. */
function probe(file: string): { width: number; height: number; start: number } {
  const out = execFileSync('/usr/bin/ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,start_time',
    '-of',
    'json',
    file,
  ]).toString();
  const [video] = (
    JSON.parse(out) as { streams: { width: number; height: number; start_time: string }[] }
  ).streams;
  return { width: video!.width, height: video!.height, start: Number(video!.start_time) };
}

/** The newest segment file of a media playlist on disk. */
function newestFile(playlist: string): string | undefined {
  if (!existsSync(playlist)) return undefined;
  const segment = newestSegment(readFileSync(playlist, 'utf8'));
  return segment ? path.join(path.dirname(playlist), segment.uri) : undefined;
}

beforeAll(async () => {
  expect(existsSync(FFMPEG), 'ffmpeg is needed (apt-get install ffmpeg)').toBe(true);
  dir = mkdtempSync(path.join(tmpdir(), 'ladder-'));
  hooks = createServer((_req, res) => res.writeHead(200).end('ok'));
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  const rtmpPort = await freePort();
  ingest = await startIngest({
    mediaDir: dir,
    rtmpHost: '127.0.0.1',
    rtmpPort,
    controlPort: await freePort(),
    hookBase: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`,
    hookToken: 'test',
  });
  ladder = startLadder({
    mediaDir: dir,
    rtmpPort,
    settings: { max: 1, preset: 'ultrafast' },
    intervalMs: 300,
  });
  // prettier-ignore
  const args = [
    '-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
    '-g', '25', '-c:a', 'aac', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${ANCHOR}?key=k`,
  ];
  pusher = spawn(FFMPEG, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  pushed = new Promise((resolve) => pusher!.once('exit', (code) => resolve(code ?? 1)));
}, 30_000);

afterAll(async () => {
  pusher?.kill('SIGKILL');
  await ladder?.stop();
  await ingest?.stop();
  await new Promise((resolve) => hooks?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('quality ladder', () => {
  const out = () => ladderDir(dir, ANCHOR);
  const source = () => path.join(dir, 'hls', `${ANCHOR}.m3u8`);

  it('makes 480p beside the 720p source, on its timeline, and a master listing both', async () => {
    const master = await until('the master playlist', () => {
      const file = path.join(out(), 'master.m3u8');
      return existsSync(file) && readFileSync(file, 'utf8');
    });
    const renditions = parseMasterPlaylist(master, `http://x.test/hls/${ANCHOR}/master.m3u8`);
    expect(renditions.map((r) => [r.height, r.uri])).toEqual([
      [720, `http://x.test/hls/${ANCHOR}.m3u8`],
      [480, `http://x.test/hls/${ANCHOR}/480.m3u8`],
    ]);
    expect(ladder!.lives()).toMatchObject([{ anchorId: ANCHOR, heights: [480], master: true }]);

    const low = await until('a 480p segment', () => newestFile(path.join(out(), '480.m3u8')));
    const high = newestFile(source())!;
    const lowInfo = probe(low);
    expect([lowInfo.width, lowInfo.height]).toEqual([854, 480]);
    const highInfo = probe(high);
    expect([highInfo.width, highInfo.height]).toEqual([1280, 720]);
    // Keyframes and timestamps follow the source: a 480p segment starts where one of nginx's
    // 1 s fragments does (the same instant on the same clock, within a frame).
    const offset = (((lowInfo.start - highInfo.start) % 1) + 1) % 1;
    expect(Math.min(offset, 1 - offset)).toBeLessThan(0.04);
  });

  it('starts a killed transcoder again while the source goes on', async () => {
    const [before] = ladder!.lives();
    expect(before!.pid).toBeGreaterThan(0);
    const sourceAt = statSync(source()).mtimeMs;
    process.kill(before!.pid!, 'SIGKILL');
    // The master goes at once: players fall back to the source, which nginx keeps writing.
    await until('the master to go', () => !existsSync(path.join(out(), 'master.m3u8')), 3_000);
    await until('the source to go on', () => statSync(source()).mtimeMs > sourceAt, 3_000);
    const after = await until('the restarted ladder', () => {
      const [live] = ladder!.lives();
      return live?.master && live.pid !== before!.pid ? live : undefined;
    });
    expect(after.restarts).toBe(1);
    expect(existsSync(path.join(out(), '480.m3u8'))).toBe(true);
  });

  it('removes the ladder when the push ends', async () => {
    expect(await pushed).toBe(0);
    await until('the ladder to go', () => ladder!.lives().length === 0 && !existsSync(out()));
  }, 40_000);
});
