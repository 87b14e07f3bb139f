import { describe, expect, it } from 'vitest';
import { freshPass, hasPass, keepPass } from './stream-pass.ts';

describe('stream passes', () => {
  it('puts the newest pass of the same anchor into a URL that carries an older one', () => {
    const old = '/hls/7/480-12.ts?pass=7.1000.3.100.old';
    expect(hasPass(old)).toBe(true);
    expect(freshPass(old)).toBe(old);
    keepPass('/hls/7/master.m3u8?pass=7.1000.3.900.new');
    expect(freshPass(old)).toBe('/hls/7/480-12.ts?pass=7.1000.3.900.new');
    expect(freshPass('http://x.test/hls/8.m3u8?pass=8.1.3.100.other')).toBe(
      'http://x.test/hls/8.m3u8?pass=8.1.3.100.other',
    );
  });

  it('leaves URLs without a pass alone', () => {
    expect(hasPass('/hls/7.m3u8')).toBe(false);
    expect(freshPass('/hls/7.m3u8')).toBe('/hls/7.m3u8');
  });
});
