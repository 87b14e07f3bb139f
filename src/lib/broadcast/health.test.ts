import { describe, expect, it } from 'vitest';
import { healthOf, sampleOf } from './health.ts';

const report = (at: number, over: Record<string, number | string> = {}) => [
  {
    type: 'outbound-rtp',
    kind: 'video',
    timestamp: at,
    frameWidth: 1280,
    frameHeight: 720,
    framesPerSecond: 29.7,
    bytesSent: 0,
    packetsSent: 0,
    qualityLimitationReason: 'none',
    ...over,
  },
  { type: 'outbound-rtp', kind: 'audio', timestamp: at, bytesSent: over.audioBytes ?? 0 },
  {
    type: 'remote-inbound-rtp',
    kind: 'video',
    timestamp: at,
    packetsLost: over.lost ?? 0,
    roundTripTime: 0.012,
  },
  { type: 'candidate-pair', timestamp: at, bytesSent: 999_999 },
];

describe('broadcast health', () => {
  it('reads resolution, frame rate, bitrates, loss and round trip between two reads', () => {
    const a = sampleOf(report(1_000), 1_000);
    const b = sampleOf(
      report(2_000, { bytesSent: 312_500, packetsSent: 300, audioBytes: 4_000, lost: 3 }),
      2_000,
    );
    expect(healthOf(a, b)).toEqual({
      width: 1280,
      height: 720,
      fps: 30,
      videoKbps: 2_500,
      audioKbps: 32,
      loss: 3 / 303,
      rttMs: 12,
      warnings: [],
    });
  });

  it('has no rates on the first read and counts nothing the ingest has not reported', () => {
    const first = healthOf(null, sampleOf(report(1_000), 1_000));
    expect(first).toMatchObject({ videoKbps: null, audioKbps: null, loss: null, rttMs: 12 });
    const noReports = sampleOf(report(1_000).slice(0, 2), 1_000);
    expect(healthOf(noReports, { ...noReports, at: 2_000 }).loss).toBeNull();
  });

  it('warns of loss above 2 %, a throttled encoder and a low frame rate', () => {
    const a = sampleOf(report(0), 0);
    const b = sampleOf(
      report(1_000, {
        bytesSent: 1,
        packetsSent: 100,
        lost: 10,
        qualityLimitationReason: 'bandwidth',
        framesPerSecond: 12,
      }),
      1_000,
    );
    expect(healthOf(a, b).warnings).toEqual([
      { code: 'loss', percent: 9.1 },
      { code: 'bandwidth' },
      { code: 'frameRate', fps: 12 },
    ]);
    const cpu = sampleOf(report(1_000, { qualityLimitationReason: 'cpu' }), 1_000);
    expect(healthOf(a, cpu).warnings).toEqual([{ code: 'cpu' }]);
  });
});
