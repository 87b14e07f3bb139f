import { describe, expect, it } from 'vitest';
import { isWebRtcPath } from './proxy.ts';

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
