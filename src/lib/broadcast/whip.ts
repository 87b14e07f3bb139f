/**
 * A WHIP publisher in the browser (RFC 9725): one peer connection sending the anchor's picture
 * and sound, offered in a single POST of SDP to the push address with the push key as a bearer
 * token, answered with the ingest's SDP and a resource to DELETE when the broadcast stops, with
 * the same key (the ingest ends a publisher's session for its key only). The picture goes as
 * H.264, which the ingest forwards into RTMP and HLS without re-encoding it.
 */

/** The push address as the site answers it (`…/whip/<id>?key=<key>`), split for the request. */
export interface WhipTarget {
  /** Where the offer is posted: the site's own /whip/<id> when the address names it. */
  endpoint: string;
  /** The push key, sent as `Authorization: Bearer`, never in the URL. */
  key: string;
}

/** Why a publish attempt failed, for the console's message. */
export type WhipFailure =
  | 'refused' // 401/403: wrong or old key, or the live is not started
  | 'busy' // 429: too many sessions from this address
  | 'unavailable' // 503 or no answer: the ingest is not running
  | 'codec' // this browser cannot send H.264
  | 'network' // ICE never connected
  | 'failed'; // anything else

/** A failure with its reason. */
export class WhipError extends Error {
  readonly reason: WhipFailure;
  constructor(reason: WhipFailure) {
    super(`whip ${reason}`);
    this.reason = reason;
  }
}

/**
 * Reads the push address: the path of a /whip/<id> address on this page's origin (the site
 * passes it to the ingest, and the page's policy allows its own origin only), the key apart.
 */
export function whipTarget(pushUrl: string, origin: string): WhipTarget | null {
  let url: URL;
  try {
    url = new URL(pushUrl, origin);
  } catch {
    return null;
  }
  const key = url.searchParams.get('key') ?? '';
  if (!key) return null;
  const ours = /^\/whip\/\d{1,10}$/.test(url.pathname);
  return { endpoint: ours ? `${origin}${url.pathname}` : `${url.origin}${url.pathname}`, key };
}

/** The failure a WHIP answer's status means. */
export function failureOf(status: number): WhipFailure {
  if (status === 401 || status === 403) return 'refused';
  if (status === 429) return 'busy';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  return 'failed';
}

/** H.264 first (packetization mode 1, baseline profiles first), then its retransmission. */
export function h264First<T extends { mimeType: string; sdpFmtpLine?: string }>(codecs: T[]): T[] {
  const rank = (c: T): number => {
    if (!/^video\/h264$/i.test(c.mimeType)) return 9;
    const fmtp = c.sdpFmtpLine ?? '';
    if (!/packetization-mode=1/.test(fmtp)) return 3;
    return /profile-level-id=42e0/i.test(fmtp) ? 0 : /profile-level-id=420/i.test(fmtp) ? 1 : 2;
  };
  const h264 = codecs.filter((c) => rank(c) < 9).sort((a, b) => rank(a) - rank(b));
  const rtx = codecs.filter((c) => /^video\/rtx$/i.test(c.mimeType));
  return h264.length ? [...h264, ...rtx] : [];
}

/** Resolves once `pc` has its candidates, or after `ms` (the offer then carries what it has). */
function gathered(pc: RTCPeerConnection, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(resolve, ms);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A broadcast under way. */
export interface WhipSession {
  pc: RTCPeerConnection;
  /** Replaces the picture or the sound (another camera, a shared screen) without reconnecting. */
  replace: (kind: 'video' | 'audio', track: MediaStreamTrack | null) => Promise<void>;
  /** Ends the broadcast: the resource is deleted and the connection closed. */
  stop: () => Promise<void>;
}

/** Largest video bitrate asked of the encoder (720p30, the ingest's ladder source). */
export const MAX_VIDEO_BITRATE = 2_500_000;

/** Publishes `stream`'s first video and audio track to `target`. */
export async function publish(target: WhipTarget, stream: MediaStream): Promise<WhipSession> {
  const pc = new RTCPeerConnection({ iceServers: [], bundlePolicy: 'max-bundle' });
  const video = pc.addTransceiver(stream.getVideoTracks()[0] ?? 'video', {
    direction: 'sendonly',
    streams: [stream],
    sendEncodings: [{ maxBitrate: MAX_VIDEO_BITRATE, maxFramerate: 30 }],
  });
  const audio = pc.addTransceiver(stream.getAudioTracks()[0] ?? 'audio', {
    direction: 'sendonly',
    streams: [stream],
  });
  const codecs = h264First(RTCRtpSender.getCapabilities?.('video')?.codecs ?? []);
  if (codecs.length === 0 || typeof video.setCodecPreferences !== 'function') {
    pc.close();
    throw new WhipError('codec');
  }
  video.setCodecPreferences(codecs);
  // A congested uplink lowers the frame rate, never the picture size: the ingest forwards the
  // picture into RTMP and HLS as it is, and a stream that changes size mid-way cannot be played
  // on from its first picture's settings.
  const params = video.sender.getParameters();
  await video.sender
    .setParameters({ ...params, degradationPreference: 'maintain-resolution' })
    .catch(() => {});
  let resource = '';
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc, 1_500);
    const res = await fetch(target.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${target.key}` },
      body: pc.localDescription?.sdp ?? '',
    }).catch(() => null);
    if (!res) throw new WhipError('unavailable');
    if (res.status !== 201) throw new WhipError(failureOf(res.status));
    const location = res.headers.get('location');
    if (location) resource = new URL(location, target.endpoint).href;
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
  } catch (error) {
    pc.close();
    throw error instanceof WhipError ? error : new WhipError('failed');
  }
  return {
    pc,
    async replace(kind, track) {
      await (kind === 'video' ? video : audio).sender.replaceTrack(track);
    },
    async stop() {
      pc.close();
      if (!resource) return;
      await fetch(resource, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${target.key}` },
        keepalive: true,
      }).catch(() => {});
    },
  };
}
