import { describe, expect, it } from 'vitest';
import {
  afterLowLatencyToggle,
  createWhepMemory,
  ingestStreamOf,
  isIngestStream,
  isWhepEndpoint,
  shouldTryWhep,
  WHEP_LIMITS,
  WHEP_REST_MS,
  type WhepContext,
} from './whep.ts';

const LIVE: WhepContext = {
  lowLatency: true,
  whep: '/whep/100012',
  live: true,
  src: '/hls/100012.m3u8',
  webrtc: true,
  resting: false,
};

describe('whether the player tries WHEP', () => {
  it('tries it for a live of our ingest with low latency on', () => {
    expect(shouldTryWhep(LIVE)).toBe(true);
    // The ladder's master is the same live.
    expect(shouldTryWhep({ ...LIVE, src: '/hls/100012/master.m3u8' })).toBe(true);
  });

  it('plays HLS when any condition is missing', () => {
    expect(shouldTryWhep({ ...LIVE, lowLatency: false })).toBe(false);
    expect(shouldTryWhep({ ...LIVE, live: false })).toBe(false);
    expect(shouldTryWhep({ ...LIVE, webrtc: false })).toBe(false);
    expect(shouldTryWhep({ ...LIVE, resting: true })).toBe(false);
    // A ticket room's box has no endpoint.
    expect(shouldTryWhep({ ...LIVE, whep: undefined })).toBe(false);
    // The demo clip and outside streams never reach the WHEP server.
    expect(shouldTryWhep({ ...LIVE, src: '/media/demo/master.m3u8' })).toBe(false);
    expect(shouldTryWhep({ ...LIVE, src: 'https://cdn.example/live/1.m3u8' })).toBe(false);
  });

  it('accepts only the site endpoint of one room', () => {
    expect(isWhepEndpoint('/whep/1')).toBe(true);
    expect(isWhepEndpoint('/whep/')).toBe(false);
    expect(isWhepEndpoint('https://elsewhere.example/whep/1')).toBe(false);
    expect(isWhepEndpoint('/whep/1/../../api')).toBe(false);
    expect(isWhepEndpoint('/whip/1')).toBe(false);
    expect(isWhepEndpoint(undefined)).toBe(false);
  });

  it('follows a live pinned to an ingest machine on a site with several', () => {
    const pinned = { ...LIVE, whep: '/ingest/a/whep/100012', src: '/ingest/a/hls/100012.m3u8' };
    expect(shouldTryWhep(pinned)).toBe(true);
    expect(shouldTryWhep({ ...pinned, src: '/ingest/a/hls/100012/master.m3u8' })).toBe(true);
    expect(isWhepEndpoint('/ingest/a-2/whep/1')).toBe(true);
    expect(isWhepEndpoint('/ingest/A/whep/1')).toBe(false);
    expect(isWhepEndpoint('/ingest/a/b/whep/1')).toBe(false);
    expect(isIngestStream('/ingest/a/hls/1.m3u8')).toBe(true);
    expect(isIngestStream('/ingest/../hls/1.m3u8')).toBe(false);
    expect(isIngestStream(undefined)).toBe(false);
  });

  it('gives the source playlist beside a WHEP endpoint, for a room that goes live later', () => {
    expect(ingestStreamOf('/whep/7')).toBe('/hls/7.m3u8');
    expect(ingestStreamOf('/ingest/a/whep/7')).toBe('/ingest/a/hls/7.m3u8');
    expect(ingestStreamOf('https://x.example/whep/7')).toBeNull();
  });
});

describe('the fallback memory', () => {
  it('leaves WHEP alone for a minute after a fallback, then allows it again', () => {
    let now = 1_000_000;
    const memory = createWhepMemory(() => now);
    expect(memory.resting()).toBe(false);
    expect(memory.reason()).toBe('');
    memory.fellBack('not-webrtc');
    expect(memory.resting()).toBe(true);
    expect(memory.reason()).toBe('not-webrtc');
    now += WHEP_REST_MS - 1;
    expect(memory.resting()).toBe(true);
    now += 1;
    expect(memory.resting()).toBe(false);
  });

  it('counts the minute from the latest fallback', () => {
    let now = 0;
    const memory = createWhepMemory(() => now);
    memory.fellBack('no-frame');
    now = 50_000;
    memory.fellBack('connection-failed');
    now = 100_000;
    expect(memory.resting()).toBe(true);
    expect(memory.reason()).toBe('connection-failed');
    now = 110_000;
    expect(memory.resting()).toBe(false);
  });

  it('is one per player', () => {
    const a = createWhepMemory(() => 5);
    const b = createWhepMemory(() => 5);
    a.fellBack('unavailable');
    expect(b.resting()).toBe(false);
  });
});

describe('the limits of an attempt', () => {
  it('gives up quickly enough that HLS still starts well inside the stall allowance', () => {
    // Gathering and the answer come first; connection and first frame count from the answer.
    expect(WHEP_LIMITS.gather).toBeLessThanOrEqual(1_000);
    expect(WHEP_LIMITS.connect).toBeLessThanOrEqual(4_000);
    expect(WHEP_LIMITS.firstFrame).toBeGreaterThan(WHEP_LIMITS.connect);
    expect(WHEP_LIMITS.firstFrame).toBeLessThanOrEqual(5_000);
    expect(WHEP_LIMITS.gather + WHEP_LIMITS.answer + WHEP_LIMITS.firstFrame).toBeLessThan(12_000);
  });
});

describe('the low-latency switch on a running player', () => {
  it('reloads into the other mode', () => {
    // Off while WebRTC plays: HLS.
    expect(afterLowLatencyToggle('webrtc', false)).toBe('reload');
    // On while HLS plays and WHEP may be tried: WebRTC.
    expect(afterLowLatencyToggle('hls', true)).toBe('reload');
  });

  it('tunes HLS in place when WebRTC is out of the question', () => {
    // An outside stream, a ticket room, or a fallback less than a minute ago.
    expect(afterLowLatencyToggle('hls', false)).toBe('tune');
    expect(afterLowLatencyToggle(null, true)).toBe('tune');
  });
});
