import { describe, expect, it } from 'vitest';
import { readWebRtcSettings } from './env-webrtc.ts';

describe('WebRTC ingest settings', () => {
  it('has defaults that need nothing set', () => {
    expect(readWebRtcSettings({})).toEqual({
      port: 8936,
      ice: { addresses: [], ports: undefined },
      keyframeMs: 2000,
      maxViewers: 200,
      connectMs: 10_000,
    });
  });

  it('reads addresses, a port range, the keyframe interval, the viewer cap and the connect deadline', () => {
    const settings = readWebRtcSettings({
      WEBRTC_PORT: '9000',
      WEBRTC_ICE_ADDRESSES: '203.0.113.7, 10.0.0.2',
      WEBRTC_ICE_PORTS: '40000-40199',
      WEBRTC_KEYFRAME_SECONDS: '1',
      WEBRTC_MAX_VIEWERS: '50',
      WEBRTC_CONNECT_SECONDS: '2.5',
    });
    expect(settings).toEqual({
      port: 9000,
      ice: { addresses: ['203.0.113.7', '10.0.0.2'], ports: [40000, 40199] },
      keyframeMs: 1000,
      maxViewers: 50,
      connectMs: 2_500,
    });
  });

  it('names the variable of a bad value', () => {
    expect(() => readWebRtcSettings({ WEBRTC_PORT: '70000' })).toThrow('WEBRTC_PORT');
    expect(() => readWebRtcSettings({ WEBRTC_ICE_ADDRESSES: 'example.com' })).toThrow(
      'WEBRTC_ICE_ADDRESSES',
    );
    expect(() => readWebRtcSettings({ WEBRTC_ICE_PORTS: '5000-4000' })).toThrow('WEBRTC_ICE_PORTS');
    expect(() => readWebRtcSettings({ WEBRTC_KEYFRAME_SECONDS: '0' })).toThrow(
      'WEBRTC_KEYFRAME_SECONDS',
    );
    expect(() => readWebRtcSettings({ WEBRTC_MAX_VIEWERS: '-1' })).toThrow('WEBRTC_MAX_VIEWERS');
    expect(() => readWebRtcSettings({ WEBRTC_CONNECT_SECONDS: '0.5' })).toThrow(
      'WEBRTC_CONNECT_SECONDS',
    );
    expect(() => readWebRtcSettings({ WEBRTC_CONNECT_SECONDS: 'soon' })).toThrow(
      'WEBRTC_CONNECT_SECONDS',
    );
  });
});
