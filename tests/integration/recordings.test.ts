/**
 * Recordings into replays on a real database and real ffmpeg, stored in the media folder and in
 * a real S3 bucket: a recording file (made here with ffmpeg as nginx-rtmp would write it)
 * becomes a replay with the live's title and categories, its length, a JPEG thumbnail and an HLS
 * VOD playlist with its segments, once whatever the repeats; the folder
 * sweep leaves files still being written; anchors hide, show and delete their own replays and
 * nobody else's; the retention sweep removes old recordings with their files and never seeded
 * rows.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { liveSessions, replays } from '../../src/server/db/schema.ts';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import { recordingsDir, replayFilesDir } from '../../src/server/recordings/files.ts';
import { readReplayPlaylist } from '../../src/server/recordings/replay-objects.ts';
import { startObjectStore } from '../../scripts/object-store.ts';
import { S3_SERVER_AVAILABLE, storageEnv } from './storage-helpers.ts';
import { serveReplayMedia } from '../../src/server/recordings/serve.ts';
import { removeExpiredReplays } from '../../src/server/recordings/manage.ts';
import { recordingWorker } from '../../src/server/recordings/worker.ts';
import { getReplay, listReplays } from '../../src/server/replays/service.ts';
import { callApi, openTestRuntime, userIdByMobile, type TestRuntime } from './helpers.ts';

const run = promisify(execFile);
const ANCHOR = '13900000017';
const OTHER_ANCHOR = '13900000001';

/** Writes `seconds` of test pattern as an FLV (H.264 + AAC, what an encoder pushes) to `file`. */
function makeFlv(file: string, seconds: number): void {
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

interface Driver {
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

describe.each(drivers.filter((d) => S3_SERVER_AVAILABLE || !d.name.includes('S3')))(
  'recordings become replays in $name (pglite)',
  (driver) => {
    let t: TestRuntime;
    let stopStore = async () => {};
    let api: ReturnType<typeof createApi>;
    let anchorId = 0;
    let otherId = 0;
    let dir = '';
    let spare = '';
    const startedAt = Math.floor(Date.now() / 1000) - 60;
    const name = () => `${anchorId}-${startedAt}.flv`;

    beforeAll(async () => {
      const store = await driver.start();
      stopStore = store.stop;
      t = await openTestRuntime('pglite', store.env);
      api = createApi(t.rt);
      anchorId = await userIdByMobile(t.rt.db, ANCHOR);
      otherId = await userIdByMobile(t.rt.db, OTHER_ANCHOR);
      dir = recordingsDir(t.rt.env.mediaDir);
      mkdirSync(dir, { recursive: true });
      spare = path.join(t.rt.env.dataDir, 'spare.flv');
      makeFlv(spare, 5);
      await t.rt.db.insert(liveSessions).values({
        anchorId,
        title: 'Recorded fitness class',
        categoryId: 3,
        secondCategoryId: 303,
        startedAt: new Date((startedAt - 5) * 1000),
        endedAt: new Date(),
      });
    }, 60_000);
    afterAll(async () => {
      await t?.dispose();
      await stopStore();
    });
    /** The replay files of recording `stem` in the media store. */
    const objects = async (stem: string) =>
      (await t.rt.mediaStore.list(`replays/${stem}/`)).map((k) =>
        k.slice(`replays/${stem}/`.length),
      );
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

    it('turns the ingest notification into a replay without waiting for the work', async () => {
      copyFileSync(spare, path.join(dir, name()));
      const res = await api.request(
        `/api/media/on_record_done?token=${mediaHookToken(t.rt.env.secret)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            app: 'live',
            name: String(anchorId),
            path: path.join(dir, name()),
          }).toString(),
        },
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      );
      expect(res.status).toBe(200);
      await recordingWorker(t.rt).idle();
      const [row] = await ours();
      expect(row).toMatchObject({
        anchorId,
        title: 'Recorded fitness class',
        categoryId: 3,
        secondCategoryId: 303,
        hidden: false,
        streamUrl: `/replay-media/${anchorId}-${startedAt}/index.m3u8`,
      });
      expect(Math.abs(row!.durationSec - 5)).toBeLessThanOrEqual(1);
      expect(row!.startedAt?.getTime()).toBe(startedAt * 1000);
      expect(row!.cover).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}\.jpg$/);
      const thumb = (await t.rt.storage.read(row!.cover.slice(1)))!;
      expect([...thumb.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const stem = `${anchorId}-${startedAt}`;
      const playlist = await playlistOf(stem);
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(await objects(stem)).toContain('seg-00000.ts');
      // The recording itself is gone once its replay is saved, and so is ffmpeg's work folder.
      expect(existsSync(path.join(dir, name()))).toBe(false);
      expect(readdirSync(path.join(t.rt.env.mediaDir, 'work'))).toEqual([]);
      if (t.rt.mediaStore.driver === 's3') {
        // Nothing of the replay stays on this machine's disk.
        expect(existsSync(path.join(replayFilesDir(t.rt.env.mediaDir), stem))).toBe(false);
      }
      const listed = await listReplays(t.rt.db, { locale: 'en-US', anchorId });
      expect(listed.items[0]?.id).toBe(row!.id);
    });

    it('makes one replay of a file however often it is handed over', async () => {
      copyFileSync(spare, path.join(dir, name()));
      const worker = recordingWorker(t.rt);
      const outcomes = await Promise.all([worker.enqueue(name()), worker.enqueue(name())]);
      expect(outcomes.map((o) => o?.outcome)).toEqual(['exists', 'exists']);
      expect(await ours()).toHaveLength(1);
      expect(existsSync(path.join(dir, name()))).toBe(false);
      // Someone else's token or address is refused.
      const res = await api.request(`/api/media/on_record_done?token=wrong`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `path=${name()}`,
      });
      expect(res.status).toBe(403);
    });

    it('leaves nothing half-made when the store fails, and makes the replay at the next try', async () => {
      await t.rt.db.insert(liveSessions).values({
        anchorId,
        title: 'Stored on the second try',
        categoryId: 3,
        secondCategoryId: 303,
        startedAt: new Date((startedAt + 8) * 1000),
        endedAt: new Date((startedAt + 14) * 1000),
      });
      const file = `${anchorId}-${startedAt + 10}.flv`;
      copyFileSync(spare, path.join(dir, file));
      const thumbnails = async () => (await t.rt.storage.list('uploads/')).sort();
      const before = await thumbnails();
      const media = t.rt.mediaStore;
      const putFile = media.putFile.bind(media);
      let stored = 0;
      // The store takes two segments, then is out of reach.
      media.putFile = (key, from, options) =>
        ++stored > 2
          ? Promise.reject(new Error('store out of reach'))
          : putFile(key, from, options);
      try {
        expect(await recordingWorker(t.rt).enqueue(file)).toBeNull();
      } finally {
        media.putFile = putFile;
      }
      const stem = `${anchorId}-${startedAt + 10}`;
      expect(await objects(stem)).toEqual([]);
      expect(await thumbnails()).toEqual(before);
      expect(readdirSync(path.join(t.rt.env.mediaDir, 'work'))).toEqual([]);
      expect(await t.rt.db.select().from(replays).where(eq(replays.recording, file))).toHaveLength(
        0,
      );
      expect(existsSync(path.join(dir, file))).toBe(true);

      const again = await recordingWorker(t.rt).enqueue(file);
      expect(again).toMatchObject({ outcome: 'made' });
      expect(await playlistOf(stem)).toContain('#EXT-X-ENDLIST');
      expect((await thumbnails()).length).toBe(before.length + 1);
      expect(existsSync(path.join(dir, file))).toBe(false);
    });

    it('sweeps finished files and leaves files still being written', async () => {
      // A new live: these recordings are not part of the first one's replay.
      await t.rt.db.insert(liveSessions).values({
        anchorId,
        title: 'Recorded fitness class',
        categoryId: 3,
        secondCategoryId: 303,
        startedAt: new Date((startedAt + 15) * 1000),
        endedAt: new Date(),
      });
      const fresh = `${anchorId}-${startedAt + 30}.flv`;
      const old = `${anchorId}-${startedAt + 20}.flv`;
      copyFileSync(spare, path.join(dir, fresh));
      copyFileSync(spare, path.join(dir, old));
      const past = new Date(Date.now() - 60_000);
      utimesSync(path.join(dir, old), past, past);
      await recordingWorker(t.rt).sweep();
      const made = await t.rt.db.select().from(replays).where(eq(replays.recording, old));
      expect(made).toHaveLength(1);
      expect(existsSync(path.join(dir, fresh))).toBe(true);
      expect(await t.rt.db.select().from(replays).where(eq(replays.recording, fresh))).toHaveLength(
        0,
      );
    });

    it('drops an empty recording and sets aside one ffmpeg cannot read', async () => {
      const empty = `${anchorId}-${startedAt + 40}.flv`;
      const broken = `${anchorId}-${startedAt + 50}.flv`;
      writeFileSync(path.join(dir, empty), Buffer.from('FLV\x01\x05'));
      writeFileSync(path.join(dir, broken), randomBytes(100_000));
      const worker = recordingWorker(t.rt);
      expect((await worker.enqueue(empty))?.outcome).toBe('tooShort');
      expect((await worker.enqueue(broken))?.outcome).toBe('failed');
      expect(existsSync(path.join(dir, empty))).toBe(false);
      expect(existsSync(path.join(dir, broken))).toBe(false);
      expect(existsSync(path.join(dir, 'failed', broken))).toBe(true);
      expect(existsSync(path.join(dir, `${broken}.claim`))).toBe(false);
    });

    it('lets the anchor hide, show and delete their replay, and nobody else', async () => {
      const [row] = await ours();
      const id = row!.id;
      // The replay files as the server answers them, over HTTP.
      const media = await replayServer();
      const fetchMedia = async (url: string) => (await fetch(`${media.origin}${url}`)).status;
      expect(await fetchMedia(row!.streamUrl)).toBe(200);
      const segment = `${row!.streamUrl.replace(/index\.m3u8$/, '')}seg-00000.ts`;
      expect(await fetchMedia(segment)).toBe(200);
      if (t.rt.mediaStore.driver === 's3') {
        // The site checks the replay, then sends the browser to the bucket for a few minutes; the
        // bucket itself gives the segment to nobody without a signature.
        const sent = await fetch(`${media.origin}${segment}`, { redirect: 'manual' });
        expect(sent.status).toBe(302);
        const location = sent.headers.get('location')!;
        expect(location).toMatch(/X-Amz-Signature=/);
        const direct = new URL(location);
        direct.search = '';
        expect((await fetch(direct)).status).toBe(403);
      }
      const owner = await as(anchorId);
      const other = await as(otherId);

      const mine = await callApi<{ list: { id: number; hidden: number }[] }>(
        api,
        'POST',
        '/api/live/my_replays',
        {},
        owner,
      );
      expect(mine.data.list.find((r) => r.id === id)).toMatchObject({ hidden: 0 });

      const refused = await callApi(
        api,
        'POST',
        '/api/live/replay_hide',
        { replay_id: id, hidden: 1 },
        other,
      );
      expect(refused).toMatchObject({ status: 1, msg: 'This replay belongs to another anchor' });
      const guest = await callApi(api, 'POST', '/api/live/replay_hide', {
        replay_id: id,
        hidden: 1,
      });
      expect(guest.status).not.toBe(0);

      const hidden = await callApi(
        api,
        'POST',
        '/api/live/replay_hide',
        { replay_id: id, hidden: 1 },
        owner,
      );
      expect(hidden.status).toBe(0);
      expect(await getReplay(t.rt.db, id, 'en-US')).toBeNull();
      // Neither the playlist nor a segment (its folder name can be guessed) is served any more.
      expect(await fetchMedia(`${row!.streamUrl.replace(/index\.m3u8$/, '')}seg-00000.ts`)).toBe(
        404,
      );
      expect(await fetchMedia(row!.streamUrl)).toBe(404);
      const list = await listReplays(t.rt.db, { locale: 'en-US', anchorId, pageSize: 50 });
      expect(list.items.map((r) => r.id)).not.toContain(id);
      const playlist = await api.request(`/api/live/replay?replay_id=${id}`);
      expect(((await playlist.json()) as { status: number }).status).not.toBe(0);
      const still = await callApi<{ list: { id: number; hidden: number }[] }>(
        api,
        'POST',
        '/api/live/my_replays',
        {},
        owner,
      );
      expect(still.data.list.find((r) => r.id === id)).toMatchObject({ hidden: 1 });

      const shown = await callApi(
        api,
        'POST',
        '/api/live/replay_hide',
        { replay_id: id, hidden: 0 },
        owner,
      );
      expect(shown.status).toBe(0);
      expect(await getReplay(t.rt.db, id, 'en-US')).not.toBeNull();
      expect(await fetchMedia(row!.streamUrl)).toBe(200);
      expect(await fetchMedia(`${row!.streamUrl.replace(/index\.m3u8$/, '')}seg-00000.ts`)).toBe(
        200,
      );

      const notTheirs = await callApi(
        api,
        'POST',
        '/api/live/replay_delete',
        { replay_id: id },
        other,
      );
      expect(notTheirs).toMatchObject({ status: 1, msg: 'This replay belongs to another anchor' });
      expect(await ours()).toHaveLength(1);

      const deleted = await callApi(
        api,
        'POST',
        '/api/live/replay_delete',
        { replay_id: id },
        owner,
      );
      expect(deleted.status).toBe(0);
      expect(await ours()).toHaveLength(0);
      expect(await objects(`${anchorId}-${startedAt}`)).toEqual([]);
      expect(await t.rt.storage.head(row!.cover.slice(1))).toBeNull();
      const again = await callApi(api, 'POST', '/api/live/replay_delete', { replay_id: id }, owner);
      expect(again).toMatchObject({ status: 1, msg: 'This replay does not exist' });
      expect(await fetchMedia(row!.streamUrl)).toBe(404);
      media.close();
    });

    it('keeps one replay for a live whose encoder dropped and came back', async () => {
      const liveStart = startedAt + 100;
      const [session] = await t.rt.db
        .insert(liveSessions)
        .values({
          anchorId,
          title: 'Reconnecting derby',
          categoryId: 3,
          secondCategoryId: 303,
          startedAt: new Date(liveStart * 1000),
          endedAt: new Date(),
        })
        .returning({ id: liveSessions.id });
      const first = `${anchorId}-${liveStart + 2}.flv`;
      const second = `${anchorId}-${liveStart + 20}.flv`;
      const third = `${anchorId}-${liveStart + 40}.flv`;
      const worker = recordingWorker(t.rt);
      copyFileSync(spare, path.join(dir, first));
      expect((await worker.enqueue(first))?.outcome).toBe('made');
      copyFileSync(spare, path.join(dir, second));
      const joined = await worker.enqueue(second);
      expect(joined?.outcome).toBe('joined');
      // Handed over again (a crash before the file was removed): nothing is added twice.
      copyFileSync(spare, path.join(dir, second));
      expect((await worker.enqueue(second))?.outcome).toBe('joined');
      copyFileSync(spare, path.join(dir, third));
      expect((await worker.enqueue(third))?.outcome).toBe('joined');

      const rows = await t.rt.db
        .select()
        .from(replays)
        .where(eq(replays.liveSessionId, session!.id));
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row).toMatchObject({ title: 'Reconnecting derby', recording: first });
      // Three pushes of 5 s: one replay of about 15 s, ending when the last push ended.
      expect(Math.abs(row!.durationSec - 15)).toBeLessThanOrEqual(2);
      expect(Math.abs(row!.recordedAt.getTime() - (liveStart + 45) * 1000)).toBeLessThanOrEqual(
        2000,
      );
      const stem = `${anchorId}-${liveStart + 2}`;
      const playlist = await playlistOf(stem);
      expect(playlist.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(2);
      expect(playlist.match(/#EXT-X-ENDLIST/g)).toHaveLength(1);
      const stored = await objects(stem);
      for (const part of [liveStart + 20, liveStart + 40]) {
        expect(playlist).toContain(`seg-${part}-00000.ts`);
        expect(stored).toContain(`seg-${part}-00000.ts`);
      }
      // Every segment the playlist names is stored, and no part's own playlist is left over.
      const named = playlist.split('\n').filter((l) => l.endsWith('.ts'));
      expect(named.every((n) => stored.includes(n))).toBe(true);
      expect(stored.filter((n) => n.endsWith('.m3u8'))).toEqual(['index.m3u8']);
      for (const name of [first, second, third])
        expect(existsSync(path.join(dir, name))).toBe(false);

      // Every part plays: the playlist and each part's first segment are served, and a player
      // seeks into the last part (ffmpeg reads the joined playlist to its end).
      const media = await replayServer();
      try {
        const base = `${media.origin}${row!.streamUrl.replace(/index\.m3u8$/, '')}`;
        for (const file of ['index.m3u8', 'seg-00000.ts', `seg-${liveStart + 40}-00000.ts`]) {
          expect((await fetch(base + file)).status, file).toBe(200);
        }
        // Not spawnSync: the server answering ffprobe runs in this process.
        const { stdout } = await run('/usr/bin/ffprobe', [
          ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0'],
          `${base}index.m3u8`,
        ]);
        expect(Math.abs(Number(stdout.trim()) - 15)).toBeLessThanOrEqual(2);
      } finally {
        media.close();
      }
    });

    it('removes recorded replays past the retention with their files, never seeded ones', async () => {
      const old = `${anchorId}-${startedAt + 20}.flv`;
      const [row] = await t.rt.db.select().from(replays).where(eq(replays.recording, old));
      const seededBefore = (await t.rt.db.select().from(replays)).filter(
        (r) => !r.recording,
      ).length;
      // Every recorded replay of this suite is a few minutes apart: all are past 30 days by then.
      const recorded = (await t.rt.db.select().from(replays)).filter((r) => r.recording).length;
      const now = new Date(row!.recordedAt.getTime() + 31 * 24 * 3600_000);
      t.rt.env.replayRetentionDays = 0;
      expect(await removeExpiredReplays(t.rt, now)).toBe(0);
      t.rt.env.replayRetentionDays = 30;
      // Seeded replays are older than 31 days from now too: they stay.
      expect(recorded).toBe(3);
      expect(await removeExpiredReplays(t.rt, now)).toBe(recorded);
      expect(await t.rt.db.select().from(replays).where(eq(replays.recording, old))).toHaveLength(
        0,
      );
      expect(await objects(`${anchorId}-${startedAt + 20}`)).toEqual([]);
      const seededAfter = (await t.rt.db.select().from(replays)).filter((r) => !r.recording).length;
      expect(seededAfter).toBe(seededBefore);
    });
  },
);
