/**
 * A WebRTC-published stream onto the RTMP path: its RTP goes over loopback UDP to an ffmpeg
 * that copies the H.264 picture, turns Opus into AAC (FLV cannot carry Opus) and pushes RTMP
 * into the ingest, so the live gets the same HLS, quality ladder, recording and thumbnails as an
 * OBS push, and the same on_publish check and End live. ffmpeg reads an SDP naming two UDP ports
 * it listens on; packets are rewritten to the payload types that SDP names.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import type { RtpPacket } from 'werift';
import { PAYLOAD } from './peer.ts';

export const FFMPEG_BIN = '/usr/bin/ffmpeg';

/** A running forward of one stream. */
export interface Forward {
  video: (rtp: RtpPacket) => void;
  audio: (rtp: RtpPacket) => void;
  stop: () => void;
  process: ChildProcess;
}

/** Two free UDP ports on loopback (asked of the system, then released for ffmpeg to take). */
async function freePorts(): Promise<[number, number]> {
  const take = () =>
    new Promise<{ port: number; close: () => void }>((resolve, reject) => {
      const s = createSocket('udp4');
      s.once('error', reject);
      s.bind(0, '127.0.0.1', () => resolve({ port: s.address().port, close: () => s.close() }));
    });
  const [a, b] = [await take(), await take()];
  a.close();
  b.close();
  return [a.port, b.port];
}

/** The SDP ffmpeg reads: H.264 on `videoPort`, Opus on `audioPort`, both on loopback. */
export function forwardSdp(videoPort: number, audioPort: number): string {
  return [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=webrtc-ingest',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=video ${videoPort} RTP/AVP ${PAYLOAD.h264}`,
    `a=rtpmap:${PAYLOAD.h264} H264/90000`,
    `a=fmtp:${PAYLOAD.h264} packetization-mode=1`,
    `m=audio ${audioPort} RTP/AVP ${PAYLOAD.opus}`,
    `a=rtpmap:${PAYLOAD.opus} opus/48000/2`,
    '',
  ].join('\n');
}

/** ffmpeg's arguments: the SDP on stdin, RTMP out to `rtmpUrl`. */
export function forwardArgs(rtmpUrl: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-protocol_whitelist', 'pipe,udp,rtp', '-f', 'sdp'],
    // Packets arrive in order on loopback; a short reorder queue keeps the delay low.
    ...['-reorder_queue_size', '64', '-i', 'pipe:0'],
    ...['-map', '0:v?', '-map', '0:a?', '-c:v', 'copy'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '44100'],
    ...['-flvflags', 'no_duration_filesize', '-f', 'flv', rtmpUrl],
  ];
}

/** Starts ffmpeg for one stream; `onExit` hears when it stops (the ingest refused or dropped it). */
export async function startForward(
  rtmpUrl: string,
  onExit: (code: number | null) => void,
  ffmpeg = FFMPEG_BIN,
): Promise<Forward> {
  const [videoPort, audioPort] = await freePorts();
  const child = spawn(ffmpeg, forwardArgs(rtmpUrl), { stdio: ['pipe', 'ignore', 'pipe'] });
  child.stdin?.end(forwardSdp(videoPort, audioPort));
  child.stderr?.resume();
  child.once('exit', onExit);
  const socket = createSocket('udp4');
  let stopped = false;
  const send = (port: number, payloadType: number) => (rtp: RtpPacket) => {
    if (stopped) return;
    const copy = rtp.clone();
    copy.header.payloadType = payloadType;
    socket.send(copy.serialize(), port, '127.0.0.1');
  };
  return {
    video: send(videoPort, PAYLOAD.h264),
    audio: send(audioPort, PAYLOAD.opus),
    stop() {
      if (stopped) return;
      stopped = true;
      socket.close();
      child.kill('SIGINT');
    },
    process: child,
  };
}
