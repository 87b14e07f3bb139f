import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingestPlaybackUrl, ladderDir, ladderFile, ladderMasterUrl } from './paths.ts';

const media = mkdtempSync(path.join(tmpdir(), 'ladder-paths-'));
afterAll(() => rmSync(media, { recursive: true, force: true }));

describe('ingestPlaybackUrl', () => {
  it('points at the master while the ladder runs, at the source otherwise', () => {
    expect(ingestPlaybackUrl(media, '/hls/12.m3u8')).toBe('/hls/12.m3u8');
    mkdirSync(ladderDir(media, 12), { recursive: true });
    writeFileSync(path.join(ladderDir(media, 12), 'master.m3u8'), '#EXTM3U\n');
    expect(ingestPlaybackUrl(media, '/hls/12.m3u8')).toBe('/hls/12/master.m3u8');
    expect(ingestPlaybackUrl(media, '/hls/13.m3u8')).toBe('/hls/13.m3u8');
    expect(ingestPlaybackUrl(media, '/media/demo/master.m3u8')).toBe('/media/demo/master.m3u8');
  });

  it("returns a live pinned to an ingest machine as it is: that machine's process keeps it in step", () => {
    // The ladder of 12 is on this disk, but a prefixed URL never looks here.
    expect(ingestPlaybackUrl(media, '/ingest/a/hls/12.m3u8')).toBe('/ingest/a/hls/12.m3u8');
    expect(ingestPlaybackUrl(media, '/ingest/a/hls/13/master.m3u8')).toBe(
      '/ingest/a/hls/13/master.m3u8',
    );
    expect(ladderMasterUrl(13, 'a')).toBe('/ingest/a/hls/13/master.m3u8');
    expect(ladderMasterUrl(13)).toBe('/hls/13/master.m3u8');
  });
});

describe('ladderFile', () => {
  it('maps ladder URLs into the ladder folder and nothing else', () => {
    expect(ladderFile(media, '/hls/12/480-7.ts')).toBe(path.join(ladderDir(media, 12), '480-7.ts'));
    expect(ladderFile(media, '/hls/12/master.m3u8')).toBe(
      path.join(ladderDir(media, 12), 'master.m3u8'),
    );
    expect(ladderFile(media, '/hls/12/../../x.ts')).toBeNull();
    expect(ladderFile(media, '/hls/12/.master.m3u8')).toBeNull();
    expect(ladderFile(media, '/hls/12.m3u8')).toBeNull();
  });
});
