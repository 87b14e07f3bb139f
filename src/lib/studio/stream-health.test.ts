import { describe, expect, it } from 'vitest';
import { emptyFigures, healthWarnings, minKbpsFor, type StreamFigures } from './stream-health.ts';

function figures(over: Partial<StreamFigures>): StreamFigures {
  return { ...emptyFigures(), uptimeS: 30, ...over };
}

describe('minKbpsFor', () => {
  it('asks more of taller pictures', () => {
    expect(minKbpsFor(1080)).toBe(3_000);
    expect(minKbpsFor(720)).toBe(1_500);
    expect(minKbpsFor(576)).toBe(800);
    expect(minKbpsFor(480)).toBe(800);
    expect(minKbpsFor(360)).toBe(400);
  });
});

describe('healthWarnings', () => {
  it('warns of nothing when nothing is known', () => {
    expect(healthWarnings(emptyFigures())).toEqual([]);
  });

  it('passes a healthy 720p stream', () => {
    const f = figures({ height: 720, fps: 30, videoKbps: 2_500, keyframeS: 2, lagMs: 200 });
    expect(healthWarnings(f)).toEqual([]);
  });

  it('names a long keyframe interval, a low bitrate and a low frame rate', () => {
    const f = figures({ height: 720, fps: 20, videoKbps: 300, keyframeS: 4 });
    expect(healthWarnings(f)).toEqual([
      { code: 'keyframe', seconds: 4, max: 2 },
      { code: 'bitrate', kbps: 300, min: 1_500, height: 720 },
      { code: 'frameRate', fps: 20, min: 24 },
    ]);
  });

  it('judges bitrate only after the first seconds', () => {
    expect(healthWarnings(figures({ height: 1080, kbps: 100, uptimeS: 2 }))).toEqual([]);
  });

  it('reports a stall, lag and drops', () => {
    const f = figures({ segmentAgeS: 9.4, lagMs: 4_000, dropped: 12 });
    expect(healthWarnings(f).map((w) => w.code)).toEqual(['stalled', 'lag', 'dropped']);
  });
});
