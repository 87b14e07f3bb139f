import { describe, expect, it } from 'vitest';
import { appleNativeHls, chooseEngine, latencyConfig } from './engine.ts';

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

describe('which browsers get hls.js preloaded', () => {
  const ua = {
    chromeMac:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    safariMac:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    chromeIos:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
    firefoxMac:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
    android:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  };

  it('skips Safari and every iOS browser, which play HLS natively', () => {
    expect(appleNativeHls(ua.safariMac)).toBe(true);
    expect(appleNativeHls(ua.chromeIos)).toBe(true);
  });

  it('preloads for Chromium, Firefox, Android and unknown agents', () => {
    expect(appleNativeHls(ua.chromeMac)).toBe(false);
    expect(appleNativeHls(ua.firefoxMac)).toBe(false);
    expect(appleNativeHls(ua.android)).toBe(false);
    expect(appleNativeHls(null)).toBe(false);
  });
});
