/**
 * Replays of recordings served on a real database, from the media folder and from a real S3
 * bucket: the playlist and segments are answered over HTTP (with a bucket, by a signed address
 * the bucket alone does not answer without); the anchor hides, shows and deletes their own replay
 * and nobody else can, and a hidden or deleted replay is served no more.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordingWorker } from '../../src/server/recordings/worker.ts';
import { getReplay, listReplays } from '../../src/server/replays/service.ts';
import { callApi } from './helpers.ts';
import { recordingsSuite, STORES } from './recordings-helpers.ts';

describe.each(STORES)('replays of recordings are served from $name (pglite)', (driver) => {
  const { t, api, fixture, startedAt, name, objects, as, ours, replayServer } =
    recordingsSuite(driver);
  let anchorId = 0;
  let otherId = 0;
  beforeAll(async () => {
    ({ anchorId, otherId } = fixture);
    // The live's recording made into its replay, as the ingest's notification has it made.
    copyFileSync(fixture.spare, path.join(fixture.dir, name()));
    expect((await recordingWorker(t.rt).enqueue(name()))?.outcome).toBe('made');
  }, 60_000);

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
    expect(await fetchMedia(`${row!.streamUrl.replace(/index\.m3u8$/, '')}seg-00000.ts`)).toBe(404);
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
    expect(await fetchMedia(`${row!.streamUrl.replace(/index\.m3u8$/, '')}seg-00000.ts`)).toBe(200);

    const notTheirs = await callApi(
      api,
      'POST',
      '/api/live/replay_delete',
      { replay_id: id },
      other,
    );
    expect(notTheirs).toMatchObject({ status: 1, msg: 'This replay belongs to another anchor' });
    expect(await ours()).toHaveLength(1);

    const deleted = await callApi(api, 'POST', '/api/live/replay_delete', { replay_id: id }, owner);
    expect(deleted.status).toBe(0);
    expect(await ours()).toHaveLength(0);
    expect(await objects(`${anchorId}-${startedAt}`)).toEqual([]);
    expect(await t.rt.storage.head(row!.cover.slice(1))).toBeNull();
    const again = await callApi(api, 'POST', '/api/live/replay_delete', { replay_id: id }, owner);
    expect(again).toMatchObject({ status: 1, msg: 'This replay does not exist' });
    expect(await fetchMedia(row!.streamUrl)).toBe(404);
    media.close();
  });
});
