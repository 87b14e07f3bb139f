/**
 * The WebRTC ingest's sessions against a flood, in its own process as `npm run media` runs it
 * (nginx with the RTMP module beside it; the site's hooks answered by a stand-in), with a cap of
 * CAP viewers and a deadline of DEADLINE_S seconds to connect. Offers that never complete ICE are
 * all closed by the deadline and the process's open files come back to what they were; while
 * they connect they count against the cap, so one more offer is refused; a viewer's session ends
 * with its own secret only, a publisher's with its key only, and the publisher's end closes its
 * viewers (those still connecting too: webrtc-ingest.test.ts, where no deadline comes first). ffmpeg, nginx and libnginx-mod-rtmp must be installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './redis-helpers.ts';
import { until } from './wait.ts';
import {
  feed,
  hookStandIn,
  openFiles,
  post,
  publisher,
  send,
  silentOffer,
  viewer,
} from './webrtc-helpers.ts';

const ANCHOR = '5151';
const KEY = 'session-key-session-key-1';
const CAP = 5;
// A few seconds: werift's DTLS handshake alone took over two on a loaded test machine.
const DEADLINE_S = 5;

let dir: string;
let hooks: Awaited<ReturnType<typeof hookStandIn>>;
let media: ChildProcess | undefined;
let base = '';
let pub: Awaited<ReturnType<typeof publisher>>;
let source: Awaited<ReturnType<typeof feed>> | undefined;
const holes: Awaited<ReturnType<typeof silentOffer>>[] = [];
const calls: string[] = [];

const whep = () => `${base}/whep/${ANCHOR}`;
const files = () => openFiles(media!.pid!);

/** The ingest's open files once they have not changed for a second. */
async function settledFiles(): Promise<number> {
  let last = -1;
  let same = 0;
  return until(
    'the open files to settle',
    () => {
      const now = files();
      same = now === last ? same + 1 : 0;
      last = now;
      return same >= 5 ? now : false;
    },
    20_000,
  );
}

/** Offers `n` viewers that never connect; their answers' statuses. */
async function flood(n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const hole = await silentOffer();
    holes.push(hole);
    statuses.push((await post(whep(), hole.offer)).status);
  }
  return statuses;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'webrtc-sessions-'));
  hooks = await hookStandIn(ANCHOR, KEY, calls);
  const webrtcPort = await freePort();
  media = spawn(process.execPath, ['scripts/media.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      MEDIA_DIR: path.join(dir, 'media'),
      SECRET: 'sessions-suite-secret-sessions-suite',
      PORT: String(hooks.port),
      RTMP_PORT: String(await freePort()),
      RTMP_CONTROL_PORT: String(await freePort()),
      MEDIA_TRANSCODE_MAX: '0',
      WEBRTC_PORT: String(webrtcPort),
      WEBRTC_ICE_ADDRESSES: '127.0.0.1',
      WEBRTC_MAX_VIEWERS: String(CAP),
      WEBRTC_CONNECT_SECONDS: String(DEADLINE_S),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  media.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await until('the WebRTC ingest to start', () => out.includes('WebRTC ingest'), 60_000);
  base = `http://127.0.0.1:${webrtcPort}`;
  // A publisher, fed a test pattern and forwarded into nginx as a browser's would be.
  pub = await publisher(`${base}/whip/${ANCHOR}`, { authorization: `Bearer ${KEY}` });
  expect(pub.answer.status).toBe(201);
  await pub.pc.setRemoteDescription({ type: 'answer', sdp: pub.answer.sdp });
  source = await feed(pub.video, pub.audio);
  await until('the forward to go live', () => calls.includes('on_publish live'), 30_000);
}, 120_000);

afterAll(async () => {
  source?.stop();
  await pub?.pc.close();
  for (const hole of holes) hole.close();
  if (media?.exitCode === null) {
    const exited = new Promise((resolve) => media!.once('exit', resolve));
    media.kill('SIGTERM');
    await exited;
  }
  await hooks?.close();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('WebRTC ingest sessions', () => {
  it('closes offers that never connect at the deadline, and their files with them', async () => {
    const before = await settledFiles();
    expect(await flood(CAP)).toEqual(Array(CAP).fill(201));
    expect(files()).toBeGreaterThan(before);
    // Bounded in time: the deadline, and a little for the closing.
    await until('the open files to come back', () => files() <= before, DEADLINE_S * 1000 + 8_000);
  }, 60_000);

  it('counts sessions still connecting against the viewer cap', async () => {
    const before = await settledFiles();
    expect(await flood(CAP)).toEqual(Array(CAP).fill(201));
    // The cap is reached by sessions that have not connected: one more is refused, even a real one.
    const extra = await silentOffer();
    holes.push(extra);
    expect(await post(whep(), extra.offer)).toMatchObject({ status: 503, sdp: 'full' });
    const refused = await viewer(whep());
    expect(refused.answer.status).toBe(503);
    await refused.pc.close();
    // Once the deadline closed them, a viewer is let in and watches.
    await until('the open files to come back', () => files() <= before, DEADLINE_S * 1000 + 8_000);
    const watcher = await viewer(whep());
    expect(watcher.answer.status).toBe(201);
    await until('video packets at the viewer', () => watcher.got.video > 10, 15_000);
    await watcher.pc.close();
  }, 60_000);

  it("ends a viewer's session with its own secret only", async () => {
    const [one, two] = [await viewer(whep()), await viewer(whep())];
    expect([one.answer.status, two.answer.status]).toEqual([201, 201]);
    expect(one.answer.secret).toMatch(/^[\w-]{43}$/);
    expect(one.answer.secret).not.toBe(two.answer.secret);
    await until('video packets at the viewer', () => one.got.video > 10, 15_000);
    const resource = `${base}${one.answer.location}`;
    const bearer = (secret: string | null) => ({ authorization: `Bearer ${secret}` });
    // Its address alone, a wrong secret, or another viewer's: refused, and it plays on.
    const none = await send(resource, 'DELETE');
    expect(none).toMatchObject({ status: 401, sdp: 'session secret required' });
    const wrong = await send(resource, 'DELETE', '', bearer('x'.repeat(43)));
    expect(wrong).toMatchObject({ status: 403, sdp: 'wrong session secret' });
    const others = await send(resource, 'DELETE', '', bearer(two.answer.secret));
    expect(others.status).toBe(403);
    const got = one.got.video;
    await until('more video packets at the viewer', () => one.got.video > got + 10, 10_000);
    // Its own secret ends it; the other viewer plays on.
    expect((await send(resource, 'DELETE', '', bearer(one.answer.secret))).status).toBe(200);
    expect((await send(resource, 'DELETE', '', bearer(one.answer.secret))).status).toBe(404);
    const still = two.got.video;
    await until('video packets at the other viewer', () => two.got.video > still + 10, 10_000);
    await one.pc.close();
    await two.pc.close();
  }, 60_000);

  it("ends a publisher's session with its key only, and its viewers' with it", async () => {
    const watcher = await viewer(whep());
    expect(watcher.answer.status).toBe(201);
    await until('video packets at the viewer', () => watcher.got.video > 10, 15_000);
    const resource = `${base}${pub.answer.location}`;
    expect((await send(resource, 'DELETE')).status).toBe(401);
    const wrong = { authorization: 'Bearer session-key-session-key-2' };
    expect((await send(resource, 'DELETE', '', wrong)).status).toBe(403);
    // The viewer's own secret is not the publisher's.
    const viewers = { authorization: `Bearer ${watcher.answer.secret}` };
    expect((await send(resource, 'DELETE', '', viewers)).status).toBe(403);
    const got = watcher.got.video;
    await until('more video packets at the viewer', () => watcher.got.video > got + 10, 10_000);
    // The key ends it, and its viewer's session with it.
    const right = { authorization: `Bearer ${KEY}` };
    expect((await send(resource, 'DELETE', '', right)).status).toBe(200);
    const late = await viewer(whep());
    expect(late.answer.status).toBe(404);
    await late.pc.close();
    expect((await send(`${base}${watcher.answer.location}`, 'DELETE', '', viewers)).status).toBe(
      404,
    );
    await watcher.pc.close();
  }, 60_000);
});
