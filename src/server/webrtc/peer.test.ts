import { describe, expect, it } from 'vitest';
import { withPublishBitrates } from './peer.ts';

const answer = [
  'v=0',
  'm=video 9 UDP/TLS/RTP/SAVPF 108',
  'a=rtpmap:108 H264/90000',
  'a=fmtp:108 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  '',
].join('\r\n');

describe('publisher answers', () => {
  it('tell the browser to start its H.264 at 1.5 Mb/s and stay under 2.5, and leave audio alone', () => {
    const out = withPublishBitrates(answer);
    expect(out.split('\r\n')).toContain(
      'a=fmtp:108 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f;x-google-start-bitrate=1500;x-google-max-bitrate=2500',
    );
    expect(out.split('\r\n')).toContain('a=fmtp:111 minptime=10;useinbandfec=1');
    expect(withPublishBitrates(out)).toBe(out);
  });
});
