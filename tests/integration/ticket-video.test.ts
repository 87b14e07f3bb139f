/**
 * A ticket live's video on the real ingest: Debian's nginx with the RTMP module (publish hooks
 * answered by a stand-in that accepts every stream), the quality ladder's supervisor and ffmpeg
 * pushing a 1280x720 test pattern as the seeded ticket room's anchor. Through the site's own
 * HTTP server, the master playlist, the ladder's playlist and segments and the source playlist
 * and segments are refused to a guest, a viewer who did not pay, a holder of another live's
 * entry and any expired or altered pass, and play for the paying viewer, the anchor, a room
 * manager and an administrator through the URL ticket_room hands them; a free live plays with
 * no pass; a replay made while the ticket live runs is behind the same pass. ffmpeg, nginx and
 * libnginx-mod-rtmp must be installed: this suite fails, never skips, without them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { grantItems } from '../../src/server/backpack/service.ts';
import { liveRooms, liveSessions, replays, roomManagers } from '../../src/server/db/schema.ts';
import { createRequestListener } from '../../src/server/server.ts';
import { TERMS_CACHE_MS } from '../../src/server/media/gate.ts';
import { ladderDir } from '../../src/server/media/ladder/paths.ts';
import { newestSegment } from '../../src/server/media/ladder/probe.ts';
import { startLadder, type Supervisor } from '../../src/server/media/ladder/supervisor.ts';
import { startIngest, type Ingest } from '../../src/server/media/nginx.ts';
import { issuePass, PASS_TTL_S, withPass } from '../../src/server/media/pass.ts';
import { replayFilesDir } from '../../src/server/recordings/files.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import { freePort } from './redis-helpers.ts';
import { until } from './wait.ts';

const FFMPEG = '/usr/bin/ffmpeg';
/** ValQueen's room: 1 ticket. */
const ROOM = 100009;
const VIEWER = 100001;
const NOBLE = 100002;
const MANAGER = 100004;
const ADMIN = 100005;
const FAN = 100016;
const SECONDS = 600;

let dir: string;
let hooks: Server;
let ingest: Ingest | undefined;
let ladder: Supervisor | undefined;
let pusher: ChildProcess | undefined;

/** The newest segment named by a playlist on disk. */
function newestOf(playlist: string): string | undefined {
  if (!existsSync(playlist)) return undefined;
  return newestSegment(readFileSync(playlist, 'utf8'))?.uri;
}

beforeAll(async () => {
  expect(existsSync(FFMPEG), 'ffmpeg is needed (apt-get install ffmpeg)').toBe(true);
  dir = mkdtempSync(path.join(tmpdir(), 'ticket-video-'));
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
    '-g', '25', '-c:a', 'aac', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${ROOM}?key=k`,
  ];
  pusher = spawn(FFMPEG, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  await until(
    'the ladder and its first 480p segment',
    () =>
      existsSync(path.join(ladderDir(dir, ROOM), 'master.m3u8')) &&
      newestOf(path.join(ladderDir(dir, ROOM), '480.m3u8')),
    45_000,
  );
}, 60_000);

afterAll(async () => {
  pusher?.kill('SIGKILL');
  await ladder?.stop();
  await ingest?.stop();
  await new Promise((resolve) => hooks?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each(DB_KINDS)('a ticket live’s video (%s)', (kind) => {
  let t: TestRuntime;
  let server: Server;
  let base: string;
  let app: ReturnType<typeof createApi>;
  let started: Date;
  let otherRoom: number;

  const headers = async (userId: number) => ({
    authorization: `Bearer ${await createSession(t.rt.db, userId, 'test')}`,
  });
  /** The stream URL ticket_room gives `userId` (a guest with null). */
  const streamFor = async (userId: number | null, room = ROOM) =>
    (
      await callApi<{ stream_url: string }>(
        app,
        'POST',
        '/api/live/ticket_room',
        { anchor_id: room },
        userId ? await headers(userId) : {},
      )
    ).data.stream_url;
  const pay = async (userId: number, room = ROOM) =>
    callApi<{ stream_url: string; charged: number }>(
      app,
      'POST',
      '/api/live/enter_ticket_room',
      { anchor_id: room },
      await headers(userId),
    );
  const get = (url: string, method = 'GET') => fetch(`${base}${url}`, { method });
  /** The pass in a stream URL. */
  const passIn = (url: string) => new URL(url, base).searchParams.get('pass') ?? '';
  /** The three kinds of file of the live (master, ladder playlist and segment, source's). */
  const files = () => {
    const low = newestOf(path.join(ladderDir(dir, ROOM), '480.m3u8'))!;
    const source = newestOf(path.join(dir, 'hls', `${ROOM}.m3u8`))!;
    return [
      `/hls/${ROOM}/master.m3u8`,
      `/hls/${ROOM}/480.m3u8`,
      `/hls/${ROOM}/${low}`,
      `/hls/${ROOM}.m3u8`,
      `/hls/${source}`,
    ];
  };
  /** The statuses of every file asked with `pass` (none with ''). */
  const statuses = async (pass: string) =>
    Promise.all(files().map(async (f) => (await get(pass ? withPass(f, pass) : f)).status));
  /** The room's terms changed: wait out the server's second of cached terms. */
  const termsChanged = () => new Promise((r) => setTimeout(r, TERMS_CACHE_MS + 100));

  beforeAll(async () => {
    t = await openTestRuntime(kind, { MEDIA_DIR: dir });
    app = createApi(t.rt);
    server = createServer(createRequestListener({ rt: t.rt, api: app, hub: undefined as never }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    started = new Date(Date.now() - 60_000);
    await t.rt.db
      .update(liveRooms)
      .set({
        ticket: 1,
        isLive: true,
        sessionOpen: true,
        startedAt: started,
        streamUrl: `/hls/${ROOM}.m3u8`,
      })
      .where(eq(liveRooms.anchorId, ROOM));
    await t.rt.db.insert(roomManagers).values({ anchorId: ROOM, userId: MANAGER });
    const [other] = await t.rt.db
      .select({ id: liveRooms.anchorId })
      .from(liveRooms)
      .where(ne(liveRooms.anchorId, ROOM))
      .limit(1);
    otherRoom = other!.id;
    await t.rt.db
      .update(liveRooms)
      .set({
        ticket: 1,
        isLive: true,
        sessionOpen: true,
        startedAt: new Date(),
        streamUrl: `/hls/${otherRoom}.m3u8`,
      })
      .where(eq(liveRooms.anchorId, otherRoom));
  }, 240_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.dispose();
  });

  it('refuses a guest and a viewer who has not paid, with or without a made-up pass', async () => {
    expect(await streamFor(null)).toBe('');
    expect(await streamFor(NOBLE)).toBe('');
    expect(await statuses('')).toEqual([403, 403, 403, 403, 403]);
    expect((await get(`/hls/${ROOM}/master.m3u8`, 'HEAD')).status).toBe(403);
    expect(await statuses('1.2.3.4.AAAAAAAAAAAAAAAAAAAAAAAA')).toEqual([403, 403, 403, 403, 403]);
  });

  it('plays for the paying viewer through the URL the API gives, the pass carried into every URI', async () => {
    const paid = await pay(VIEWER);
    expect(paid.data.charged).toBe(1);
    const url = paid.data.stream_url;
    expect(url).toMatch(new RegExp(`^/hls/${ROOM}/master\\.m3u8\\?pass=`));
    expect(await streamFor(VIEWER)).toContain('?pass=');
    const master = await get(url);
    expect(master.status).toBe(200);
    const masterText = await master.text();
    const variant = masterText.split('\n').find((l) => l.startsWith('480.m3u8'))!;
    expect(passIn(`/hls/${ROOM}/${variant}`)).toBe(passIn(url));
    expect(masterText).toContain(`../${ROOM}.m3u8?pass=`);
    const media = await get(`/hls/${ROOM}/${variant}`);
    expect(media.status).toBe(200);
    const segment = (await media.text())
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .at(-1)!;
    expect(segment).toMatch(/^480-\d+\.ts\?pass=/);
    const ts = await get(`/hls/${ROOM}/${segment}`);
    expect(ts.status).toBe(200);
    expect(ts.headers.get('cache-control')).toBe('private, max-age=60');
    expect((await ts.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await statuses(passIn(url))).toEqual([200, 200, 200, 200, 200]);
  });

  it('plays for the anchor, a manager of the room and an administrator without paying', async () => {
    for (const user of [ROOM, MANAGER, ADMIN]) {
      const url = await streamFor(user);
      expect(url, `user ${user}`).toContain('?pass=');
      expect(await statuses(passIn(url))).toEqual([200, 200, 200, 200, 200]);
    }
  });

  it('refuses an expired pass, an altered one, and one to another room’s live', async () => {
    const good = passIn(await streamFor(VIEWER));
    const expired = issuePass(
      t.rt.env.secret,
      ROOM,
      started,
      VIEWER,
      Date.now() - (PASS_TTL_S + 1) * 1000,
    );
    expect(await statuses(expired)).toEqual([403, 403, 403, 403, 403]);
    // Another viewer's id, a later expiry, another live's start: each breaks the signature.
    const [a, s, u, e, sig] = good.split('.');
    for (const altered of [
      [a, s, NOBLE, e, sig],
      [a, s, u, Number(e) + 3600, sig],
      [a, Number(s) + 1, u, e, sig],
      [a, s, u, e, `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`],
    ]) {
      expect(await statuses(altered.join('.'))).toEqual([403, 403, 403, 403, 403]);
    }
    await grantItems(t.rt.db, { userId: FAN, type: PROP_TYPE.ticket, count: 1, kind: 'grant' });
    const elsewhere = await pay(FAN, otherRoom);
    expect(elsewhere.data.charged).toBe(1);
    expect(elsewhere.data.stream_url).toContain('?pass=');
    expect(await statuses(passIn(elsewhere.data.stream_url))).toEqual([403, 403, 403, 403, 403]);
    // A pass signed right for this anchor but another live of it.
    const earlier = issuePass(
      t.rt.env.secret,
      ROOM,
      new Date(started.getTime() - 86_400_000),
      VIEWER,
    );
    expect(await statuses(earlier)).toEqual([403, 403, 403, 403, 403]);
  });

  it('keeps a replay made while the ticket live runs behind its pass, and frees it once it ended', async () => {
    // The live's session, as startLive opens it (the seed's open session stands for it).
    const [open] = await t.rt.db
      .update(liveSessions)
      .set({ startedAt: started })
      .where(and(eq(liveSessions.anchorId, ROOM), isNull(liveSessions.endedAt)))
      .returning({ id: liveSessions.id });
    const session =
      open ??
      (
        await t.rt.db
          .insert(liveSessions)
          .values({ anchorId: ROOM, title: 'ticket live', startedAt: started })
          .returning({ id: liveSessions.id })
      )[0];
    const stem = `${ROOM}-${Math.floor(started.getTime() / 1000)}`;
    const folder = path.join(replayFilesDir(dir), stem);
    mkdirSync(folder, { recursive: true });
    copyFileSync(
      path.join(dir, 'hls', newestOf(path.join(dir, 'hls', `${ROOM}.m3u8`))!),
      path.join(folder, 'seg-00000.ts'),
    );
    writeFileSync(
      path.join(folder, 'index.m3u8'),
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nseg-00000.ts\n#EXT-X-ENDLIST\n',
    );
    const [room] = await t.rt.db.select().from(liveRooms).where(eq(liveRooms.anchorId, ROOM));
    await t.rt.db.insert(replays).values({
      anchorId: ROOM,
      title: 'ticket live',
      cover: '/x.jpg',
      categoryId: room!.categoryId,
      streamUrl: `/replay-media/${stem}/index.m3u8`,
      durationSec: 1,
      recordedAt: new Date(),
      startedAt: started,
      recording: `${stem}.flv`,
      liveSessionId: session!.id,
    });
    const urls = [`/replay-media/${stem}/index.m3u8`, `/replay-media/${stem}/seg-00000.ts`];
    const replayStatuses = async (pass: string) =>
      Promise.all(urls.map(async (u) => (await get(pass ? withPass(u, pass) : u)).status));
    expect(await replayStatuses('')).toEqual([403, 403]);
    const pass = passIn(await streamFor(VIEWER));
    expect(await replayStatuses(pass)).toEqual([200, 200]);
    const playlist = await (await get(withPass(urls[0]!, pass))).text();
    expect(playlist).toContain(`seg-00000.ts?pass=${pass}`);
    await t.rt.db
      .update(liveSessions)
      .set({ endedAt: new Date() })
      .where(and(eq(liveSessions.id, session!.id)));
    expect(await replayStatuses('')).toEqual([200, 200]);
  });

  it('asks a new pass for a new live of the room', async () => {
    const old = passIn(await streamFor(VIEWER));
    await t.rt.db
      .update(liveRooms)
      .set({ startedAt: new Date() })
      .where(eq(liveRooms.anchorId, ROOM));
    await termsChanged();
    expect(await statuses(old)).toEqual([403, 403, 403, 403, 403]);
    expect(await streamFor(VIEWER)).toBe('');
  });

  it('serves a free live as before, with no pass', async () => {
    await t.rt.db.update(liveRooms).set({ ticket: 0 }).where(eq(liveRooms.anchorId, ROOM));
    await termsChanged();
    expect(await streamFor(null)).toMatch(new RegExp(`^/hls/${ROOM}/master\\.m3u8$`));
    expect(await statuses('')).toEqual([200, 200, 200, 200, 200]);
    const ts = await get(files()[4]!);
    expect(ts.headers.get('cache-control')).toBe('public, max-age=60');
    const master = await (await get(`/hls/${ROOM}/master.m3u8`)).text();
    expect(master).not.toContain('pass=');
  });
});
