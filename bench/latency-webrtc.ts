/**
 * The latency benchmark's WebRTC cases. The WebRTC ingest runs in a child process of its own
 * (bench/webrtc-ingest.ts, ICE on 127.0.0.1) beside the bench server, which passes /whip and
 * /whep through to it. The publisher stands in for a browser's WHIP push: a werift peer in this
 * process POSTs its offer to the site's /whip/<anchor id>?key=<key>, and ffmpeg draws the same
 * frame-number clock as the RTMP cases (same picture, x264 settings and 2 s keyframes, plus H.264
 * baseline and Opus sound) and sends it as RTP on loopback into that peer's tracks. The ingest
 * forwards it into nginx-rtmp, so the same live is also HLS.
 *
 * Cases: "WHIP → WHEP", the room page with the player's low-latency toggle on, read off the
 * video the WHEP client plays; "WHIP → HLS", the room page played through HLS with the toggle on
 * while the site's /whep/ answers 503 (so no WHEP client can be used), and with the toggle off.
 * The player has no WHEP mode yet: the WHEP case's client is the benchmark's own (whepInPage
 * below, RTCPeerConnection recvonly, no ICE servers, the offer POSTed once gathered), playing in
 * a video over the room page whose own player is kept from loading HLS.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MediaStreamTrack, type RTCPeerConnection } from 'werift';
import { createPeer, gathered, onlyCandidates } from '../src/server/webrtc/peer.ts';
import {
  busySince,
  clockSource,
  delays,
  machineTicks,
  readShown,
  x264Args,
  type Delays,
} from './latency-clock.ts';
import { endLiveAndClean, startClockLive, type Live } from './latency-live.ts';

export const LOOPBACK = { addresses: ['127.0.0.1'] };
/** Chromium's flags for WebRTC on loopback (its host candidates are hidden or skipped otherwise). */
export const WEBRTC_CHROMIUM_ARGS = [
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  '--allow-loopback-in-peer-connection',
];
/** Keyframe interval of the WebRTC push in frames, the one anchors are told to use (2 s). */
export const WEBRTC_GOP = 50;

/** The WebRTC ingest in its own process. */
export interface IngestProcess {
  url: string;
  pid: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts bench/webrtc-ingest.ts on `port`, calling the site's hooks at `hookBase`. */
export async function startIngestProcess(options: {
  port: number;
  hookBase: string;
  hookToken: string;
  rtmpPort: number;
}): Promise<IngestProcess> {
  const child = fork(path.resolve('bench/webrtc-ingest.ts'), [], {
    env: {
      ...process.env,
      WEBRTC_PORT: String(options.port),
      WEBRTC_ICE_ADDRESSES: '127.0.0.1',
      BENCH_HOOK_BASE: options.hookBase,
      BENCH_HOOK_TOKEN: options.hookToken,
      BENCH_RTMP_PORT: String(options.rtmpPort),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve(m.url));
    child.once('exit', (code) => reject(new Error(`WebRTC ingest exited (${code})`)));
  });
  return {
    url,
    pid: child.pid!,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A WHIP publisher on the site: a werift peer sending two tracks, once connected. */
export interface Publisher {
  pc: RTCPeerConnection;
  video: MediaStreamTrack;
  audio: MediaStreamTrack;
  /** The WHIP resource, for the DELETE that ends it. */
  location: string;
}

/** POSTs a werift offer to `whipUrl` and waits until the peer is connected. */
export async function whipPublish(whipUrl: string): Promise<Publisher> {
  const pc = createPeer(LOOPBACK);
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const res = await fetch(whipUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp' },
    body: onlyCandidates(pc.localDescription!.sdp, LOOPBACK.addresses),
  });
  if (res.status !== 201) throw new Error(`WHIP answered ${res.status}: ${await res.text()}`);
  const location = res.headers.get('location') ?? '';
  await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
  await new Promise<void>((resolve, reject) => {
    if (pc.connectionState === 'connected') return resolve();
    const timer = setTimeout(() => reject(new Error('WHIP peer did not connect')), 15_000);
    pc.connectionStateChange.subscribe((state) => {
      if (state !== 'connected') return;
      clearTimeout(timer);
      resolve();
    });
  });
  return { pc, video, audio, location };
}

/** ffmpeg's clock as RTP into a publisher's tracks. */
export interface ClockFeed {
  /** When ffmpeg was started: frame n left at started + n / FPS s. */
  started: number;
  /** RTP packets handed to the publisher so far. */
  sent: { video: number; audio: number };
  /** When the first video packet came (ffmpeg's start-up, which every delay includes, ends). */
  firstVideoAt: number;
  stop: () => Promise<void>;
}

/**
 * Starts ffmpeg drawing the clock for `seconds`: H.264 baseline (no B-frames), keyframes every
 * `gop` frames, and a 440 Hz tone in Opus, each as RTP to a loopback port whose packets go into
 * the publisher's track as they come.
 */
export async function feedClock(p: Publisher, gop: number, seconds: number): Promise<ClockFeed> {
  const sent = { video: 0, audio: 0 };
  const feed = { firstVideoAt: 0 };
  const bind = async (kind: 'video' | 'audio') => {
    const socket = createSocket('udp4');
    socket.on('message', (msg) => {
      if (kind === 'video' && sent.video === 0) feed.firstVideoAt = Date.now();
      sent[kind] += 1;
      p[kind].writeRtp(msg);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return socket;
  };
  const sockets = [await bind('video'), await bind('audio')];
  const [videoPort, audioPort] = sockets.map((s) => s.address().port);
  const started = Date.now();
  // prettier-ignore
  const child = spawn('ffmpeg', [
    '-hide_banner', '-loglevel', 'error',
    '-re', '-f', 'lavfi', '-i', clockSource(seconds),
    '-re', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:d=${seconds}`,
    '-map', '0:v', ...x264Args(gop), '-profile:v', 'baseline', '-bf', '0',
    '-payload_type', '96', '-f', 'rtp', '-pkt_size', '1200', `rtp://127.0.0.1:${videoPort}`,
    '-map', '1:a', '-c:a', 'libopus', '-b:a', '48k', '-payload_type', '111',
    '-f', 'rtp', `rtp://127.0.0.1:${audioPort}`,
  ], { stdio: ['ignore', 'ignore', 'inherit'] });
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    started,
    sent,
    get firstVideoAt() {
      return feed.firstVideoAt;
    },
    async stop() {
      child.kill('SIGINT');
      await done;
      for (const s of sockets) s.close();
    },
  };
}

/** Ends a publisher: its WHIP resource deleted on the site, its peer closed. */
export async function unpublish(siteUrl: string, p: Publisher): Promise<void> {
  if (p.location) await fetch(`${siteUrl}${p.location}`, { method: 'DELETE' }).catch(() => null);
  await p.pc.close();
}

/** Waits until nginx has written the first HLS fragment of the live (the forward is through). */
export async function waitForHls(mediaDir: string, anchorId: number): Promise<void> {
  const playlist = path.join(mediaDir, 'hls', `${anchorId}.m3u8`);
  const deadline = Date.now() + 30_000;
  while (!(existsSync(playlist) && readFileSync(playlist, 'utf8').includes('#EXTINF'))) {
    if (Date.now() > deadline) throw new Error('no HLS from the WebRTC push in 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The benchmark's WHEP client in the page: a recvonly peer without ICE servers whose offer is
 * POSTed to `url` once its candidates are gathered, played in a video on top of the page.
 */
async function whepInPage(page: Page, url: string): Promise<string> {
  await page.evaluate(async (url) => {
    const video = document.createElement('video');
    video.dataset.benchWhep = '';
    video.muted = true;
    video.playsInline = true;
    Object.assign(video.style, { position: 'fixed', inset: '0', width: '640px', zIndex: '99' });
    document.body.append(video);
    const pc = new window.RTCPeerConnection({ iceServers: [] });
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    const stream = new MediaStream();
    pc.addEventListener('track', (e) => stream.addTrack(e.track));
    await pc.setLocalDescription();
    await new Promise<void>((resolve) => {
      if (pc.iceGatheringState === 'complete') return resolve();
      pc.addEventListener('icegatheringstatechange', () => {
        if (pc.iceGatheringState === 'complete') resolve();
      });
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp' },
      body: pc.localDescription!.sdp,
    });
    if (res.status !== 201) throw new Error(`WHEP answered ${res.status}`);
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    video.srcObject = stream;
    await video.play();
  }, url);
  return 'video[data-bench-whep]';
}

/** One WebRTC latency case. */
export interface WebRtcCase {
  name: 'WHIP → WHEP' | 'WHIP → HLS';
  lowLatency: boolean;
  /** What the page played with (the box's data-mode, or the benchmark's WHEP client). */
  player?: string;
}

/** A case's figures: the delays, the packets published while measuring, ffmpeg's start-up. */
export type WebRtcResult = WebRtcCase &
  Delays & {
    packets: number;
    seconds: number;
    /** From ffmpeg's spawn to its first video packet (counted in every delay). */
    startupMs: number;
    /** Share of the machine's cores busy while measuring. */
    busy: number;
  };

export const WEBRTC_CASES: WebRtcCase[] = [
  { name: 'WHIP → WHEP', lowLatency: true },
  { name: 'WHIP → HLS', lowLatency: true },
  { name: 'WHIP → HLS', lowLatency: false },
];

/** Runs one case: a fresh live pushed over WHIP, the room opened, the clock read. */
export async function runWebRtcCase(
  browser: Browser,
  live: Live,
  c: WebRtcCase,
  settings: { seconds: number; settleMs: number },
): Promise<WebRtcResult> {
  await startClockLive(live, true);
  const publisher = await whipPublish(`${live.siteUrl}/whip/${live.anchorId}?key=${live.key}`);
  const feed = await feedClock(publisher, WEBRTC_GOP, settings.seconds + 40);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await waitForHls(live.mediaDir, live.anchorId);
    await page.addInitScript((low) => {
      localStorage.setItem('player:lowLatency', low ? '1' : '0');
    }, c.lowLatency);
    let selector = '[data-player] video';
    let player: string;
    if (c.name === 'WHIP → WHEP') {
      // The room page with its own player kept off HLS; the benchmark's client plays WHEP.
      await page.route('**/hls/**', (route) => route.abort());
      await page.goto(`${live.siteUrl}/liveMatchesTwo/${live.anchorId}`);
      await page.locator('[data-player]').waitFor();
      selector = await whepInPage(page, `/whep/${live.anchorId}`);
      await page.waitForFunction(
        (s) => (document.querySelector<HTMLVideoElement>(s)?.currentTime ?? 0) > 0,
        selector,
        { timeout: 30_000 },
      );
      player = 'benchmark WHEP client';
    } else {
      // WHEP refused, as by a full or absent WebRTC ingest: the player can only play HLS.
      await page.route('**/whep/**', (route) =>
        route.fulfill({ status: 503, contentType: 'text/plain', body: 'refused by the bench' }),
      );
      await page.goto(`${live.siteUrl}/liveMatchesTwo/${live.anchorId}`);
      await page.locator('[data-player][data-state="playing"]').waitFor({ timeout: 60_000 });
      const mode = await page.locator('[data-player]').getAttribute('data-mode');
      player = `player, data-mode=${mode ?? '(none)'}`;
    }
    // Let the player settle at its live position before measuring.
    await page.waitForTimeout(settings.settleMs);
    const before = feed.sent.video + feed.sent.audio;
    const ticks = machineTicks();
    const shown = await readShown(page, selector, settings.seconds);
    const busy = busySince(ticks);
    const packets = feed.sent.video + feed.sent.audio - before;
    return {
      ...c,
      player,
      ...delays(shown, feed.started),
      packets,
      seconds: settings.seconds,
      startupMs: feed.firstVideoAt - feed.started,
      busy,
    };
  } finally {
    await page.close();
    await feed.stop();
    await unpublish(live.siteUrl, publisher);
    await endLiveAndClean(live);
  }
}
