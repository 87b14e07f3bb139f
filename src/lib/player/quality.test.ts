import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  levelFor,
  nearestHeight,
  parseMasterPlaylist,
  qualityOptions,
  startLevelFor,
  type Rendition,
} from './quality.ts';

// hls.js sorts levels by bitrate, lowest first.
const levels: Rendition[] = [
  { height: 480, bitrate: 180_000 },
  { height: 720, bitrate: 244_000 },
  { height: 1080, bitrate: 377_000 },
];

describe('quality menu', () => {
  it('lists heights highest first, then Auto', () => {
    expect(qualityOptions(levels)).toEqual([
      { value: 1080, label: '1080p' },
      { value: 720, label: '720p' },
      { value: 480, label: '480p' },
      { value: 'auto', label: '' },
    ]);
  });

  it('merges levels of the same height and skips unknown heights', () => {
    const options = qualityOptions([
      { height: 720, bitrate: 1 },
      { height: 720, bitrate: 2 },
      { height: 0, bitrate: 3 },
    ]);
    expect(options.map((o) => o.value)).toEqual([720, 'auto']);
  });

  it('picks the level index for a choice: -1 for Auto, the richest of a height', () => {
    expect(levelFor(levels, 'auto')).toBe(-1);
    expect(levelFor(levels, 480)).toBe(0);
    expect(levelFor(levels, 1080)).toBe(2);
    expect(levelFor(levels, 360)).toBe(-1);
    const twins: Rendition[] = [...levels, { height: 720, bitrate: 900_000 }];
    expect(levelFor(twins, 720)).toBe(3);
  });

  it('maps a decoded height to the nearest rendition', () => {
    expect(nearestHeight(levels, 1080)).toBe(1080);
    expect(nearestHeight(levels, 704)).toBe(720);
    expect(nearestHeight(levels, 0)).toBeNull();
    expect(nearestHeight([], 720)).toBeNull();
  });
});

describe('master playlist', () => {
  it('reads the committed demo master with absolute rendition URLs', () => {
    const text = readFileSync('public/media/demo/master.m3u8', 'utf8');
    const renditions = parseMasterPlaylist(text, 'http://x.test/media/demo/master.m3u8');
    expect(renditions.map((r) => r.height).sort((a, b) => a - b)).toEqual([480, 720, 1080]);
    expect(renditions.every((r) => r.bitrate > 0 && r.bitrate < 2_000_000)).toBe(true);
    expect(renditions[0]!.uri).toMatch(/^http:\/\/x\.test\/media\/demo\/\d+p\/index\.m3u8$/);
  });

  it('reads quoted attributes, skips tags between the tag and its URI, ignores media playlists', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=1280x720,BANDWIDTH=900000',
      '#EXT-X-SOMETHING',
      '',
      'hd/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"',
      'https://cdn.test/audio.m3u8',
    ].join('\r\n');
    expect(parseMasterPlaylist(text, 'https://a.test/live/master.m3u8')).toEqual([
      { height: 720, bitrate: 900_000, uri: 'https://a.test/live/hd/index.m3u8' },
      { height: 0, bitrate: 64_000, uri: 'https://cdn.test/audio.m3u8' },
    ]);
    expect(parseMasterPlaylist('#EXTM3U\n#EXTINF:2,\nseg.m4s\n', 'https://a.test/x')).toEqual([]);
  });
});

describe('first level', () => {
  it('starts on the smallest rendition that fills the player', () => {
    expect(startLevelFor(levels, 562)).toBe(1);
    expect(startLevelFor(levels, 720)).toBe(1);
    expect(startLevelFor(levels, 721)).toBe(2);
    expect(startLevelFor(levels, 211 * 2)).toBe(0);
  });

  it('takes the tallest when the player is taller than every rendition', () => {
    expect(startLevelFor(levels, 1600)).toBe(2);
  });

  it('leaves the choice to the engine without a size or heights', () => {
    expect(startLevelFor(levels, 0)).toBe(-1);
    expect(startLevelFor([{ height: 0, bitrate: 1 }], 500)).toBe(-1);
  });
});
