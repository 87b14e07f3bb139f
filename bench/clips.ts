/**
 * `npm run bench:clips`: time from asking for a clip to a playable MP4. A two-minute 1280x720
 * test pattern at about 2.5 Mb/s with a tone (x264, a keyframe every 2 s, AAC) is written as
 * 2 s MPEG-TS HLS segments and stored as a replay; clips of 10, 30 and 60 s are asked for through
 * the API (POST /api/clip/create) and timed until GET /api/clip/one says ready and the MP4's
 * first bytes come back from the site's /clip-media/ handler. Runs in process on PGlite, one
 * server process. BENCH_CLIP_RUNS sets the runs per length (default 5).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApi } from '../src/server/app.ts';
import { serveClipMedia } from '../src/server/clips/serve.ts';
import { replays } from '../src/server/db/schema.ts';
import { replayFilesDir } from '../src/server/recordings/files.ts';
import { createSession } from '../src/server/sessions.ts';
import { createMemoryState } from '../src/server/shared/state.ts';
import { callApi, openTestRuntime, usersWithWallets } from '../tests/integration/helpers.ts';
import { machine, saveResult } from './lib.ts';

const RUNS = Number(process.env.BENCH_CLIP_RUNS ?? 5);
const LENGTHS = [10, 30, 60];
const SOURCE_SECONDS = 120;
const ANCHOR = 100003;
const STEM = `${ANCHOR}-1700000000`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const t = await openTestRuntime('pglite');
try {
  const dir = path.join(replayFilesDir(t.rt.env.mediaDir), STEM);
  mkdirSync(dir, { recursive: true });
  console.log(`writing ${SOURCE_SECONDS} s of test HLS…`);
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${SOURCE_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SOURCE_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2500k', '-g', '50', '-keyint_min', '50'],
    ...['-sc_threshold', '0', '-c:a', 'aac', '-shortest'],
    ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '0'],
    ...['-hls_segment_filename', path.join(dir, 'seg-%05d.ts'), path.join(dir, 'index.m3u8')],
  ]);
  const [replay] = await t.rt.db
    .insert(replays)
    .values({
      anchorId: ANCHOR,
      title: 'Bench',
      cover: '',
      categoryId: 2,
      streamUrl: `/replay-media/${STEM}/index.m3u8`,
      durationSec: SOURCE_SECONDS,
      recordedAt: new Date(),
      recording: `${STEM}.flv`,
    })
    .returning({ id: replays.id });
  const viewers = await usersWithWallets(t.rt.db, '1380000', LENGTHS.length * RUNS);
  const media = createServer((req, res) => {
    void serveClipMedia(t.rt.db, t.rt.storage, new URL(req.url!, 'http://x').pathname, req, res);
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  const api = createApi(t.rt);
  const results: Record<string, { runs: number[]; p50: number; max: number }> = {};
  let viewer = 0;
  for (const seconds of LENGTHS) {
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      t.rt.shared = createMemoryState();
      const user = viewers[viewer++]!;
      const headers = { authorization: `Bearer ${await createSession(t.rt.db, user, 'bench')}` };
      const start = 1 + ((i * 17) % (SOURCE_SECONDS - seconds - 2));
      const began = performance.now();
      const made = await callApi<{ id: number }>(
        api,
        'POST',
        '/api/clip/create',
        { replay_id: replay!.id, start, seconds, title: `Bench ${seconds}` },
        headers,
      );
      if (made.status !== 0) throw new Error(made.msg);
      let video = '';
      for (;;) {
        const one = await callApi<{ status: string; video: string }>(
          api,
          'GET',
          `/api/clip/one?clip_id=${made.data.id}`,
        );
        if (one.data.status === 'failed') throw new Error('clip failed');
        if (one.data.status === 'ready') {
          video = one.data.video;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const first = await fetch(`${base}${video}`, { headers: { range: 'bytes=0-65535' } });
      if (first.status !== 206) throw new Error(`media answered ${first.status}`);
      await first.arrayBuffer();
      runs.push(Math.round(performance.now() - began));
    }
    results[`${seconds}s`] = { runs, p50: percentile(runs, 50), max: Math.max(...runs) };
    console.log(
      `${seconds} s clip: p50 ${results[`${seconds}s`]!.p50} ms, runs ${runs.join(', ')} ms`,
    );
  }
  media.close();
  const file = saveResult('clips', { machine: machine(), date: new Date().toISOString(), results });
  console.log(`saved ${file}`);
} finally {
  await t.dispose();
}
