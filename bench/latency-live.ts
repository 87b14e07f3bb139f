/**
 * The latency benchmark's anchor: logged in once, a live started before each case and ended
 * after it, with the live's HLS files removed so the next case starts from an empty playlist.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { apiCall } from './lib.ts';

/** The anchor whose room the cases play, and where its lives go. */
export interface Live {
  siteUrl: string;
  token: string;
  anchorId: number;
  /** RTMP stream name with its key (`<id>?key=<key>`). */
  stream: string;
  /** The push key alone (WHIP's `?key=`). */
  key: string;
  mediaDir: string;
}

/** Logs the anchor with `account` in and reads their push key. */
export async function openLive(siteUrl: string, account: string, mediaDir: string): Promise<Live> {
  const login = await fetch(`${siteUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account,
      pwd: 'demo1234',
      platform: 0,
      login_type: 1,
      source_id: 10001,
    }),
  });
  const { token, id } = ((await login.json()) as { data: { token: string; id: number } }).data;
  const info = await apiCall<{ stream: string; anchor_secret: string }>(
    siteUrl,
    '/webapi/live/getStreamInfo',
    token,
    {},
  );
  return { siteUrl, token, anchorId: id, stream: info.stream, key: info.anchor_secret, mediaDir };
}

/** Starts a live (the ingest takes the anchor's key only between startLive and endLive). */
export async function startClockLive(live: Live, webrtc: boolean): Promise<void> {
  await apiCall(live.siteUrl, '/webapi/live/startLive', live.token, {
    title: 'Latency clock',
    category: 3,
    cateid: 303,
    thumb_y: '/demo/covers-v/dota2-1.webp',
    ...(webrtc ? { enable_webrtc: 1 } : {}),
  });
}

/**
 * Waits until nginx has written the live's first HLS fragment: the room is live by then, so the
 * page opened next renders it live and plays at once (a page opened before the ingest's
 * on_publish may miss the room's going-live message and wait for the next heat report, up to
 * 30 s).
 */
export async function waitForPlaylist(live: Live): Promise<void> {
  const playlist = path.join(live.mediaDir, 'hls', `${live.anchorId}.m3u8`);
  const deadline = Date.now() + 30_000;
  while (!(existsSync(playlist) && readFileSync(playlist, 'utf8').includes('#EXTINF'))) {
    if (Date.now() > deadline) throw new Error('no HLS of the live in 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Ends the live and, once nginx has let go, removes its HLS files. */
export async function endLiveAndClean(live: Live): Promise<void> {
  await apiCall(live.siteUrl, '/webapi/live/endLive', live.token, {});
  await new Promise((r) => setTimeout(r, 2_000));
  const dir = path.join(live.mediaDir, 'hls');
  for (const file of readdirSync(dir)) {
    if (file.startsWith(`${live.anchorId}`)) {
      rmSync(path.join(dir, file), { recursive: true, force: true });
    }
  }
}
