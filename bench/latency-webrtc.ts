/**
 * The latency benchmark's WebRTC cases. The WebRTC ingest runs in a child process of its own
 * (bench/webrtc-ingest.ts, ICE on 127.0.0.1) beside the bench server, which passes /whip and
 * /whep through to it. The publisher stands in for a browser's WHIP push: a werift peer in this
 * process POSTs its offer to the site's /whip/<anchor id>?key=<key>, and ffmpeg draws the same
 * frame-number clock as the RTMP cases (same picture, x264 settings and 2 s keyframes, plus H.264
 * baseline and Opus sound) and sends it as RTP on loopback into that peer's tracks. The ingest
 * forwards it into nginx-rtmp, so the same live is also HLS.
 *
 * Cases, each the room page played by the site's player and read off its video: "WHIP → WHEP"
 * with the player's low-latency toggle on (the player plays the room's data-whep and marks its
 * box data-mode="webrtc"); "WHIP → HLS" with the toggle on while the page's /whep/ requests are
 * answered 503, as by a full or absent WebRTC ingest (the player falls back to HLS with its
 * low-latency settings, data-mode="hls"), and with the toggle off (HLS with the standard ones).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MediaStreamTrack, type RTCPeerConnection } from 'werift';
import { createPeer, gathered, onlyCandidates } from '../src/server/webrtc/peer.ts';
import {
  busySince,
  clockDue,
  clockSource,
  delays,
  FPS,
  machineTicks,
  readShown,
  x264Args,
  type Delays,
} from './latency-clock.ts';
import { endLiveAndClean, startClockLive, waitForPlaylist, type Live } from './latency-live.ts';

export const LOOPBACK = { addresses: ['127.0.0.1'] };
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
  /** When ffmpeg was started: frame n is due at started + n / FPS s. */
  started: number;
  /** RTP packets handed to the publisher so far. */
  sent: { video: number; audio: number };
  /** When each video frame's last RTP packet left ffmpeg, by frame number (ms). */
  sentAt: Map<number, number>;
  /** For each sound packet so far, how long after it was due by the clock it left ffmpeg (ms). */
  audioLags: number[];
  stop: () => Promise<void>;
}

/**
 * Starts ffmpeg drawing the clock for `seconds`: H.264 baseline (no B-frames), keyframes every
 * `gop` frames, and a 440 Hz tone in Opus, each as RTP to a loopback port whose packets go into
 * the publisher's track as they come. Picture and sound come from one lavfi graph, so `-re` paces
 * them on one clock, as a camera and its microphone are (two inputs start apart, and the viewer's
 * browser then holds the picture back to keep it in step with the late sound).
 */
export async function feedClock(p: Publisher, gop: number, seconds: number): Promise<ClockFeed> {
  const sent = { video: 0, audio: 0 };
  const sentAt = new Map<number, number>();
  const audioLags: number[] = [];
  const first: { video?: number; audio?: number } = {};
  const bind = async (kind: 'video' | 'audio') => {
    const socket = createSocket('udp4');
    socket.on('message', (msg) => {
      sent[kind] += 1;
      p[kind].writeRtp(msg);
      if (msg.length < 12) return;
      // The packet's RTP time (90 kHz or 48 kHz from the first); a marker bit ends a frame.
      const timestamp = msg.readUInt32BE(4);
      const elapsed = (timestamp - (first[kind] ??= timestamp)) >>> 0;
      if (kind === 'audio') {
        audioLags.push(Date.now() - (started + elapsed / 48));
      } else if (msg[1]! & 0x80) {
        sentAt.set(Math.round(elapsed / (90_000 / FPS)) % 2 ** 16, Date.now());
      }
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
    '-re', '-f', 'lavfi',
    '-i', `${clockSource(seconds)}[out0];sine=frequency=440:sample_rate=48000:d=${seconds}[out1]`,
    '-map', '0:v', ...x264Args(gop), '-profile:v', 'baseline', '-bf', '0',
    '-payload_type', '96', '-f', 'rtp', '-pkt_size', '1200', `rtp://127.0.0.1:${videoPort}`,
    '-map', '0:a', '-c:a', 'libopus', '-b:a', '48k', '-payload_type', '111',
    '-f', 'rtp', `rtp://127.0.0.1:${audioPort}`,
  ], { stdio: ['ignore', 'ignore', 'inherit'] });
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    started,
    sent,
    sentAt,
    audioLags,
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

/** Keeps every peer connection the page makes in `window.benchPeers`, for their stats. */
async function keepPeers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: InstanceType<typeof Native>[] = [];
    Object.assign(window, { benchPeers: peers });
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        peers.push(this);
      }
    };
  });
}

/**
 * Chromium's receive-side stats so far, per kind: seconds held in the jitter buffer summed over
 * what left it, the least it could have held for the network's jitter alone (the rest is its
 * picture-and-sound sync, as nothing else asks for a delay), how much left it (frames, or audio
 * samples), video frames dropped.
 */
interface Received {
  jitterBufferDelay: number;
  jitterBufferMinimumDelay: number;
  jitterBufferEmittedCount: number;
  framesDropped: number;
}

function received(page: Page): Promise<{ video: Received; audio: Received }> {
  return page.evaluate(async () => {
    const zero = () => ({
      jitterBufferDelay: 0,
      jitterBufferMinimumDelay: 0,
      jitterBufferEmittedCount: 0,
      framesDropped: 0,
    });
    const sum = { video: zero(), audio: zero() };
    const peers = (
      window as unknown as { benchPeers: InstanceType<typeof window.RTCPeerConnection>[] }
    ).benchPeers;
    for (const pc of peers) {
      for (const s of (await pc.getStats()).values() as IterableIterator<Record<string, unknown>>) {
        if (s.type !== 'inbound-rtp' || (s.kind !== 'video' && s.kind !== 'audio')) continue;
        const into = sum[s.kind];
        for (const key of Object.keys(into) as (keyof typeof into)[]) {
          into[key] += Number(s[key] ?? 0);
        }
      }
    }
    return sum;
  });
}

/** Mean of a jitter buffer delay (ms) over what left the buffer between two readings. */
function mean(
  before: Received,
  after: Received,
  key: 'jitterBufferDelay' | 'jitterBufferMinimumDelay',
): number {
  const count = after.jitterBufferEmittedCount - before.jitterBufferEmittedCount;
  return Math.round(((after[key] - before[key]) * 1000) / count);
}

/** One WebRTC latency case. */
export interface WebRtcCase {
  name: 'WHIP → WHEP' | 'WHIP → HLS';
  lowLatency: boolean;
}

/** A case's figures: the delays, the packets published while measuring, ffmpeg's start-up. */
export type WebRtcResult = WebRtcCase &
  Delays & {
    /** How the player played it (its box's data-mode). */
    mode: 'webrtc' | 'hls';
    packets: number;
    seconds: number;
    /**
     * Median time from when a frame was due by the clock to when it left ffmpeg (its start-up
     * and encoding, in every delay above), and the delays from when it left ffmpeg instead.
     */
    sendLagMs: number;
    afterSend: Delays;
    /** The same median lag of the sound's packets (it should match the picture's). */
    audioSendLagMs: number;
    /** Share of the machine's cores busy while measuring. */
    busy: number;
    /**
     * Over WHEP, while measuring: Chromium's mean jitter buffer delay of the video frames, the
     * part of it the network's jitter needed (the rest keeps the picture in step with the
     * sound), and that of the sound; the video frames it dropped.
     */
    jitterBuffer?: { video: number; videoNetwork: number; audio: number };
    framesDropped?: number;
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
    await waitForPlaylist(live);
    await page.addInitScript((low) => {
      localStorage.setItem('player:lowLatency', low ? '1' : '0');
    }, c.lowLatency);
    await keepPeers(page);
    if (c.name === 'WHIP → HLS' && c.lowLatency) {
      // WHEP refused (as by a full or absent WebRTC ingest): the player falls back to HLS.
      await page.route('**/whep/**', (route) =>
        route.fulfill({ status: 503, contentType: 'text/plain', body: 'refused by the bench' }),
      );
    }
    await page.goto(`${live.siteUrl}/liveMatchesTwo/${live.anchorId}`);
    const mode = c.name === 'WHIP → WHEP' ? 'webrtc' : 'hls';
    await page
      .locator(`[data-player][data-state="playing"][data-mode="${mode}"]`)
      .waitFor({ timeout: 60_000 });
    // Let the player settle at its live position before measuring.
    await page.waitForTimeout(settings.settleMs);
    const before = feed.sent.video + feed.sent.audio;
    const audioBefore = feed.audioLags.length;
    const ticks = machineTicks();
    const stats0 = await received(page);
    const shown = await readShown(page, '[data-player] video', settings.seconds);
    const stats1 = await received(page);
    const busy = busySince(ticks);
    const packets = feed.sent.video + feed.sent.audio - before;
    const due = clockDue(feed.started);
    const lags = [...new Set(shown.map((s) => s.frame))]
      .flatMap((frame) => {
        const sent = feed.sentAt.get(frame);
        return sent === undefined ? [] : [sent - due(frame)];
      })
      .sort((a, b) => a - b);
    const audioLags = feed.audioLags.slice(audioBefore).sort((a, b) => a - b);
    return {
      ...c,
      mode,
      ...delays(shown, due),
      packets,
      seconds: settings.seconds,
      sendLagMs: Math.round(lags[Math.floor(lags.length / 2)] ?? NaN),
      audioSendLagMs: Math.round(audioLags[Math.floor(audioLags.length / 2)] ?? NaN),
      afterSend: delays(shown, (frame) => feed.sentAt.get(frame)),
      busy,
      ...(mode === 'webrtc'
        ? {
            jitterBuffer: {
              video: mean(stats0.video, stats1.video, 'jitterBufferDelay'),
              videoNetwork: mean(stats0.video, stats1.video, 'jitterBufferMinimumDelay'),
              audio: mean(stats0.audio, stats1.audio, 'jitterBufferDelay'),
            },
            framesDropped: stats1.video.framesDropped - stats0.video.framesDropped,
          }
        : {}),
    };
  } finally {
    await page.close();
    await feed.stop();
    await unpublish(live.siteUrl, publisher);
    await endLiveAndClean(live);
  }
}
