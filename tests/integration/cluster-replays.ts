/**
 * The cluster suite's replay scenario: barrage added to a replay on one process plays and is
 * deleted on the other; a clip cut on one plays on the other and through nginx, and once removed
 * its page is gone on both (the bus clears every process's page cache).
 */
import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { expect } from 'vitest';
import type { Clip } from '../../src/lib/clips/api.ts';
import type { TrackLine, TrackWindow } from '../../src/lib/replays/api.ts';
import { ANCHOR, api, getApi, login } from './cluster-helpers.ts';
import { until } from './wait.ts';

/** The two app processes, nginx in front of them and the cluster's database. */
export interface ClusterEnds {
  appA: string;
  appB: string;
  nginx: string;
  sql: postgres.Sql;
}

export async function replaysAcrossProcesses({ appA, appB, nginx, sql }: ClusterEnds) {
  const [replay] = await sql`
    select id from replays where anchor_id = ${ANCHOR} and not hidden and started_at is not null
    order by id limit 1`;
  const replayId = replay!.id as number;
  const viewer = await login(appA, '13900000002');
  const anchor = await login(appB, '13900000003');
  const track = async (base: string) =>
    (
      await getApi<TrackWindow>(
        base,
        `/api/replays/chat?replay_id=${replayId}&from_ms=0&to_ms=30000`,
      )
    ).data.lines.map((l) => l.content);

  // Barrage added on A plays on B; the anchor deletes it on B and A leaves it out.
  const words = `cluster barrage ${randomBytes(3).toString('hex').replace(/\d/g, 'x')}`;
  const posted = await api<TrackLine>(
    appA,
    '/api/replays/comment',
    { replay_id: replayId, offset_ms: 1500, content: words },
    viewer,
  );
  expect(posted.status).toBe(0);
  expect(await track(appB)).toContain(words);
  const deleted = await api(
    appB,
    '/api/replays/comment_delete',
    { replay_id: replayId, id: posted.data.id },
    anchor,
  );
  expect(deleted.status).toBe(0);
  expect(await track(appA)).not.toContain(words);

  // A clip asked for on A is ready and plays on B and through nginx.
  const created = await api<{ id: number }>(
    appA,
    '/api/clip/create',
    { replay_id: replayId, start: 0, seconds: 5, title: 'Cluster clip' },
    viewer,
  );
  expect(created.status).toBe(0);
  const clipId = created.data.id;
  const clip = await until(
    'the clip is cut',
    async () => {
      const one = (await getApi<Clip>(appB, `/api/clip/one?clip_id=${clipId}`)).data;
      return one.status !== 'processing' && one;
    },
    20_000,
  );
  expect(clip.status).toBe('ready');
  for (const base of [appB, nginx]) {
    const video = await fetch(`${base}${clip.video}`);
    expect(video.status, base).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  }
  // Both processes have rendered its page; the anchor removes it on A and B's page is gone too.
  for (const app of [appA, appB]) expect((await fetch(`${app}/clip/${clipId}`)).status).toBe(200);
  expect((await api(appA, '/api/clip/remove', { clip_id: clipId }, anchor)).status).toBe(0);
  await until(
    "the other process's page is gone",
    async () => (await fetch(`${appB}/clip/${clipId}`)).status === 404,
    5_000,
  );
  expect((await fetch(`${appB}${clip.video}`)).status).toBe(404);
}
