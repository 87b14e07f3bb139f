import { describe, expect, it } from 'vitest';
import { isWebRtcPath, sessionLocation } from './proxy.ts';

describe('paths passed to the WebRTC ingest', () => {
  it('passes a stream and its session resources only', () => {
    expect(isWebRtcPath('/whip/100012')).toBe(true);
    expect(isWebRtcPath('/whep/100012')).toBe(true);
    expect(isWebRtcPath('/whip/100012/6f1c2a4e-93b1-4d7e-8f0a-2b3c4d5e6f70')).toBe(true);
    expect(isWebRtcPath('/whip/')).toBe(false);
    expect(isWebRtcPath('/whip/abc')).toBe(false);
    expect(isWebRtcPath('/whip/1/../../etc')).toBe(false);
    expect(isWebRtcPath('/whepx/1')).toBe(false);
    expect(isWebRtcPath('/whip/1/stats')).toBe(false);
  });
});

describe('sessionLocation', () => {
  it('keeps the ingest prefix on a session seen through the balancer, and nothing on one machine', () => {
    const id = '6f1c2a4e-93b1-4d7e-8f0a-2b3c4d5e6f70';
    expect(sessionLocation(`/whep/7/${id}`, null)).toBe(`/whep/7/${id}`);
    expect(sessionLocation(`/whep/7/${id}`, 'a')).toBe(`/ingest/a/whep/7/${id}`);
    expect(sessionLocation(`/whip/7/${id}`, 'a')).toBe(`/ingest/a/whip/7/${id}`);
    // An absolute address is the ingest's own business.
    expect(sessionLocation(`https://rtc.example/whep/7/${id}`, 'a')).toBe(
      `https://rtc.example/whep/7/${id}`,
    );
    expect(sessionLocation(`//rtc.example/x`, 'a')).toBe('//rtc.example/x');
  });
});
