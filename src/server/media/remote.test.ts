import { describe, expect, it } from 'vitest';
import { parseIngests } from './ingests.ts';
import { isLocalLive, remoteIngest } from './remote.ts';

const ingests = parseIngests(
  'a http://10.0.0.5:4321 rtmp://a.example.com/live, b http://10.0.0.6:4321 rtmp://b.example.com/live',
);

describe('where a live plays from', () => {
  it('is this machine on one machine, whatever the URL', () => {
    const one = { ingestName: null, ingests: [] };
    expect(remoteIngest(one, '/hls/7.m3u8')).toBeNull();
    expect(remoteIngest(one, '/ingest/a/hls/7.m3u8')).toBeNull();
    expect(isLocalLive(one, '/hls/7.m3u8')).toBe(true);
    expect(isLocalLive(one, '/hls/7/master.m3u8')).toBe(true);
    // A seeded or demo stream is nobody's ingest.
    expect(isLocalLive(one, '/media/demo/index.m3u8')).toBe(false);
  });

  it("is the named machine for an app process, and this one for the ingest's own process", () => {
    const app = { ingestName: null, ingests };
    expect(remoteIngest(app, '/ingest/b/hls/7.m3u8')?.url).toBe('http://10.0.0.6:4321');
    expect(remoteIngest(app, '/ingest/a/hls/7/master.m3u8')?.name).toBe('a');
    expect(isLocalLive(app, '/ingest/a/hls/7.m3u8')).toBe(false);
    const besideA = { ingestName: 'a', ingests };
    expect(remoteIngest(besideA, '/ingest/a/hls/7.m3u8')).toBeNull();
    expect(isLocalLive(besideA, '/ingest/a/hls/7.m3u8')).toBe(true);
    expect(isLocalLive(besideA, '/ingest/b/hls/7.m3u8')).toBe(false);
    expect(remoteIngest(besideA, '/ingest/b/hls/7.m3u8')?.name).toBe('b');
  });

  it('asks no machine INGESTS does not name', () => {
    const app = { ingestName: null, ingests };
    expect(remoteIngest(app, '/ingest/zz/hls/7.m3u8')).toBeNull();
    expect(isLocalLive(app, '/ingest/zz/hls/7.m3u8')).toBe(false);
    expect(remoteIngest(app, '/ingest/Bad_Name/hls/7.m3u8')).toBeNull();
  });
});
