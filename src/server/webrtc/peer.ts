/**
 * Peer connections of the WebRTC ingest (werift, in TypeScript): H.264 and Opus only, what
 * browsers and OBS send and what the HLS path takes without re-encoding the picture; no public
 * STUN server (werift would otherwise ask Google's on every connection); host candidates on the
 * configured addresses only, so a loopback test stays on loopback and a server advertises the
 * address viewers can reach.
 */
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import type { IceSettings } from '../env-webrtc.ts';

/** Where peers gather and advertise candidates. */

/** The payload types the ingest offers and forwards with. */
export const PAYLOAD = { h264: 96, opus: 111 } as const;

function codecs() {
  return {
    video: [
      new RTCRtpCodecParameters({
        mimeType: 'video/H264',
        clockRate: 90_000,
        payloadType: PAYLOAD.h264,
        rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
        parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
      }),
    ],
    audio: [
      new RTCRtpCodecParameters({
        mimeType: 'audio/opus',
        clockRate: 48_000,
        channels: 2,
        payloadType: PAYLOAD.opus,
      }),
    ],
  };
}

/** A peer connection with the ingest's codecs and candidates. */
export function createPeer(ice: IceSettings): RTCPeerConnection {
  const [first] = ice.addresses;
  return new RTCPeerConnection({
    codecs: codecs(),
    iceServers: [],
    iceUseIpv6: false,
    bundlePolicy: 'max-bundle',
    icePortRange: ice.ports,
    ...(first
      ? { iceInterfaceAddresses: { udp4: first }, iceAdditionalHostAddresses: ice.addresses }
      : {}),
  });
}

/** Resolves once `pc` has gathered its candidates (they go into the one answer WHIP gives). */
export function gathered(pc: RTCPeerConnection): Promise<void> {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const sub = pc.iceGatheringStateChange.subscribe((state) => {
      if (state !== 'complete') return;
      sub.unSubscribe();
      resolve();
    });
  });
}

/** Keeps only the candidates on `addresses` (all when empty). */
export function onlyCandidates(sdp: string, addresses: string[]): string {
  if (addresses.length === 0) return sdp;
  return sdp
    .split('\r\n')
    .filter(
      (line) => !line.startsWith('a=candidate:') || addresses.some((a) => line.includes(` ${a} `)),
    )
    .join('\r\n');
}

/** Answers `offer` on `pc`: the complete answer SDP, candidates included. */
export async function answer(pc: RTCPeerConnection, offer: string, ice: IceSettings) {
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return onlyCandidates(pc.localDescription?.sdp ?? '', ice.addresses);
}

/**
 * Video bitrates (kb/s) a browser publisher is told to start from and stay within. Browsers
 * start at about 300 kb/s and climb slowly on loss reports alone (the ingest sends no
 * transport-wide feedback: werift's arrival times are taken on a busy event loop, so a delay-based
 * estimate read them as congestion and fell to 480x270 in tests); starting at 1.5 Mb/s gives
 * viewers a sharp picture from the first seconds, and loss still brings it down on a weak uplink.
 */
export const PUBLISH_BITRATE_KBPS = { start: 1_500, max: 2_500 } as const;

/** Adds the start and maximum bitrates to each H.264 format line of an answer for a publisher. */
export function withPublishBitrates(sdp: string, kbps = PUBLISH_BITRATE_KBPS): string {
  const h264 = new Set([...sdp.matchAll(/^a=rtpmap:(\d+) H264\/90000/gim)].map((m) => m[1]));
  return sdp
    .split('\r\n')
    .map((line) => {
      const pt = /^a=fmtp:(\d+) /.exec(line)?.[1];
      if (!pt || !h264.has(pt) || line.includes('x-google-start-bitrate')) return line;
      return `${line};x-google-start-bitrate=${kbps.start};x-google-max-bitrate=${kbps.max}`;
    })
    .join('\r\n');
}
