/** The committed demo stream: three looping VOD renditions, consistent with its master playlist. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { avcCodec, masterPlaylist, measureRendition } from '../../scripts/demo-stream/playlist.ts';
import { FPS, LOOP_SECONDS } from '../../scripts/demo-stream/scene.ts';
import { DEMO_STREAM_URL } from '../../src/server/seed/rooms.ts';
import { parseMasterPlaylist } from '../../src/lib/player/quality.ts';

const DIR = path.resolve('public', DEMO_STREAM_URL.slice(1, DEMO_STREAM_URL.lastIndexOf('/')));
const SIZES: Record<string, [number, number]> = {
  '1080p': [1920, 1080],
  '720p': [1280, 720],
  '480p': [854, 480],
};

/** Bytes under a folder. */
function size(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
    const file = path.join(dir, e.name);
    return sum + (e.isDirectory() ? size(file) : statSync(file).size);
  }, 0);
}

describe('demo stream', () => {
  const master = readFileSync(path.join(DIR, 'master.m3u8'), 'utf8');

  it('lists 1080p, 720p and 480p, starting with 720p', () => {
    const heights = parseMasterPlaylist(master, 'http://x.test/media/demo/master.m3u8').map(
      (r) => r.height,
    );
    expect(heights).toEqual([720, 1080, 480]);
  });

  it('matches what the script would write for the files on disk', () => {
    const infos = ['720p', '1080p', '480p'].map((name) =>
      measureRendition(path.join(DIR, name), ...SIZES[name]!),
    );
    expect(masterPlaylist(infos, FPS)).toBe(master);
    expect(avcCodec(readFileSync(path.join(DIR, '1080p/init.mp4')))).toBe('avc1.640028');
  });

  it('has VOD playlists of 2 s segments that add up to the loop', () => {
    for (const name of Object.keys(SIZES)) {
      const playlist = readFileSync(path.join(DIR, name, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(playlist).toContain('#EXT-X-TARGETDURATION:2');
      expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(LOOP_SECONDS, 1);
    }
  });

  it('stays small', () => {
    expect(size(DIR)).toBeLessThan(3_000_000);
  });
});
