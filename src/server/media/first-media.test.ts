import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFirstMedia, staticFirstMedia } from './first-media.ts';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=244000,RESOLUTION=1280x720',
  '720p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=377000,RESOLUTION=1920x1080',
  '1080p/index.m3u8',
].join('\n');
const VOD = [
  '#EXTM3U',
  '#EXT-X-TARGETDURATION:2',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-MAP:URI="init.mp4"',
  '#EXTINF:2.000000,',
  'seg-00.m4s',
  '#EXTINF:2.000000,',
  'seg-01.m4s',
  '#EXT-X-ENDLIST',
].join('\n');
const LIVE = ['#EXTM3U', '#EXT-X-MEDIA-SEQUENCE:41', '#EXTINF:1.0,', 'a-41.ts'].join('\n');

function reader(files: Record<string, string>) {
  return (p: string) => {
    const text = files[p];
    if (text === undefined) throw new Error(`no ${p}`);
    return text;
  };
}

describe('parseFirstMedia', () => {
  it("preloads an on-demand first rendition's playlist, init segment and first segment", () => {
    const found = parseFirstMedia(
      '/media/demo/master.m3u8',
      reader({ '/media/demo/master.m3u8': MASTER, '/media/demo/720p/index.m3u8': VOD }),
    );
    expect(found).toEqual({
      variant: '/media/demo/720p/index.m3u8',
      preloads: [
        '/media/demo/720p/index.m3u8',
        '/media/demo/720p/init.mp4',
        '/media/demo/720p/seg-00.m4s',
      ],
    });
  });

  it("preloads only a live rendition's playlist, whose segments move on", () => {
    const found = parseFirstMedia(
      '/m/master.m3u8',
      reader({ '/m/master.m3u8': MASTER, '/m/720p/index.m3u8': LIVE }),
    );
    expect(found).toEqual({
      variant: '/m/720p/index.m3u8',
      preloads: ['/m/720p/index.m3u8'],
    });
  });

  it('gives nothing for a media playlist, a missing file, another site or another kind of path', () => {
    expect(parseFirstMedia('/m/a.m3u8', reader({ '/m/a.m3u8': VOD }))).toBeNull();
    expect(parseFirstMedia('/m/master.m3u8', reader({}))).toBeNull();
    const offSite = MASTER.replace('720p/index.m3u8', 'https://cdn.example/720p/index.m3u8');
    expect(parseFirstMedia('/m/master.m3u8', reader({ '/m/master.m3u8': offSite }))).toBeNull();
    expect(parseFirstMedia('https://cdn.example/master.m3u8', reader({}))).toBeNull();
    expect(parseFirstMedia('/m/clip.mp4', reader({}))).toBeNull();
  });
});

describe('staticFirstMedia', () => {
  it('reads the static folder and never outside it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'first-media-'));
    mkdirSync(path.join(dir, 'media', '720p'), { recursive: true });
    writeFileSync(path.join(dir, 'media', 'master.m3u8'), MASTER);
    writeFileSync(path.join(dir, 'media', '720p', 'index.m3u8'), VOD);
    expect(staticFirstMedia('/media/master.m3u8', dir)?.preloads).toEqual([
      '/media/720p/index.m3u8',
      '/media/720p/init.mp4',
      '/media/720p/seg-00.m4s',
    ]);
    writeFileSync(path.join(path.dirname(dir), 'outside.m3u8'), MASTER);
    expect(staticFirstMedia('/../outside.m3u8', dir)).toBeNull();
    expect(staticFirstMedia('/%2e%2e/outside.m3u8', dir)).toBeNull();
  });
});
