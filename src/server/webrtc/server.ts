/**
 * The WebRTC ingest: WHIP for publishers (a browser's camera or screen, OBS 30 and later) and
 * WHEP for viewers who want the picture well under a second behind. It runs beside the RTMP
 * ingest (`npm run media` starts both) and answers on loopback; the site passes /whip and /whep
 * through to it. A publisher is let in exactly as an RTMP encoder is: the site's check_publish
 * hook with the stream name (the anchor's id) and key. Its stream is then forwarded into the
 * RTMP ingest (forward.ts), whose on_publish makes the room live, so End live drops that forward
 * and the publisher goes with it. Viewers get the publisher's packets as they come (no
 * re-encoding), and the publisher is asked for a keyframe when one joins.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaStreamTrack, type RTCPeerConnection, type RtpPacket } from 'werift';
import { log } from '../log.ts';
import { readOffer } from './body.ts';
import { startForward, type Forward } from './forward.ts';
import { answer, createPeer, withPublishBitrates, type IceSettings } from './peer.ts';

/** How the ingest is set up. */
export interface WebRtcIngestOptions {
  /** Where its HTTP API listens (loopback: the site and the tests call it). */
  host: string;
  port: number;
  ice: IceSettings;
  /** The site, for the check_publish hook, and the hook token. */
  hookBase: string;
  hookToken: string;
  /** The RTMP ingest's port on loopback, where streams are forwarded. */
  rtmpPort: number;
  /** How often the publisher is asked for a keyframe (the HLS path cuts segments at them). */
  keyframeMs?: number;
  /** Viewers one stream takes at most (each costs CPU here). */
  maxViewers?: number;
}

/** A running ingest. */
export interface WebRtcIngest {
  url: string;
  /** Streams and their viewers now. */
  streams: () => { name: string; viewers: number; connected: boolean }[];
  stop: () => Promise<void>;
}

interface Viewer {
  pc: RTCPeerConnection;
  video: MediaStreamTrack;
  audio: MediaStreamTrack;
}

interface Publisher {
  id: string;
  name: string;
  pc: RTCPeerConnection;
  viewers: Map<string, Viewer>;
  forward?: Forward;
  keyframe: () => void;
  timer?: ReturnType<typeof setInterval>;
  connected: boolean;
}

const NAME = /^\d{1,10}$/;

/** The key of a WHIP request: `Authorization: Bearer <key>` (OBS) or `?key=` (the site's URL). */
export function publishKey(req: IncomingMessage, url: URL): string {
  const auth = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  return bearer ?? url.searchParams.get('key') ?? '';
}

/** Starts the ingest's HTTP API. */
export async function startWebRtcIngest(options: WebRtcIngestOptions): Promise<WebRtcIngest> {
  const { ice, keyframeMs = 2000, maxViewers = 200 } = options;
  const publishers = new Map<string, Publisher>();

  async function allowed(name: string, key: string): Promise<boolean> {
    const res = await fetch(
      `${options.hookBase}/api/media/check_publish?token=${encodeURIComponent(options.hookToken)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ app: 'webrtc', name, key }).toString(),
      },
    ).catch(() => null);
    return res?.status === 200;
  }

  function closePublisher(p: Publisher, why: string): void {
    if (publishers.get(p.name) === p) publishers.delete(p.name);
    clearInterval(p.timer);
    p.forward?.stop();
    for (const v of p.viewers.values()) void v.pc.close();
    p.viewers.clear();
    void p.pc.close();
    log('info', 'webrtc_publish_ended', { name: p.name, why });
  }

  async function publish(name: string, key: string, offer: string) {
    const pc = createPeer(ice);
    const p: Publisher = {
      id: randomUUID(),
      name,
      pc,
      viewers: new Map(),
      keyframe: () => {},
      connected: false,
    };
    const plis: (() => void)[] = [];
    p.keyframe = () => plis.forEach((send) => send());
    pc.onTrack.subscribe((track) => {
      const transceiver = pc.getTransceivers().find((t) => t.receiver.tracks.includes(track));
      if (track.kind === 'video' && transceiver) {
        plis.push(() => {
          if (track.ssrc) void transceiver.receiver.sendRtcpPLI(track.ssrc);
        });
      }
      track.onReceiveRtp.subscribe((rtp: RtpPacket) => {
        const kind = track.kind === 'video' ? 'video' : 'audio';
        p.forward?.[kind](rtp);
        for (const v of p.viewers.values()) v[kind].writeRtp(rtp);
      });
    });
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && !p.connected) {
        p.connected = true;
        const rtmp = `rtmp://127.0.0.1:${options.rtmpPort}/live/${name}?key=${encodeURIComponent(key)}`;
        void startForward(rtmp, (code) => {
          // The RTMP ingest refused or dropped the stream (End live): the publisher goes too.
          if (publishers.get(name) === p) closePublisher(p, `forward exited (${code ?? 'signal'})`);
        }).then((forward) => {
          if (publishers.get(name) !== p) return forward.stop();
          p.forward = forward;
          p.keyframe();
          p.timer = setInterval(p.keyframe, keyframeMs);
        });
      }
      if (state === 'failed' || state === 'closed') closePublisher(p, state);
    });
    const sdp = withPublishBitrates(await answer(pc, offer, ice));
    // A reconnecting encoder replaces its earlier connection.
    const earlier = publishers.get(name);
    if (earlier) closePublisher(earlier, 'replaced');
    publishers.set(name, p);
    log('info', 'webrtc_publish_started', { name });
    return { id: p.id, sdp };
  }

  async function watch(p: Publisher, offer: string) {
    const pc = createPeer(ice);
    const viewer: Viewer = {
      pc,
      video: new MediaStreamTrack({ kind: 'video' }),
      audio: new MediaStreamTrack({ kind: 'audio' }),
    };
    pc.addTransceiver(viewer.video, { direction: 'sendonly' });
    pc.addTransceiver(viewer.audio, { direction: 'sendonly' });
    const id = randomUUID();
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        p.viewers.set(id, viewer);
        p.keyframe();
      }
      if (state === 'failed' || state === 'closed' || state === 'disconnected') {
        p.viewers.delete(id);
        if (state !== 'closed') void pc.close();
      }
    });
    const sdp = await answer(pc, offer, ice);
    return { id, sdp, pc };
  }

  const viewerPeers = new Map<string, RTCPeerConnection>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://ingest');
    const [, kind, name, id] = url.pathname.split('/');
    const reply = (status: number, text = '', headers: Record<string, string> = {}) =>
      void res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(text);
    // The site asks this before it offers anchors the WebRTC push address (available.ts).
    if (url.pathname === '/health' && req.method === 'GET') return reply(200, 'ok');
    if ((kind !== 'whip' && kind !== 'whep') || !name || !NAME.test(name)) return reply(404);
    if (req.method === 'DELETE' && id) {
      if (kind === 'whip') {
        const p = publishers.get(name);
        if (!p || p.id !== id) return reply(404);
        closePublisher(p, 'deleted');
        return reply(200);
      }
      const pc = viewerPeers.get(id);
      if (!pc) return reply(404);
      viewerPeers.delete(id);
      await pc.close();
      return reply(200);
    }
    if (req.method !== 'POST' || id) return reply(405);
    if (!/^application\/sdp\b/i.test(req.headers['content-type'] ?? '')) return reply(415);
    const offer = (await readOffer(req))?.toString('utf8');
    if (!offer || !offer.startsWith('v=0')) return reply(400, 'bad offer');
    if (kind === 'whip') {
      const key = publishKey(req, url);
      if (!key) return reply(401, 'key required');
      if (!(await allowed(name, key))) return reply(403, 'refused');
      const made = await publish(name, key, offer);
      return reply(201, made.sdp, {
        'content-type': 'application/sdp',
        location: `/whip/${name}/${made.id}`,
      });
    }
    const p = publishers.get(name);
    if (!p?.connected) return reply(404, 'not broadcasting over WebRTC');
    if (p.viewers.size >= maxViewers) return reply(503, 'full', { 'retry-after': '10' });
    const made = await watch(p, offer);
    viewerPeers.set(made.id, made.pc);
    made.pc.connectionStateChange.subscribe((state) => {
      if (state === 'closed' || state === 'failed') viewerPeers.delete(made.id);
    });
    return reply(201, made.sdp, {
      'content-type': 'application/sdp',
      location: `/whep/${name}/${made.id}`,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log('warn', 'webrtc_request_failed', { error: String(error) });
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' }).end('bad offer');
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    streams: () =>
      [...publishers.values()].map((p) => ({
        name: p.name,
        viewers: p.viewers.size,
        connected: p.connected,
      })),
    async stop() {
      for (const p of [...publishers.values()]) closePublisher(p, 'stopping');
      for (const pc of viewerPeers.values()) await pc.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
