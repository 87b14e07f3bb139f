/**
 * What the recordings suites share: a test pattern written as an encoder pushes it, the media
 * stores the replays are written to (the media folder, and an S3 bucket when its server is
 * installed), and a suite's runtime with an anchor's ended live, the recordings folder, a spare
 * recording to copy in, and reads of the replays made. Call recordingsSuite inside a describe: it
 * registers the suite's hooks.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { liveSessions, replays } from '../../src/server/db/schema.ts';
import { recordingsDir } from '../../src/server/recordings/files.ts';
import { readReplayPlaylist } from '../../src/server/recordings/replay-objects.ts';
import { serveReplayMedia } from '../../src/server/recordings/serve.ts';
import { startObjectStore } from '../../scripts/object-store.ts';
import { S3_SERVER_AVAILABLE, storageEnv } from './storage-helpers.ts';
import { openTestRuntime, userIdByMobile, type TestRuntime } from './helpers.ts';

const ANCHOR = '13900000017';
const OTHER_ANCHOR = '13900000001';

/** Writes `seconds` of test pattern as an FLV (H.264 + AAC, what an encoder pushes) to `file`. */
export function makeFlv(file: string, seconds: number): void {
  const made = spawnSync('/usr/bin/ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=320x180:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '25',
    '-c:a',
    'aac',
    '-f',
    'flv',
    file,
  ]);
  expect(made.status, made.stderr.toString()).toBe(0);
}

export interface Driver {
  name: string;
  /** The environment of the runtime under test, and what to stop after. */
  start: () => Promise<{ env: NodeJS.ProcessEnv; stop: () => Promise<void> }>;
}

const drivers: Driver[] = [
  { name: 'the media folder', start: () => Promise.resolve({ env: {}, stop: async () => {} }) },
  {
    name: 'an S3 bucket',
    start: async () => {
      const server = await startObjectStore();
      return { env: storageEnv(server), stop: server.stop };
    },
  },
];

/** The media stores the suites run on: the folder always, the bucket when its server is here. */
export const STORES = drivers.filter((d) => S3_SERVER_AVAILABLE || !d.name.includes('S3'));

type Api = ReturnType<typeof createApi>;

/**
 * Registers the hooks that start `driver`'s store and a PGlite runtime on it, with the anchor's
 * live 'Recorded fitness class' ended just now and a 5 s spare recording. `t` is filled in,
 * `fixture` holds the ids and folders and `api` forwards to the API app once beforeAll has run.
 */
export function recordingsSuite(driver: Driver) {
  const t = {} as TestRuntime;
  let stopStore = async () => {};
  let app: Api | undefined;
  const api = { request: (...args: Parameters<Api['request']>) => app!.request(...args) };
  const fixture = { anchorId: 0, otherId: 0, dir: '', spare: '' };
  const startedAt = Math.floor(Date.now() / 1000) - 60;
  const name = () => `${fixture.anchorId}-${startedAt}.flv`;

  beforeAll(async () => {
    const store = await driver.start();
    stopStore = store.stop;
    Object.assign(t, await openTestRuntime('pglite', store.env));
    app = createApi(t.rt);
    fixture.anchorId = await userIdByMobile(t.rt.db, ANCHOR);
    fixture.otherId = await userIdByMobile(t.rt.db, OTHER_ANCHOR);
    fixture.dir = recordingsDir(t.rt.env.mediaDir);
    mkdirSync(fixture.dir, { recursive: true });
    fixture.spare = path.join(t.rt.env.dataDir, 'spare.flv');
    makeFlv(fixture.spare, 5);
    await t.rt.db.insert(liveSessions).values({
      anchorId: fixture.anchorId,
      title: 'Recorded fitness class',
      categoryId: 3,
      secondCategoryId: 303,
      startedAt: new Date((startedAt - 5) * 1000),
      endedAt: new Date(),
    });
  }, 60_000);
  afterAll(async () => {
    await t.dispose?.();
    await stopStore();
  });

  /** The replay files of recording `stem` in the media store. */
  const objects = async (stem: string) =>
    (await t.rt.mediaStore.list(`replays/${stem}/`)).map((k) => k.slice(`replays/${stem}/`.length));
  const playlistOf = async (stem: string) =>
    (await readReplayPlaylist(t.rt.mediaStore, stem)) ?? '';

  const as = async (userId: number) => ({
    authorization: `Bearer ${await createSession(t.rt.db, userId, 'test')}`,
    lang: 'en',
  });
  const ours = () => t.rt.db.select().from(replays).where(eq(replays.recording, name()));
  /** /replay-media/ as the server answers it, on a port of its own; its origin and its stop. */
  const replayServer = async () => {
    const server = createServer((req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://replays.test').pathname;
      void serveReplayMedia(t.rt.db, t.rt.env.secret, t.rt.mediaStore, pathname, req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
  };

  return { t, api, fixture, startedAt, name, objects, playlistOf, as, ours, replayServer };
}
