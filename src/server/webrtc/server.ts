/**
 * The WebRTC ingest: WHIP for publishers (a browser's camera or screen, OBS 30 and later) and
 * WHEP for viewers who want the picture well under a second behind. It runs beside the RTMP
 * ingest (`npm run media` starts both) and answers on loopback; the site passes /whip and /whep
 * through to it. A publisher is let in exactly as an RTMP encoder is: the site's check_publish
 * hook with the stream name (the anchor's id) and key. Its stream is then forwarded into the
 * RTMP ingest (forward.ts), whose on_publish makes the room live, so End live drops that forward
 * and the publisher goes with it. Viewers get the publisher's packets as they come (no
 * re-encoding), and the publisher is asked for a keyframe when one joins. A session that has not
 * connected (ICE and DTLS) by the deadline is closed with its sockets; a viewer counts against
 * the stream's cap from its offer on; a publisher's end closes all its viewers; and a session is
 * ended by DELETE on its resource only with its own secret (secret.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaStreamTrack, type RTCPeerConnection, type RtpPacket } from 'werift';
import { log } from '../log.ts';
import { readOffer } from './body.ts';
import { startForward, type Forward } from './forward.ts';
import type { IceSettings } from '../env-webrtc.ts';
import { answer, createPeer, withPublishBitrates } from './peer.ts';
import { bearerOf, digestOf, isSecret, newSecret, WHEP_SECRET_HEADER } from './secret.ts';

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
  /** Viewers one stream takes at most, connecting or connected (each costs sockets and CPU). */
  maxViewers?: number;
  /** How long a new session may take to connect (ICE and DTLS) before it is closed. */
  connectMs?: number;
}

/** A running ingest. */
export interface WebRtcIngest {
  url: string;
  /** Streams and their viewers now (connected ones; `pending` are still connecting). */
  streams: () => { name: string; viewers: number; pending: number; connected: boolean }[];
  /** Peer connections open now: publishers and viewers, connected or not. */
  sessions: () => number;
  stop: () => Promise<void>;
}

interface Viewer {
  pc: RTCPeerConnection;
  video: MediaStreamTrack;
  audio: MediaStreamTrack;
  connected: boolean;
  /** Digest of the secret its DELETE must present. */
  secret: Buffer;
  /** Closes it unless it has connected by then. */
  deadline?: ReturnType<typeof setTimeout>;
  close: () => void;
}

interface Publisher {
  id: string;
  name: string;
  pc: RTCPeerConnection;
  /** Digest of the key it published with, which its DELETE must present. */
  key: Buffer;
  /** Its viewers, connecting or connected. */
  viewers: Map<string, Viewer>;
  forward?: Forward;
  keyframe: () => void;
  timer?: ReturnType<typeof setInterval>;
  deadline?: ReturnType<typeof setTimeout>;
  connected: boolean;
  closed: boolean;
}

const NAME = /^\d{1,10}$/;

/** The key of a WHIP request: `Authorization: Bearer <key>` (OBS) or `?key=` (the site's URL). */
export function publishKey(req: IncomingMessage, url: URL): string {
  return bearerOf(req) || (url.searchParams.get('key') ?? '');
}

/** Starts the ingest's HTTP API. */
export async function startWebRtcIngest(options: WebRtcIngestOptions): Promise<WebRtcIngest> {
  const { ice, keyframeMs = 2000, maxViewers = 200, connectMs = 10_000 } = options;
  const publishers = new Map<string, Publisher>();
  /** Every peer connection not yet closed, for stop() and sessions(). */
  const peers = new Set<RTCPeerConnection>();

  function open(): RTCPeerConnection {
    const pc = createPeer(ice);
    peers.add(pc);
    return pc;
  }

  function shut(pc: RTCPeerConnection): Promise<void> {
    if (!peers.delete(pc)) return Promise.resolve();
    return pc.close().catch(() => {});
  }

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
    if (p.closed) return;
    p.closed = true;
    if (publishers.get(p.name) === p) publishers.delete(p.name);
    clearInterval(p.timer);
    clearTimeout(p.deadline);
    p.forward?.stop();
    // Its viewers go with it, those still connecting as well as those watching.
    for (const v of [...p.viewers.values()]) v.close();
    p.viewers.clear();
    void shut(p.pc);
    log('info', 'webrtc_publish_ended', { name: p.name, why });
  }

  async function publish(name: string, key: string, offer: string) {
    const pc = open();
    const p: Publisher = {
      id: randomUUID(),
      name,
      pc,
      key: digestOf(key),
      viewers: new Map(),
      keyframe: () => {},
      connected: false,
      closed: false,
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
        for (const v of p.viewers.values()) if (v.connected) v[kind].writeRtp(rtp);
      });
    });
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && !p.connected) {
        p.connected = true;
        clearTimeout(p.deadline);
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
    let sdp: string;
    try {
      sdp = withPublishBitrates(await answer(pc, offer, ice));
    } catch (error) {
      void shut(pc);
      throw error;
    }
    if (p.closed) throw new Error('the publisher closed while its answer was made');
    // A reconnecting encoder replaces its earlier connection.
    const earlier = publishers.get(name);
    if (earlier) closePublisher(earlier, 'replaced');
    publishers.set(name, p);
    // One that never connects is closed at the deadline, with its sockets.
    if (!p.connected) {
      p.deadline = setTimeout(() => {
        if (!p.connected) closePublisher(p, 'not connected in time');
      }, connectMs);
    }
    log('info', 'webrtc_publish_started', { name });
    return { id: p.id, sdp };
  }

  /**
   * A viewer of `p`, counted among its viewers from the offer on (the cap holds while sessions
   * connect) and closed if it has not connected by the deadline. Null when the publisher ended
   * or the deadline passed while the answer was made.
   */
  async function watch(p: Publisher, offer: string) {
    const pc = open();
    const id = randomUUID();
    const { secret, digest } = newSecret();
    const viewer: Viewer = {
      pc,
      video: new MediaStreamTrack({ kind: 'video' }),
      audio: new MediaStreamTrack({ kind: 'audio' }),
      connected: false,
      secret: digest,
      close() {
        clearTimeout(viewer.deadline);
        if (p.viewers.get(id) === viewer) p.viewers.delete(id);
        void shut(pc);
      },
    };
    p.viewers.set(id, viewer);
    viewer.deadline = setTimeout(() => {
      if (!viewer.connected) viewer.close();
    }, connectMs);
    pc.addTransceiver(viewer.video, { direction: 'sendonly' });
    pc.addTransceiver(viewer.audio, { direction: 'sendonly' });
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && !viewer.connected && p.viewers.get(id) === viewer) {
        viewer.connected = true;
        clearTimeout(viewer.deadline);
        p.keyframe();
      }
      if (state === 'failed' || state === 'closed' || state === 'disconnected') viewer.close();
    });
    let sdp: string;
    try {
      sdp = await answer(pc, offer, ice);
    } catch (error) {
      viewer.close();
      throw error;
    }
    if (p.viewers.get(id) !== viewer) return null;
    return { id, sdp, secret };
  }

  /** Ends the session `id` of stream `name` when the request presents its secret. */
  function end(req: IncomingMessage, url: URL, kind: string, name: string, id: string) {
    const p = publishers.get(name);
    const session = kind === 'whip' ? (p?.id === id ? p : undefined) : p?.viewers.get(id);
    if (!p || !session) return { status: 404, text: '' };
    const given = kind === 'whip' ? publishKey(req, url) : bearerOf(req);
    if (!given) return { status: 401, text: 'session secret required' };
    const digest = kind === 'whip' ? p.key : (session as Viewer).secret;
    if (!isSecret(digest, given)) return { status: 403, text: 'wrong session secret' };
    if (session === p) closePublisher(p, 'deleted');
    else (session as Viewer).close();
    return { status: 200, text: '' };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://ingest');
    const [, kind, name, id] = url.pathname.split('/');
    const reply = (status: number, text = '', headers: Record<string, string> = {}) =>
      void res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(text);
    // The site asks this before it offers anchors the WebRTC push address (available.ts).
    if (url.pathname === '/health' && req.method === 'GET') return reply(200, 'ok');
    if ((kind !== 'whip' && kind !== 'whep') || !name || !NAME.test(name)) return reply(404);
    if (req.method === 'DELETE' && id) {
      const ended = end(req, url, kind, name, id);
      const challenge: Record<string, string> =
        ended.status === 401 ? { 'www-authenticate': 'Bearer' } : {};
      return reply(ended.status, ended.text, challenge);
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
    if (!made) return reply(404, 'not broadcasting over WebRTC');
    return reply(201, made.sdp, {
      'content-type': 'application/sdp',
      location: `/whep/${name}/${made.id}`,
      [WHEP_SECRET_HEADER]: made.secret,
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
      [...publishers.values()].map((p) => {
        const connected = [...p.viewers.values()].filter((v) => v.connected).length;
        return {
          name: p.name,
          viewers: connected,
          pending: p.viewers.size - connected,
          connected: p.connected,
        };
      }),
    sessions: () => peers.size,
    async stop() {
      for (const p of [...publishers.values()]) closePublisher(p, 'stopping');
      await Promise.all([...peers].map(shut));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
