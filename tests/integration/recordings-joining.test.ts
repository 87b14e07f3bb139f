/**
 * A live whose encoder dropped and came back, on a real database and real ffmpeg, stored in the
 * media folder and in a real S3 bucket: its recordings make one replay, each later part joined
 * to it once however often it is handed over, and the joined replay plays to its end.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveSessions, replays } from '../../src/server/db/schema.ts';
import { recordingWorker } from '../../src/server/recordings/worker.ts';
import { recordingsSuite, STORES } from './recordings-helpers.ts';

const run = promisify(execFile);

describe.each(STORES)('recordings of a reconnecting live join in $name (pglite)', (driver) => {
  const { t, fixture, startedAt, objects, playlistOf, replayServer } = recordingsSuite(driver);
  let anchorId = 0;
  let dir = '';
  let spare = '';
  beforeAll(() => {
    ({ anchorId, dir, spare } = fixture);
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

    const rows = await t.rt.db.select().from(replays).where(eq(replays.liveSessionId, session!.id));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ title: 'Reconnecting derby', recording: first });
    // Three pushes of 5 s: one replay of about 15 s, ending when the last push ended.
    expect(Math.abs(row!.durationSec - 15)).toBeLessThanOrEqual(2);
    expect(Math.abs(row!.recordedAt.getTime() - (liveStart + 45) * 1000)).toBeLessThanOrEqual(2000);
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
    for (const name of [first, second, third]) expect(existsSync(path.join(dir, name))).toBe(false);

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
});
