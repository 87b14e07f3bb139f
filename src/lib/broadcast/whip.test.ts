import { describe, expect, it } from 'vitest';
import { failureOf, h264First, whipTarget } from './whip.ts';

describe('the WHIP push address', () => {
  it('posts to the page’s own /whip/<id> with the key apart, whatever host the address names', () => {
    expect(
      whipTarget('https://live.example.test/whip/42?key=abc-DEF_1', 'http://127.0.0.1:4321'),
    ).toEqual({ endpoint: 'http://127.0.0.1:4321/whip/42', key: 'abc-DEF_1' });
  });

  it('keeps another ingest’s address as it is, and refuses an address without a key', () => {
    expect(whipTarget('https://rtc.example.test/ingest/42?key=k', 'https://site.test')).toEqual({
      endpoint: 'https://rtc.example.test/ingest/42',
      key: 'k',
    });
    expect(whipTarget('https://site.test/whip/42', 'https://site.test')).toBeNull();
    expect(whipTarget('', 'https://site.test')).toBeNull();
  });

  it('names why an answer failed', () => {
    expect([401, 403, 429, 503, 502, 400, 500].map(failureOf)).toEqual([
      'refused',
      'refused',
      'busy',
      'unavailable',
      'unavailable',
      'failed',
      'failed',
    ]);
  });
});

describe('codec order', () => {
  const codec = (mimeType: string, sdpFmtpLine?: string) => ({ mimeType, sdpFmtpLine });
  it('puts H.264 baseline with packetization mode 1 first, then other H.264, then rtx', () => {
    const list = [
      codec('video/VP8'),
      codec('video/rtx', 'apt=96'),
      codec('video/H264', 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=640c1f'),
      codec('video/H264', 'level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f'),
      codec('video/H264', 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f'),
      codec('video/AV1'),
    ];
    expect(h264First(list).map((c) => `${c.mimeType} ${c.sdpFmtpLine ?? ''}`)).toEqual([
      'video/H264 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
      'video/H264 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=640c1f',
      'video/H264 level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f',
      'video/rtx apt=96',
    ]);
  });

  it('is empty without H.264 (the ingest could not forward the picture)', () => {
    expect(h264First([codec('video/VP8'), codec('video/rtx')])).toEqual([]);
  });
});
