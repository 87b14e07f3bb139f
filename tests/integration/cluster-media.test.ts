/**
 * A live through three "machines" (`npm run cluster` with CLUSTER_INGESTS=1 and a bucket): two
 * app processes and one ingest machine (its media process and its app process, data folder and
 * ports of its own) behind nginx, on a throwaway PostgreSQL, Redis and S3 server. An anchor who
 * logs in through the balancer, uploads a cover (stored in the bucket), is given the ingest
 * machine's RTMP address and pushes 720p to it; every app process answers that the room plays
 * from `/ingest/i1/hls/<id>.m3u8`, then from the ladder's master there, and the playlists and
 * segments of both play through the balancer, in a browser too. The studio reads the stream's
 * health from the ingest machine's nginx, a WHIP session is answered there, and ending the live
 * on an app machine has the ingest machine drop the encoder. When the push ends, the recording
 * becomes a replay whose files are in the bucket and on no machine's disk, and it plays through
 * the balancer. Needs nginx with the RTMP module, ffmpeg, redis-server, PostgreSQL and Ceph.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { startObjectStore, type ObjectStoreServer } from '../../scripts/object-store.ts';
import { pushPattern } from '../media-pattern.ts';
import { api, getApi, ready, type Ready, startCluster } from './cluster-helpers.ts';
import { freePort } from './redis-helpers.ts';
import { uploadTestImage } from './helpers.ts';
import { S3_SERVER_AVAILABLE, storageEnv } from './storage-helpers.ts';
import { until } from './wait.ts';
import { publisher, send } from './webrtc-helpers.ts';

const ANCHOR_MOBILE = '13900000018';
const TITLE = 'Three machine workout';
/** Longer than the live part of the test needs: the push is stopped once it is checked. */
const PUSH_SECONDS = 90;

/** Every file under `dir`, as paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The first segment a playlist names, as a URL beside the playlist's. */
function firstSegment(playlistUrl: string, text: string): string {
  const line = text.split('\n').find((l) => l.trim() && !l.startsWith('#'));
  expect(line, text).toBeDefined();
  return new URL(line!.trim(), playlistUrl).toString();
}

/** Fetches `url` and expects a non-empty answer of `type`; returns its body. */
async function play(url: string, type: RegExp): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type') ?? '', url).toMatch(type);
  const body = Buffer.from(await res.arrayBuffer());
  expect(body.byteLength, url).toBeGreaterThan(0);
  return body;
}

describe.runIf(ready && S3_SERVER_AVAILABLE)(
  'a live through an ingest machine of the cluster',
  () => {
    let bucket: ObjectStoreServer;
    let cluster: ChildProcess | undefined;
    let info: Ready;
    let encoder: AbortController | undefined;

    beforeAll(async () => {
      bucket = await startObjectStore();
      ({ child: cluster, info } = await startCluster(await freePort(), {
        CLUSTER_INGESTS: '1',
        ...storageEnv(bucket),
      }));
    }, 180_000);
    afterAll(async () => {
      encoder?.abort();
      if (cluster && cluster.exitCode === null) {
        const exit = new Promise((resolve) => cluster!.once('exit', resolve));
        cluster.kill('SIGTERM');
        await exit;
      }
      await bucket?.stop();
    }, 60_000);

    /** Keys under `prefix` in the bucket. */
    const keys = async (prefix: string): Promise<string[]> => {
      const client = new AwsClient({
        accessKeyId: bucket.accessKeyId,
        secretAccessKey: bucket.secretAccessKey,
        service: 's3',
        region: bucket.region,
      });
      const res = await client.fetch(
        `${bucket.endpoint}/${bucket.bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`,
      );
      const text = await res.text();
      return [...text.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
    };

    it('pins the live to the ingest, plays it and its replay through the balancer', async () => {
      const ingest = info.ingests[0]!;
      expect(info.ingests.map((i) => i.name)).toEqual(['i1']);
      const appOrigins = [...info.apps.map((a) => a.port), ingest.port].map(
        (port) => `http://127.0.0.1:${port}`,
      );

      // The anchor logs in and goes live through the balancer.
      const login = await api<{ token: string; id: number }>(info.url, '/api/user/login', {
        account: ANCHOR_MOBILE,
        pwd: 'demo1234',
        login_type: 1,
        platform: 0,
        source_id: 10001,
        website: 'test',
      });
      expect(login.status).toBe(0);
      const { token, id: anchorId } = login.data;
      // The anchor's vertical cover, uploaded through the balancer, is stored in the bucket: the
      // site's address for it leads to the bucket's.
      const balancer = {
        request: (p: string, init?: RequestInit) => fetch(`${info.url}${p}`, init),
      };
      const cover = await uploadTestImage(balancer, {
        authorization: `Bearer ${token}`,
        'device-info': 'cluster-suite',
      });
      expect(cover).toMatch(/^\/uploads\/.+\.webp$/);
      expect(await keys(cover.slice(1))).toEqual([cover.slice(1)]);
      const shown = await fetch(`${info.url}${cover}`);
      expect(shown.status).toBe(200);
      expect(shown.url.startsWith(`${bucket.endpoint}/${bucket.bucket}/`), shown.url).toBe(true);
      expect(shown.headers.get('content-type')).toMatch(/^image\//);

      const stream = await api<{
        push_url: string;
        web_rtc_push_url: string;
        stream: string;
        anchor_secret: string;
      }>(info.url, '/webapi/live/getStreamInfo', {}, token);
      expect(stream.status).toBe(0);
      expect(stream.data.push_url).toBe(`rtmp://127.0.0.1:${ingest.rtmp_port}/live`);
      const started = await api(
        info.url,
        '/webapi/live/startLive',
        {
          title: TITLE,
          category: 3,
          cateid: 303,
          match_id: 0,
          thumb: '',
          thumb_y: cover,
          ticket: 0,
          enable_webrtc: 0,
        },
        token,
      );
      expect(started.status).toBe(0);

      encoder = new AbortController();
      const pushing = pushPattern(
        `${stream.data.push_url}/${stream.data.stream}`,
        {
          seconds: PUSH_SECONDS,
          // 720p, so the ingest machine's quality ladder adds a 480p rendition.
          size: '1280x720',
          preset: 'ultrafast',
          gop: 25,
          strictGop: true,
        },
        encoder.signal,
      );

      // Every app process, asked directly, says the room plays from the ingest machine.
      const live = `/ingest/i1/hls/${anchorId}.m3u8`;
      const master = `/ingest/i1/hls/${anchorId}/master.m3u8`;
      for (const origin of appOrigins) {
        const room = await until(
          `the room is live on ${origin}`,
          async () => {
            const res = await api<{ live: number; stream_url: string }>(
              origin,
              '/api/live/ticket_room',
              { anchor_id: anchorId },
            );
            return res.data.live === 1 && res.data;
          },
          10_000,
        );
        // The source, or already the ladder's master once the transcoder has written it.
        expect([live, master], origin).toContain(room.stream_url);
      }
      // Its playlist and a segment play through the balancer at that address.
      const playlistUrl = `${info.url}${live}`;
      const playlist = await until(
        'the live playlist names a segment',
        async () => {
          const res = await fetch(playlistUrl);
          const text = res.ok ? await res.text() : '';
          return /\.ts\b/.test(text) && text;
        },
        10_000,
      );
      expect(playlist).toContain('#EXTM3U');
      await play(firstSegment(playlistUrl, playlist), /video\/mp2t/);

      // The ladder runs on the ingest machine: every app process soon gives its master, which
      // plays through the balancer with its 480p rendition.
      for (const origin of appOrigins) {
        await until(
          `the room plays the ladder on ${origin}`,
          async () => {
            const res = await api<{ stream_url: string }>(origin, '/api/live/ticket_room', {
              anchor_id: anchorId,
            });
            return res.data.stream_url === master;
          },
          20_000,
        );
      }
      const masterUrl = `${info.url}${master}`;
      const variants = (await play(masterUrl, /mpegurl/i)).toString('utf8');
      const rendition = variants.split('\n').find((l) => /^480\.m3u8/.test(l.trim()));
      expect(rendition, variants).toBeDefined();
      const renditionUrl = new URL(rendition!.trim(), masterUrl).toString();
      const renditionText = await until(
        'the 480p rendition names a segment',
        async () => {
          const res = await fetch(renditionUrl);
          const text = res.ok ? await res.text() : '';
          return /\.ts\b/.test(text) && text;
        },
        10_000,
      );
      await play(firstSegment(renditionUrl, renditionText), /video\/mp2t/);

      // A viewer's browser opens the room through the balancer and the live plays from the
      // ingest machine: the player's playlist and segments are all asked under its prefix.
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      try {
        const page = await browser.newPage();
        const media: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (/\.(m3u8|ts)$/.test(url.pathname)) media.push(url.pathname);
        });
        await page.goto(`${info.url}/liveMatchesTwo/${anchorId}`);
        const player = page.locator('[data-player]');
        await player
          .and(page.locator(`[data-src^="/ingest/i1/hls/${anchorId}"]`))
          .waitFor({ timeout: 15_000 });
        const video = page.locator('[data-player] video');
        const playedFrom = async () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
        await until('the live plays in the browser', async () => (await playedFrom()) > 0, 20_000);
        const t0 = await playedFrom();
        await until('the live moves on', async () => (await playedFrom()) > t0 + 1, 10_000);
        expect(media.length).toBeGreaterThan(1);
        expect(media.filter((p) => !p.startsWith('/ingest/i1/hls/'))).toEqual([]);
      } finally {
        await browser.close();
      }
      // The anchor's studio, served by an app machine, reads the stream's health from the ingest
      // machine's nginx.
      const health = await until(
        'the stream health from the ingest machine',
        async () => {
          const res = await fetch(`${info.url}/api/studio/stream_health`, {
            headers: { authorization: `Bearer ${token}`, 'device-info': 'cluster-suite' },
          });
          const body = (await res.json()) as {
            data: { receiving: boolean; ingest: boolean; figures: { width: number | null } };
          };
          return body.data.receiving && body.data;
        },
        10_000,
      );
      expect(health).toMatchObject({ ingest: true, figures: { width: 1280, height: 720 } });

      // The WebRTC push address is the ingest machine's too: a WHIP session offered through the
      // balancer is answered there, and its Location leads back to it for the session's end.
      const whip = `/ingest/i1/whip/${stream.data.stream}`;
      expect(stream.data.web_rtc_push_url.endsWith(whip), stream.data.web_rtc_push_url).toBe(true);
      const pub = await publisher(`${info.url}${whip}`);
      try {
        expect(pub.answer.status).toBe(201);
        const location = pub.answer.location ?? '';
        expect(location).toMatch(new RegExp(`^/ingest/i1/whip/${anchorId}/[0-9a-f-]{36}$`));
        const ended = await send(`${info.url}${location}`, 'DELETE', '', {
          authorization: `Bearer ${stream.data.anchor_secret}`,
        });
        expect(ended.status).toBe(200);
      } finally {
        await pub.pc.close();
      }

      // The anchor ends the live through the balancer while the encoder still pushes: the app
      // machine that answers has the ingest machine drop the encoder, and the recording ends.
      const ended = await api(info.url, '/webapi/live/endLive', {}, token);
      expect(ended.status).toBe(0);
      const cutOff = await Promise.race([
        pushing.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]);
      expect(cutOff, 'the encoder was dropped').toBe(true);

      // The recording becomes a replay in the bucket, on no machine's disk, playing through nginx.
      interface Listed {
        list: { id: number; title: string }[];
      }
      const replay = await until(
        'the replay',
        async () => {
          const listed = await getApi<Listed>(
            info.url,
            `/api/live/replays?anchor_id=${anchorId}&size=50`,
          );
          return listed.data.list.find((r) => r.title === TITLE);
        },
        45_000,
      );
      const stored = await keys(`replays/${anchorId}-`);
      const stems = new Set(stored.map((key) => key.split('/')[1]!));
      expect(stems.size, stored.join(', ')).toBe(1);
      const [stem] = [...stems];
      expect(stored).toContain(`replays/${stem}/index.m3u8`);
      expect(stored.filter((key) => key.endsWith('.ts')).length).toBeGreaterThan(0);
      // The run folder holds every machine's data folder: none keeps a file of the replay.
      const onDisk = filesUnder(path.dirname(ingest.data_dir)).filter((file) =>
        file.includes(stem!),
      );
      expect(onDisk).toEqual([]);

      const one = await getApi<{ stream_url: string }>(
        info.url,
        `/api/live/replay?replay_id=${replay.id}`,
      );
      const replayUrl = `${info.url}${one.data.stream_url}`;
      const replayPlaylist = (await play(replayUrl, /mpegurl/i)).toString('utf8');
      expect(replayPlaylist).toContain('#EXT-X-ENDLIST');
      await play(firstSegment(replayUrl, replayPlaylist), /video\/mp2t/);
    }, 120_000);
  },
);
