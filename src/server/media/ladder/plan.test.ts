import { describe, expect, it } from 'vitest';
import { parseMasterPlaylist } from '../../../lib/player/quality.ts';
import { ladderFor, ladderMaster, readLadderSettings, transcodeArgs, widthFor } from './plan.ts';

describe('ladderFor', () => {
  it('keeps the heights below the source and never upscales', () => {
    expect(ladderFor(1080)).toEqual([720, 480]);
    expect(ladderFor(1440)).toEqual([1080, 720, 480]);
    expect(ladderFor(720)).toEqual([480]);
    expect(ladderFor(576)).toEqual([480]);
    expect(ladderFor(480)).toEqual([]);
    expect(ladderFor(360)).toEqual([]);
  });

  it('keeps the source shape in even widths', () => {
    expect(widthFor({ width: 1920, height: 1080 }, 480)).toBe(854);
    expect(widthFor({ width: 1280, height: 720 }, 480)).toBe(854);
    expect(widthFor({ width: 1440, height: 1080 }, 720)).toBe(960);
  });
});

describe('transcodeArgs', () => {
  const args = transcodeArgs({
    input: 'rtmp://127.0.0.1:1935/live/7',
    outDir: '/m/ladder/7',
    heights: [720, 480],
    preset: 'veryfast',
    source: { width: 1920, height: 1080 },
  });
  const joined = args.join(' ');

  it('decodes once and writes one HLS playlist per height', () => {
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args.filter((a) => a === 'hls')).toHaveLength(2);
    expect(args).toContain('/m/ladder/7/720.m3u8');
    expect(args).toContain('/m/ladder/7/480-%d.ts');
    expect(joined).toContain('scale=1280:720');
    expect(joined).toContain('scale=854:480');
  });

  it('puts keyframes where the source has them, on the source clock, 1 s fragments', () => {
    expect(joined).toContain('-copyts');
    expect(joined.match(/-force_key_frames source -sc_threshold 0/g)).toHaveLength(2);
    expect(joined.match(/-output_ts_offset 0\.7/g)).toHaveLength(2);
    expect(joined.match(/-hls_time 1 /g)).toHaveLength(2);
    expect(joined.match(/-preset veryfast/g)).toHaveLength(2);
  });
});

describe('ladderMaster', () => {
  it('lists the source first, then each transcoded height', () => {
    const text = ladderMaster(
      7,
      { width: 1920, height: 1080, fps: 30, bitrate: 6_000_000, audio: true },
      [720, 480],
    );
    const renditions = parseMasterPlaylist(text, 'http://x.test/hls/7/master.m3u8');
    expect(renditions.map((r) => [r.height, r.uri])).toEqual([
      [1080, 'http://x.test/hls/7.m3u8'],
      [720, 'http://x.test/hls/7/720.m3u8'],
      [480, 'http://x.test/hls/7/480.m3u8'],
    ]);
    expect(renditions[0]!.bitrate).toBe(6_000_000);
    expect(text).toContain('RESOLUTION=1280x720,FRAME-RATE=30.000');
  });
});

describe('readLadderSettings', () => {
  it('reads the cap and the preset, with defaults', () => {
    expect(readLadderSettings({ MEDIA_TRANSCODE_MAX: '3', MEDIA_PRESET: 'ultrafast' })).toEqual({
      max: 3,
      preset: 'ultrafast',
    });
    expect(readLadderSettings({}).preset).toBe('veryfast');
    expect(() => readLadderSettings({ MEDIA_TRANSCODE_MAX: '-1' })).toThrow(/MEDIA_TRANSCODE_MAX/);
    expect(() => readLadderSettings({ MEDIA_PRESET: 'placebo' })).toThrow(/MEDIA_PRESET/);
  });
});
