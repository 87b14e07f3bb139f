import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keyframeInterval, parseSegments, readLivePlaylist } from './playlist.ts';

const PLAYLIST = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-MEDIA-SEQUENCE:3
#EXT-X-TARGETDURATION:4
#EXT-X-DISCONTINUITY
#EXTINF:4.000,
42-3.ts
#EXTINF:4.004,
42-4.ts
#EXTINF:1.200,
42-5.ts
`;

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('parseSegments', () => {
  it('lists the segments with their durations', () => {
    expect(parseSegments(PLAYLIST)).toEqual([
      { uri: '42-3.ts', duration: 4 },
      { uri: '42-4.ts', duration: 4.004 },
      { uri: '42-5.ts', duration: 1.2 },
    ]);
  });
});

describe('keyframeInterval', () => {
  it('is the longest segment', () => {
    expect(keyframeInterval(parseSegments(PLAYLIST))).toBe(4.004);
    expect(keyframeInterval([])).toBeNull();
  });
});

describe('readLivePlaylist', () => {
  it('finds the newest segment and its age', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hls-'));
    writeFileSync(path.join(dir, '42.m3u8'), PLAYLIST);
    const newest = path.join(dir, '42-5.ts');
    writeFileSync(newest, 'x');
    const at = Date.now();
    utimesSync(newest, (at - 3_000) / 1000, (at - 3_000) / 1000);
    const read = await readLivePlaylist(dir, 42, at);
    expect(read?.newest).toBe(newest);
    expect(read?.newestAgeS).toBeCloseTo(3, 0);
    expect(await readLivePlaylist(dir, 7, at)).toBeNull();
  });
});
