import { describe, expect, it } from 'vitest';
import { isLadderSource, ladderUrls, resolveLive } from './ladder.ts';

describe('ladderUrls', () => {
  it('gives the source and master of an ingest live from either', () => {
    const both = { source: '/hls/17.m3u8', master: '/hls/17/master.m3u8' };
    expect(ladderUrls('/hls/17.m3u8')).toEqual(both);
    expect(ladderUrls('/hls/17/master.m3u8')).toEqual(both);
  });

  it('keeps a ticket live’s pass on both', () => {
    expect(ladderUrls('/hls/17.m3u8?pass=1.2.3.4.x')).toEqual({
      source: '/hls/17.m3u8?pass=1.2.3.4.x',
      master: '/hls/17/master.m3u8?pass=1.2.3.4.x',
    });
    expect(isLadderSource('/hls/17.m3u8?pass=1.2.3.4.x')).toBe(true);
  });

  it('keeps the ingest of a live pinned to an ingest machine', () => {
    const both = { source: '/ingest/a/hls/17.m3u8', master: '/ingest/a/hls/17/master.m3u8' };
    expect(ladderUrls('/ingest/a/hls/17.m3u8')).toEqual(both);
    expect(ladderUrls('/ingest/a/hls/17/master.m3u8')).toEqual(both);
    expect(ladderUrls('/ingest/a/hls/17.m3u8?pass=1.2.3.4.x')?.master).toBe(
      '/ingest/a/hls/17/master.m3u8?pass=1.2.3.4.x',
    );
    expect(isLadderSource('/ingest/a/hls/17.m3u8')).toBe(true);
    expect(ladderUrls('/ingest/A/hls/17.m3u8')).toBeNull();
    expect(ladderUrls('/ingest/a/b/hls/17.m3u8')).toBeNull();
  });

  it('leaves other streams alone', () => {
    expect(ladderUrls('/media/demo/master.m3u8')).toBeNull();
    expect(ladderUrls('/hls/17/480.m3u8')).toBeNull();
    expect(isLadderSource('/hls/17/master.m3u8')).toBe(false);
    expect(isLadderSource('/hls/17.m3u8')).toBe(true);
  });
});

describe('resolveLive', () => {
  it('plays the master while it exists, else the source', async () => {
    const probe = (has: boolean) => (url: string) =>
      Promise.resolve(has && url === '/hls/3/master.m3u8');
    expect(await resolveLive('/hls/3.m3u8', probe(true))).toBe('/hls/3/master.m3u8');
    expect(await resolveLive('/hls/3/master.m3u8', probe(false))).toBe('/hls/3.m3u8');
    expect(await resolveLive('/media/demo/master.m3u8', probe(true))).toBe(
      '/media/demo/master.m3u8',
    );
  });
});
