import { describe, expect, it } from 'vitest';
import { chooseEngine, latencyConfig } from './engine.ts';

describe('engine choice', () => {
  it('uses native HLS on Apple browsers and hls.js where MSE exists elsewhere', () => {
    expect(chooseEngine({ nativeHls: true, mse: true, apple: true })).toBe('native');
    expect(chooseEngine({ nativeHls: true, mse: false, apple: true })).toBe('native');
    // Chromium answers "maybe" for HLS but only hls.js offers the quality menu.
    expect(chooseEngine({ nativeHls: true, mse: true, apple: false })).toBe('hlsjs');
    expect(chooseEngine({ nativeHls: false, mse: true, apple: false })).toBe('hlsjs');
    expect(chooseEngine({ nativeHls: true, mse: false, apple: false })).toBe('native');
    expect(chooseEngine({ nativeHls: false, mse: false, apple: false })).toBe('none');
  });

  it('honours a forced engine only when the browser has it', () => {
    expect(chooseEngine({ nativeHls: true, mse: true, apple: false, prefer: 'native' })).toBe(
      'native',
    );
    expect(chooseEngine({ nativeHls: true, mse: true, apple: true, prefer: 'hlsjs' })).toBe(
      'hlsjs',
    );
    expect(chooseEngine({ nativeHls: false, mse: true, apple: false, prefer: 'native' })).toBe(
      'hlsjs',
    );
  });
});

describe('latency settings', () => {
  it('low latency sits closer to the live edge and catches up faster', () => {
    const low = latencyConfig(true);
    const normal = latencyConfig(false);
    expect(low.lowLatencyMode).toBe(true);
    expect(normal.lowLatencyMode).toBe(false);
    // Low latency counts seconds, standard counts segments; hls.js refuses a mix of both.
    expect(low.liveSyncDuration).toBeLessThanOrEqual(2);
    expect(low.liveMaxLatencyDuration).toBeGreaterThan(low.liveSyncDuration!);
    expect(low.liveSyncDurationCount).toBeUndefined();
    expect(low.liveMaxLatencyDurationCount).toBeUndefined();
    expect(normal.liveSyncDuration).toBeUndefined();
    expect(normal.liveSyncDurationCount).toBeLessThan(normal.liveMaxLatencyDurationCount!);
    expect(low.maxLiveSyncPlaybackRate).toBeGreaterThan(1);
  });
});
