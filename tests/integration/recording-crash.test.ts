/**
 * A server killed in the middle of a live loses none of it: the server runs in a child process
 * and Debian's nginx with the RTMP module beside it (a process of its own, as in production);
 * ffmpeg pushes 8 s of test pattern, the server is SIGKILLed 3 s in, nginx goes on recording to
 * the end, and the restarted server's first sweep turns the whole recording into a replay (its
 * length, thumbnail and playlist served). nginx, libnginx-mod-rtmp and ffmpeg must be installed:
 * this test fails, never skips, without them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import { startIngest, type Ingest } from '../../src/server/media/nginx.ts';
import { RECORDING_IDLE_MS } from '../../src/server/recordings/worker.ts';
import { pushPattern } from '../media-pattern.ts';

const ANCHOR = '13900000017';
const SECRET = 'recording-crash-test-secret-0123456789abcdef';
const PUSH_SECONDS = 8;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value other than undefined, or fails after `ms`. */
async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

describe('a server killed mid-live', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-rec-crash-'));
  const mediaDir = path.join(dataDir, 'media');
  const recordings = path.join(mediaDir, 'recordings');
  const children: ChildProcess[] = [];
  let ingest: Ingest | undefined;

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await ingest?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts `src/server/main.ts` on `port` with the test's DATA_DIR; resolves once healthy. */
  async function startChild(port: number, controlPort: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, [path.resolve('src/server/main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SECRET,
        LOG_REQUESTS: '0',
        RTMP_CONTROL_PORT: String(controlPort),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    await until('the server', 90_000, async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok ? true : undefined;
    });
    return child;
  }

  it('keeps the recording and makes it a replay after the restart', async () => {
    const [port, controlPort, rtmpPort] = [await freePort(), await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const server = await startChild(port, controlPort);
    const post = async <T>(url: string, body: unknown, token?: string) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { status: number; data: T }).data;
    };
    const { token, id: anchorId } = await post<{ token: string; id: number }>('/api/user/login', {
      account: ANCHOR,
      pwd: 'demo1234',
      platform: 0,
      login_type: 1,
      source_id: 10001,
    });
    const { stream } = await post<{ stream: string }>('/webapi/live/getStreamInfo', {}, token);
    await post(
      '/webapi/live/startLive',
      {
        title: 'Crash-proof recording',
        category: 3,
        cateid: 303,
        match_id: 0,
        thumb: '',
        thumb_y: '/demo/covers-v/dota2-1.webp',
        ticket: 0,
        enable_webrtc: 0,
      },
      token,
    );
    ingest = await startIngest({
      mediaDir,
      rtmpHost: '127.0.0.1',
      rtmpPort,
      controlPort,
      hookBase: base,
      hookToken: mediaHookToken(SECRET),
      privateRoot: dataDir,
    });

    const pushing = push(rtmpPort, stream, PUSH_SECONDS);
    const file = await until('the recording file', 15_000, () =>
      Promise.resolve(readdirSync(recordings).find((name) => name.startsWith(`${anchorId}-`))),
    );
    // Let the live run a few seconds so the kill lands in the middle of it.
    await sleep(3_000);
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));

    // nginx is its own process: the push goes on to the end and so does the recording.
    expect(await pushing).toBe(0);
    const size = statSync(path.join(recordings, file)).size;
    expect(size).toBeGreaterThan(50_000);
    // The restarted server's first sweep takes files nobody writes to any more.
    const age = Date.now() - statSync(path.join(recordings, file)).mtimeMs;
    await sleep(Math.max(0, RECORDING_IDLE_MS - age + 500));
    await startChild(port, controlPort);

    interface Listed {
      list: { id: number; title: string; duration: number; cover: string }[];
    }
    const replay = await until('the replay', 60_000, async () => {
      const res = await fetch(`${base}/api/live/replays?anchor_id=${anchorId}&size=50`);
      const { data } = (await res.json()) as { data: Listed };
      return data.list.find((r) => r.title === 'Crash-proof recording');
    });
    expect(Math.abs(replay.duration - PUSH_SECONDS)).toBeLessThanOrEqual(2);
    const cover = await fetch(`${base}${replay.cover}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    const one = await fetch(`${base}/api/live/replay?replay_id=${replay.id}`);
    const { stream_url } = ((await one.json()) as { data: { stream_url: string } }).data;
    const playlist = await fetch(`${base}${stream_url}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXT-X-ENDLIST');
    expect(readdirSync(recordings)).not.toContain(file);
  }, 180_000);
});

/** Pushes the suite's test pattern to the ingest on `port`; resolves with ffmpeg's exit code. */
const push = (port: number, stream: string, seconds: number, signal?: AbortSignal) =>
  pushPattern(`rtmp://127.0.0.1:${port}/live/${stream}`, { seconds }, signal);
