/**
 * WHEP viewers for the latency benchmark's CPU cases, in a process of their own so their cost is
 * not the ingest's: werift peers on loopback that receive the picture and the sound (decrypted,
 * not decoded) and count, per viewer, the packets they get and the ones missing from the
 * sequence. Driven by its parent over IPC:
 *   `{ add, url }`  opens `add` more viewers on the WHEP address `url`, answers `{ added, failed }`
 *   `{ mark: true }`  starts counting afresh, answers `{ marked: true }`
 *   `{ report: true }`  answers `{ viewers: [{ connected, video, audio, lost }] }` since the mark
 * SIGTERM closes them all.
 */
import type { RTCPeerConnection } from 'werift';
import { createPeer, gathered, onlyCandidates } from '../src/server/webrtc/peer.ts';

const LOOPBACK = { addresses: ['127.0.0.1'] };

/** One kind's packets since the mark, with its sequence numbers unwrapped past 65535. */
class Count {
  received = 0;
  private base: number | undefined;
  private highest = 0;

  add(seq: number): void {
    if (this.base === undefined) {
      this.base = this.highest = seq;
    } else {
      const diff = ((seq - (this.highest & 0xffff) + 0x8000) & 0xffff) - 0x8000;
      this.highest = Math.max(this.highest, this.highest + diff);
    }
    this.received += 1;
  }

  /** Packets the sequence says were sent but never came. */
  lost(): number {
    return this.base === undefined ? 0 : Math.max(0, this.highest - this.base + 1 - this.received);
  }

  mark(): void {
    this.received = 0;
    // The next packet starts the count of the sequence again.
    this.base = undefined;
  }
}

interface Viewer {
  pc: RTCPeerConnection;
  video: Count;
  audio: Count;
}

const viewers: Viewer[] = [];

/** Opens one viewer; resolves once it is connected and has its first video packet. */
async function open(url: string): Promise<boolean> {
  const pc = createPeer(LOOPBACK);
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  const viewer: Viewer = { pc, video: new Count(), audio: new Count() };
  let first: () => void = () => {};
  const firstVideo = new Promise<void>((resolve) => (first = resolve));
  pc.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp) => {
      if (track.kind === 'video') {
        viewer.video.add(rtp.header.sequenceNumber);
        first();
      } else viewer.audio.add(rtp.header.sequenceNumber);
    }),
  );
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp' },
    body: onlyCandidates(pc.localDescription!.sdp, LOOPBACK.addresses),
  }).catch(() => null);
  if (res?.status !== 201) {
    await pc.close();
    return false;
  }
  await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
  const ok = await Promise.race([
    firstVideo.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
  ]);
  if (!ok) await pc.close();
  else viewers.push(viewer);
  return ok;
}

type Command = { add: number; url: string } | { mark: true } | { report: true };

process.on('message', (command: Command) => {
  void (async () => {
    if ('add' in command) {
      let added = 0;
      // A few at a time: the ingest answers each offer after gathering its candidates.
      for (let left = command.add; left > 0; left -= 5) {
        const batch = Array.from({ length: Math.min(5, left) }, () => open(command.url));
        added += (await Promise.all(batch)).filter(Boolean).length;
      }
      process.send?.({ added, failed: command.add - added });
    } else if ('mark' in command) {
      for (const v of viewers) {
        v.video.mark();
        v.audio.mark();
      }
      process.send?.({ marked: true });
    } else {
      process.send?.({
        viewers: viewers.map((v) => ({
          connected: v.pc.connectionState === 'connected',
          video: v.video.received,
          audio: v.audio.received,
          lost: v.video.lost() + v.audio.lost(),
        })),
      });
    }
  })();
});
process.once('SIGTERM', () => {
  void Promise.all(viewers.map((v) => v.pc.close())).then(() => process.exit(0));
});
