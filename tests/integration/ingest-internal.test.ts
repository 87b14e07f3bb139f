/**
 * Two machines of one site on one PostgreSQL database and one Redis: an ingest machine's app
 * process (INGEST_NAME=a, its own media folder, nginx's statistics answered by a small HTTP
 * server on its control port) and an app machine's process (INGESTS naming a). A live pinned to
 * a (`/ingest/a/hls/<id>.m3u8`) has its HLS files only on a's disk, yet through the app: the
 * anchor sees the same stream health a reads, a viewer's live clip plays and the app's media
 * folder holds nothing of it, the room card shows a's newest frame under a's prefix, and ending
 * the live on the app cuts the encoder off at a's ingest. The internal calls refuse a wrong or
 * missing token and no log line shows the token. Needs PostgreSQL, redis-server and ffmpeg.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBin, startPostgres, type Service } from '../../scripts/cluster/services.ts';
import { INTERNAL_TOKEN_HEADER, internalMediaToken } from '../../src/server/media/ingests.ts';
import { probe } from './clip-probe.ts';
import { api, login } from './cluster-helpers.ts';
import { freePort, hasRedis, startRedis, type TestRedis } from './redis-helpers.ts';
import { until } from './wait.ts';

const ready = hasRedis && postgresBin() !== null && existsSync('/usr/bin/ffmpeg');
if (!ready) console.warn('PostgreSQL, redis-server or ffmpeg missing: this suite does not run.');

const ANCHOR_MOBILE = '13900000016';
const VIEWER_MOBILE = '13900000001';

/** A server process and every line it logged. */
interface Machine {
  url: string;
  child: ChildProcess;
  lines: string[];
  dataDir: string;
  mediaDir: string;
}

/** Starts src/server/main.ts on `port` with `env`; resolves once it listens. */
async function startMachine(port: number, env: NodeJS.ProcessEnv): Promise<Machine> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-machine-'));
  const mediaDir = path.join(dataDir, 'media');
  const child = spawn(process.execPath, [path.resolve('src/server/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MEDIA_DIR: mediaDir,
      LOG_REQUESTS: '1',
      DEMO_MATCH_PACE_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffer = '';
  const take = (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  await until(
    'the server to listen',
    () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${lines.slice(-5).join('\n')}`);
      return lines.some((l) => l.includes('"listening"'));
    },
    180_000,
    100,
  );
  return { url: `http://127.0.0.1:${port}`, child, lines, dataDir, mediaDir };
}

async function stopMachine(machine: Machine | undefined): Promise<void> {
  if (!machine) return;
  if (machine.child.exitCode === null) {
    const exit = new Promise((resolve) => machine.child.once('exit', resolve));
    machine.child.kill('SIGTERM');
    await exit;
  }
  rmSync(machine.dataDir, { recursive: true, force: true });
}

/** nginx-rtmp's /stat with one publishing 1280x720 stream named `anchorId`. */
function statXml(anchorId: number): string {
  return `<rtmp><server><application><name>live</name><live><stream><name>${anchorId}</name>
<time>8000</time><bw_in>0</bw_in><bytes_in>400000</bytes_in><bw_video>0</bw_video>
<client><id>1</id><time>8200</time><dropped>0</dropped><timestamp>7800</timestamp><publishing/></client>
<meta><video><width>1280</width><height>720</height><frame_rate>25</frame_rate><codec>H264</codec></video></meta>
<publishing/></stream></live></application></server></rtmp>`;
}

/** Encodes `count` 4-second segments of a live into `hls` and lists them in its playlist. */
function liveHls(hls: string, anchorId: number, count: number): void {
  mkdirSync(hls, { recursive: true });
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4'];
  for (let i = 0; i < count; i += 1) {
    execFileSync('/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=4'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', '-f', 'mpegts'],
      path.join(hls, `${anchorId}-${i}.ts`),
    ]);
    lines.push('#EXTINF:4.000,', `${anchorId}-${i}.ts`);
  }
  writeFileSync(path.join(hls, `${anchorId}.m3u8`), `${lines.join('\n')}\n`);
}

/** Every file below `dir`, relative to it. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.runIf(ready)('a live on another ingest machine', () => {
  let pg: Service;
  let redis: TestRedis;
  let stat: Server;
  let appControl: Server;
  /** The control calls each machine's "nginx" received. */
  const controlCalls: Record<'ingest' | 'app', string[]> = { ingest: [], app: [] };
  let ingest: Machine | undefined;
  let app: Machine | undefined;
  let anchorId: number;
  /** An anchor whose live is pinned to another ingest machine, b. */
  let elsewhere: number;
  let anchorToken: string;
  let viewerToken: string;
  const secret = randomBytes(32).toString('hex');
  const token = internalMediaToken(secret);

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    // nginx's control port on each machine: its statistics, and publishers dropped ("1").
    const control = (machine: 'ingest' | 'app') =>
      createServer((req, res) => {
        if (req.url === '/stat') return void res.writeHead(200).end(statXml(anchorId));
        controlCalls[machine].push(req.url ?? '');
        res.writeHead(200).end('1');
      });
    stat = control('ingest');
    appControl = control('app');
    const statPort = await freePort();
    const appControlPort = await freePort();
    await new Promise<void>((resolve) => stat.listen(statPort, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => appControl.listen(appControlPort, '127.0.0.1', resolve));
    const ingestPort = await freePort();
    const ingests = `a http://127.0.0.1:${ingestPort} rtmp://127.0.0.1:1935/live`;
    const shared = { DATABASE_URL: pg.url, REDIS_URL: redis.url, SECRET: secret, INGESTS: ingests };
    // One after the other: the first seeds the empty database.
    ingest = await startMachine(ingestPort, {
      ...shared,
      INGEST_NAME: 'a',
      RTMP_CONTROL_PORT: String(statPort),
    });
    app = await startMachine(await freePort(), {
      ...shared,
      RTMP_CONTROL_PORT: String(appControlPort),
    });

    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql`select id from users where mobile = ${ANCHOR_MOBILE}`;
      anchorId = row!.id as number;
      // The anchor's stream arrived at ingest a: its publish hook pinned the room there.
      await sql`update live_rooms set is_live = true, session_open = true, ticket = 0,
        stream_url = ${`/ingest/a/hls/${anchorId}.m3u8`} where anchor_id = ${anchorId}`;
      const [other] = await sql`select anchor_id from live_rooms where anchor_id <> ${anchorId}
        order by anchor_id limit 1`;
      elsewhere = other!.anchor_id as number;
      await sql`update live_rooms set is_live = true, session_open = true, ticket = 0,
        stream_url = ${`/ingest/b/hls/${elsewhere}.m3u8`} where anchor_id = ${elsewhere}`;
    } finally {
      await sql.end();
    }
    liveHls(path.join(ingest.mediaDir, 'hls'), anchorId, 3);
    // Files of the other live on a's disk too: a's grabber still leaves a live pinned to b alone.
    liveHls(path.join(ingest.mediaDir, 'hls'), elsewhere, 1);
    anchorToken = await login(app.url, ANCHOR_MOBILE);
    viewerToken = await login(app.url, VIEWER_MOBILE);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([stopMachine(app), stopMachine(ingest)]);
    for (const server of [stat, appControl]) {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    }
    redis?.stop();
    await pg?.stop();
  }, 60_000);

  const get = async <T>(base: string, url: string, bearer: string) => {
    const res = await fetch(`${base}${url}`, {
      headers: { authorization: `Bearer ${bearer}`, 'device-info': 'ingest-suite' },
    });
    return (await res.json()) as { status: number; msg: string; data: T };
  };

  it('shows the anchor on the app the stream health the ingest machine reads', async () => {
    type Health = {
      receiving: boolean;
      ingest: boolean;
      session_open: boolean;
      figures: Record<string, number | string | null>;
      warnings: { code: string }[];
    };
    const onApp = await get<Health>(app!.url, '/api/studio/stream_health', anchorToken);
    expect(onApp.status, onApp.msg).toBe(0);
    const res = await fetch(`${ingest!.url}/api/media/internal/health/${anchorId}`, {
      headers: { [INTERNAL_TOKEN_HEADER]: token },
    });
    expect(res.status).toBe(200);
    const onIngest = (await res.json()) as Health;
    expect(onApp.data).toMatchObject({ receiving: true, ingest: true, session_open: true });
    // The playlist's 4 s segments are the keyframe interval, read on the ingest's disk.
    expect(onApp.data.figures.keyframeS).toBe(4);
    expect(onApp.data.figures.width).toBe(1280);
    const { segmentAgeS: ageOnApp, ...figuresOnApp } = onApp.data.figures;
    const { segmentAgeS: ageOnIngest, ...figuresOnIngest } = onIngest.figures;
    expect(figuresOnApp).toEqual(figuresOnIngest);
    expect(typeof ageOnApp).toBe('number');
    expect(Math.abs(Number(ageOnApp) - Number(ageOnIngest))).toBeLessThan(3);
    expect(onApp.data.warnings.map((w) => w.code)).toEqual(onIngest.warnings.map((w) => w.code));
  });

  it("cuts a viewer's live clip through the app from the ingest machine's files", async () => {
    const made = await api<{ id: number }>(
      app!.url,
      '/api/clip/create',
      { anchor_id: anchorId, seconds: 10, title: 'From machine a' },
      viewerToken,
    );
    expect(made.status).toBe(0);
    type Clip = { status: string; video: string };
    let clip: Clip | undefined;
    await until(
      'the clip to be cut',
      async () => {
        clip = (await get<Clip>(app!.url, `/api/clip/one?clip_id=${made.data.id}`, viewerToken))
          .data;
        return clip.status !== 'processing';
      },
      60_000,
      200,
    );
    expect(clip!.status).toBe('ready');
    const video = await fetch(`${app!.url}${clip!.video}`, {
      headers: { authorization: `Bearer ${viewerToken}` },
    });
    expect(video.status).toBe(200);
    const file = path.join(app!.dataDir, 'played.mp4');
    writeFileSync(file, new Uint8Array(await video.arrayBuffer()));
    const probed = probe(file);
    expect(probed.duration).toBeGreaterThanOrEqual(10);
    expect(probed.width).toBe(320);
    expect(probed.codecs).toEqual(expect.arrayContaining(['h264', 'aac']));
    // Nothing of the live was ever on the app machine's media folder.
    expect(filesBelow(path.join(app!.mediaDir, 'hls'))).toEqual([]);
    expect(filesBelow(app!.mediaDir).filter((f) => f.includes(String(anchorId)))).toEqual([]);
  });

  it('refuses internal calls without the right token and never logs the token', async () => {
    const wrong = randomBytes(16).toString('hex');
    const calls = [
      fetch(`${ingest!.url}/api/media/internal/health/${anchorId}`),
      fetch(`${ingest!.url}/api/media/internal/health/${anchorId}`, {
        headers: { [INTERNAL_TOKEN_HEADER]: wrong },
      }),
      fetch(`${ingest!.url}/api/media/internal/hls/${anchorId}.m3u8`, {
        headers: { [INTERNAL_TOKEN_HEADER]: wrong },
      }),
      fetch(`${ingest!.url}/api/media/internal/drop/${anchorId}`, { method: 'POST' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    // The right token reads a file; a name outside the live HLS folder's pattern is not served.
    const headers = { [INTERNAL_TOKEN_HEADER]: token };
    const playlist = await fetch(`${ingest!.url}/api/media/internal/hls/${anchorId}.m3u8`, {
      headers,
    });
    expect(await playlist.text()).toContain(`${anchorId}-0.ts`);
    for (const name of ['..%2Fsecret', `${anchorId}.flv`, 'master.m3u8']) {
      const res = await fetch(`${ingest!.url}/api/media/internal/hls/${name}`, { headers });
      expect(res.status).toBe(404);
    }
    await until(
      'the refusals in the log',
      () => ingest!.lines.some((l) => l.includes('internal_call_refused')),
      5_000,
      50,
    );
    for (const machine of [ingest!, app!]) {
      const log = machine.lines.join('\n');
      expect(log).not.toContain(token);
      expect(log).not.toContain(wrong);
    }
  });

  it("shows the ingest machine's newest frame on the app's room card, under its prefix", async () => {
    const follow = await api(
      app!.url,
      '/api/anchor/attentAnchor',
      { anchorid: anchorId },
      viewerToken,
    );
    expect(follow.status).toBe(0);
    type Card = { anchor_id: number; cover: string };
    let cover = '';
    // The grabber beside ingest a looks every 5 s.
    await until(
      'a frame on the card',
      async () => {
        const list = await get<{ list: Card[] }>(app!.url, '/api/anchor/followList', viewerToken);
        cover = list.data.list.find((c) => c.anchor_id === anchorId)?.cover ?? '';
        return cover.startsWith('/ingest/a/frames/');
      },
      40_000,
      500,
    );
    expect(cover).toMatch(new RegExp(`^/ingest/a/frames/${anchorId}-\\d{13}\\.jpg$`));
    // The balancer passes /ingest/a/... to machine a without the prefix: the frame is there.
    const frame = await fetch(`${ingest!.url}${cover.slice('/ingest/a'.length)}`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-type')).toBe('image/jpeg');
    // The app machine took no frame itself, and a took none of the live pinned to b.
    expect(filesBelow(path.join(app!.mediaDir, 'frames'))).toEqual([]);
    const taken = filesBelow(path.join(ingest!.mediaDir, 'frames'));
    expect(taken.some((f) => f.startsWith(`${anchorId}-`))).toBe(true);
    expect(taken.filter((f) => f.startsWith(`${elsewhere}-`))).toEqual([]);
  });

  it("cuts the encoder off at the live's ingest machine when the anchor ends the live on the app", async () => {
    const ended = await api(app!.url, '/webapi/live/endLive', {}, anchorToken);
    expect(ended.status).toBe(0);
    const drop = `/control/drop/publisher?app=live&name=${anchorId}`;
    expect(controlCalls.ingest).toContain(drop);
    expect(controlCalls.app).toEqual([]);
  });
});
