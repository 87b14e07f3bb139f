/**
 * Clients of the WebRTC ingest for its suites: a WHIP publisher and WHEP viewers in werift (what
 * a browser sends), fed by ffmpeg's H.264 and Opus test pattern; an offer whose only candidate
 * never answers (a viewer that never completes ICE); the hooks of the site as far as the ingests
 * need them; and the open file descriptors of a process.
 */
import { spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { readdirSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaStreamTrack, RtpPacket } from 'werift';
import { createPeer, gathered, onlyCandidates } from '../../src/server/webrtc/peer.ts';
import { WHEP_SECRET_HEADER } from '../../src/server/webrtc/secret.ts';

export const LOOPBACK = { addresses: ['127.0.0.1'] };

/** An answer of the ingest: status, body, resource and (for a viewer) the session's secret. */
export interface Answer {
  status: number;
  sdp: string;
  location: string | null;
  secret: string | null;
}

/**
 * One request on a connection of its own that closes after the answer, so the ingest holds no
 * idle connection of the suite's between requests (its open files are counted).
 */
export function send(
  url: string,
  method: string,
  body = '',
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method,
      agent: false,
      headers: { connection: 'close', ...headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const header = (name: string) => {
          const value = res.headers[name];
          return typeof value === 'string' ? value : null;
        };
        resolve({
          status: res.statusCode ?? 0,
          sdp: text,
          location: header('location'),
          secret: header(WHEP_SECRET_HEADER),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs an SDP offer. */
export function post(url: string, sdp: string, headers: Record<string, string> = {}) {
  return send(url, 'POST', sdp, { 'content-type': 'application/sdp', ...headers });
}

/** A WHIP client standing in for a browser: werift sending what `feed` encodes. */
export async function publisher(endpoint: string, headers: Record<string, string> = {}) {
  const pc = createPeer(LOOPBACK);
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const offer = onlyCandidates(pc.localDescription!.sdp, LOOPBACK.addresses);
  const answer = await post(endpoint, offer, headers);
  return { pc, video, audio, answer };
}

/** ffmpeg's test pattern as RTP into `video` and `audio` (H.264 baseline, Opus). */
export async function feed(video: MediaStreamTrack, audio: MediaStreamTrack) {
  const bind = async (track: MediaStreamTrack) => {
    const socket = createSocket('udp4');
    socket.on('message', (msg) => track.writeRtp(RtpPacket.deSerialize(msg)));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return socket;
  };
  const sockets: Socket[] = [await bind(video), await bind(audio)];
  const [v, a] = sockets.map((s) => s.address().port);
  // prettier-ignore
  const ffmpeg = spawn('/usr/bin/ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-map', '0:v', '-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'ultrafast',
    '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '50', '-b:v', '800k',
    '-payload_type', '96', '-f', 'rtp', '-pkt_size', '1200', `rtp://127.0.0.1:${v}`,
    '-map', '1:a', '-c:a', 'libopus', '-b:a', '48k', '-payload_type', '111',
    '-f', 'rtp', `rtp://127.0.0.1:${a}`,
  ], { stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    stop() {
      ffmpeg.kill('SIGKILL');
      for (const s of sockets) s.close();
    },
  };
}

/** A WHEP viewer of `endpoint` (the ingest's or the site's): counts the packets it receives. */
export async function viewer(endpoint: string) {
  const pc = createPeer(LOOPBACK);
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  const got = { video: 0, audio: 0 };
  pc.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe(() => (got[track.kind === 'video' ? 'video' : 'audio'] += 1)),
  );
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const offer = onlyCandidates(pc.localDescription!.sdp, LOOPBACK.addresses);
  const answer = await post(endpoint, offer);
  if (answer.status === 201) await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  return { pc, got, answer };
}

/**
 * A well-formed WHEP offer whose one candidate is a UDP socket that reads nothing and answers
 * nothing: the ingest's connectivity checks go unanswered, so the session never connects (what
 * an attacker sends to hold the ingest's sockets). `close` releases the socket.
 */
export async function silentOffer(): Promise<{ offer: string; close: () => void }> {
  const hole = createSocket('udp4');
  hole.on('message', () => {});
  await new Promise<void>((resolve) => hole.bind(0, '127.0.0.1', resolve));
  const { port } = hole.address();
  const pc = createPeer(LOOPBACK);
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const sdp = onlyCandidates(pc.localDescription!.sdp, LOOPBACK.addresses);
  await pc.close();
  const offer = sdp
    .split('\r\n')
    .map((line) =>
      line.startsWith('a=candidate:')
        ? line.replace(/ 127\.0\.0\.1 \d+ typ /, ` 127.0.0.1 ${port} typ `)
        : line,
    )
    .join('\r\n');
  return { offer, close: () => hole.close() };
}

/** The site's media hooks as the ingests need them: `name` publishes with `key` only. */
export async function hookStandIn(name: string, key: string, calls: string[]) {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const hook = new URL(req.url ?? '/', 'http://site').pathname.split('/').pop() ?? '';
      calls.push(`${hook} ${form.get('app')}`);
      const ok =
        !hook.includes('publish') || hook === 'on_publish_done'
          ? true
          : form.get('name') === name && form.get('key') === key;
      res.writeHead(ok ? 200 : 403).end(ok ? 'ok' : 'refused');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** How many files (sockets, pipes...) process `pid` has open. */
export function openFiles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}
