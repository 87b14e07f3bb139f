/**
 * Recordings into replays on a real database and real ffmpeg, stored in the media folder and in
 * a real S3 bucket: a recording file (made here with ffmpeg as nginx-rtmp would write it)
 * becomes a replay with the live's title and categories, its length, a JPEG thumbnail and an HLS
 * VOD playlist with its segments, once whatever the repeats; the folder sweep leaves files still
 * being written; the retention sweep removes old recordings with their files and never seeded
 * rows. Serving replays and the anchor's hide, show and delete are in recordings-serving.test.ts,
 * a live whose encoder reconnected in recordings-joining.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveSessions, replays } from '../../src/server/db/schema.ts';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import { replayFilesDir } from '../../src/server/recordings/files.ts';
import { removeExpiredReplays } from '../../src/server/recordings/manage.ts';
import { recordingWorker } from '../../src/server/recordings/worker.ts';
import { listReplays } from '../../src/server/replays/service.ts';
import { recordingsSuite, STORES } from './recordings-helpers.ts';

describe.each(STORES)('recordings become replays in $name (pglite)', (driver) => {
  const { t, api, fixture, startedAt, name, objects, playlistOf, ours } = recordingsSuite(driver);
  let anchorId = 0;
  let dir = '';
  let spare = '';
  beforeAll(() => {
    ({ anchorId, dir, spare } = fixture);
  });

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
      ++stored > 2 ? Promise.reject(new Error('store out of reach')) : putFile(key, from, options);
    try {
      expect(await recordingWorker(t.rt).enqueue(file)).toBeNull();
    } finally {
      media.putFile = putFile;
    }
    const stem = `${anchorId}-${startedAt + 10}`;
    expect(await objects(stem)).toEqual([]);
    expect(await thumbnails()).toEqual(before);
    expect(readdirSync(path.join(t.rt.env.mediaDir, 'work'))).toEqual([]);
    expect(await t.rt.db.select().from(replays).where(eq(replays.recording, file))).toHaveLength(0);
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

  it('removes recorded replays past the retention with their files, never seeded ones', async () => {
    const old = `${anchorId}-${startedAt + 20}.flv`;
    const [row] = await t.rt.db.select().from(replays).where(eq(replays.recording, old));
    const seededBefore = (await t.rt.db.select().from(replays)).filter((r) => !r.recording).length;
    // Every recorded replay of this suite is a few minutes apart: all are past 30 days by then.
    const recorded = (await t.rt.db.select().from(replays)).filter((r) => r.recording).length;
    const now = new Date(row!.recordedAt.getTime() + 31 * 24 * 3600_000);
    t.rt.env.replayRetentionDays = 0;
    expect(await removeExpiredReplays(t.rt, now)).toBe(0);
    t.rt.env.replayRetentionDays = 30;
    // Seeded replays are older than 31 days from now too: they stay.
    expect(recorded).toBe(3);
    expect(await removeExpiredReplays(t.rt, now)).toBe(recorded);
    expect(await t.rt.db.select().from(replays).where(eq(replays.recording, old))).toHaveLength(0);
    expect(await objects(`${anchorId}-${startedAt + 20}`)).toEqual([]);
    const seededAfter = (await t.rt.db.select().from(replays)).filter((r) => !r.recording).length;
    expect(seededAfter).toBe(seededBefore);
  });
});
