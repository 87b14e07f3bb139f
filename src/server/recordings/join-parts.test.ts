import { describe, expect, it } from 'vitest';
import { playlistSeconds } from './ffmpeg.ts';
import { parseRecordingName } from './files.ts';
import { joinPlaylists, partPrefix } from './join-parts.ts';

const head = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:4
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:4.000000,
seg-00000.ts
#EXTINF:1.500000,
seg-00001.ts
#EXT-X-ENDLIST
`;

const part = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:5
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:4.960000,
seg-1795711000-00000.ts
#EXT-X-ENDLIST
`;

describe('joining the parts of one live', () => {
  it('appends the part after a discontinuity, with one end tag and the longer target', () => {
    const joined = joinPlaylists(head, part);
    expect(joined.split('\n').filter((l) => l === '#EXT-X-ENDLIST')).toHaveLength(1);
    expect(joined.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(joined).toContain('#EXT-X-TARGETDURATION:5');
    expect(joined).not.toContain('#EXT-X-TARGETDURATION:4');
    expect(joined).toMatch(
      /seg-00001\.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:4\.960000,\nseg-1795711000-00000\.ts/,
    );
    // The part's header is not repeated.
    expect(joined.match(/#EXTM3U/g)).toHaveLength(1);
    expect(playlistSeconds(joined)).toBeCloseTo(10.46, 2);
  });

  it('joins a third part after the second', () => {
    const third = part.replaceAll('1795711000', '1795711100');
    const joined = joinPlaylists(joinPlaylists(head, part), third);
    expect(joined.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(2);
    expect(joined.indexOf('seg-1795711000-00000.ts')).toBeLessThan(
      joined.indexOf('seg-1795711100-00000.ts'),
    );
  });

  it('names a part’s segments after the second its push began', () => {
    expect(partPrefix(parseRecordingName('100013-1795711000.flv')!)).toBe('seg-1795711000-');
  });
});
