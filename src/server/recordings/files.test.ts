import { describe, expect, it } from 'vitest';
import { parseRecordingName, replayPlaylistUrl, stemOfPlaylistUrl } from './files.ts';

describe('recording names', () => {
  it('reads the anchor and the start from a path or a name', () => {
    expect(parseRecordingName('/m/recordings/17-1764160000.flv')).toEqual({
      file: '17-1764160000.flv',
      stem: '17-1764160000',
      anchorId: 17,
      startedAt: new Date(1764160000 * 1000),
    });
  });

  it('refuses other names', () => {
    for (const name of [
      '17.flv',
      '17-1764160000.mp4',
      '../17-1764160000.flv.x',
      'a-1764160000.flv',
    ]) {
      expect(parseRecordingName(name)).toBeNull();
    }
  });

  it('turns a stem into its playlist URL and back', () => {
    const url = replayPlaylistUrl('17-1764160000');
    expect(url).toBe('/replay-media/17-1764160000/index.m3u8');
    expect(stemOfPlaylistUrl(url)).toBe('17-1764160000');
    expect(stemOfPlaylistUrl('/demo/replays/1.m3u8')).toBeNull();
    expect(stemOfPlaylistUrl('/replay-media/../x/index.m3u8')).toBeNull();
  });
});
