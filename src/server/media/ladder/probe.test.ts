import { describe, expect, it } from 'vitest';
import { newestSegment, parseRate, publishEpoch } from './probe.ts';

const PLAYLIST = `#EXTM3U
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-TARGETDURATION:1
#EXT-X-DISCONTINUITY
#EXTINF:1.000,
7-0.ts
#EXTINF:0.960,
7-1.ts
#EXT-X-DISCONTINUITY
#EXTINF:1.000,
7-2.ts
#EXTINF:2.000,
7-3.ts
`;

describe('probe helpers', () => {
  it('finds the newest segment and its length', () => {
    expect(newestSegment(PLAYLIST)).toEqual({ uri: '7-3.ts', seconds: 2 });
    expect(newestSegment('#EXTM3U\n')).toBeNull();
  });

  it('finds the first fragment of the newest publish', () => {
    expect(publishEpoch(PLAYLIST)).toBe('7-2.ts');
    expect(publishEpoch('#EXTM3U\n#EXTINF:1,\n7-9.ts\n')).toBeNull();
  });

  it('reads frame rates', () => {
    expect(parseRate('30000/1001')).toBe(29.97);
    expect(parseRate('25/1')).toBe(25);
    expect(parseRate('0/0')).toBe(0);
    expect(parseRate(undefined)).toBe(0);
  });
});
