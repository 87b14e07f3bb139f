import { describe, expect, it } from 'vitest';
import { parseStat, readIngestStat } from './stat.ts';

/** What nginx 1.22 with nginx-rtmp 1.1.4 answered while ffmpeg pushed 720p at 20 fps. */
const SAMPLE = `<?xml version="1.0" encoding="utf-8" ?>
<rtmp>
<nginx_version>1.22.1</nginx_version>
<bw_in>0</bw_in>
<bytes_in>325963</bytes_in>
<server>
<application>
<name>live</name>
<live>
<stream>
<name>42</name>
<time>6587</time><bw_in>0</bw_in>
<bytes_in>322125</bytes_in>
<bw_out>0</bw_out>
<bytes_out>0</bytes_out>
<bw_audio>0</bw_audio>
<bw_video>0</bw_video>
<client><id>1</id><address>127.0.0.1</address><time>6772</time><flashver>FMLE/3.0 (compatible; Lavf59.27</flashver><dropped>3</dropped><avsync>-11</avsync><timestamp>6373</timestamp><publishing/><active/></client>
<meta><video><width>1280</width><height>720</height><frame_rate>20</frame_rate><codec>H264</codec><profile>Baseline</profile><compat>192</compat><level>3.1</level></video><audio><codec>AAC</codec><profile>LC</profile><channels>1</channels><sample_rate>44100</sample_rate></audio></meta>
<nclients>1</nclients>
<publishing/>
<active/>
</stream>
<stream>
<name>7</name>
<time>100</time><bw_in>0</bw_in>
<bytes_in>0</bytes_in>
<nclients>0</nclients>
</stream>
<nclients>1</nclients>
</live>
</application>
</server>
</rtmp>`;

describe('parseStat', () => {
  it('reads the stream, its announced video and its publisher', () => {
    const [stream, bare] = parseStat(SAMPLE);
    expect(stream).toEqual({
      name: '42',
      timeMs: 6587,
      bytesIn: 322125,
      bwIn: 0,
      bwVideo: 0,
      width: 1280,
      height: 720,
      frameRate: 20,
      codec: 'H264',
      publisher: { timeMs: 6772, timestampMs: 6373, dropped: 3 },
    });
    expect(bare).toMatchObject({ name: '7', width: null, codec: null, publisher: null });
  });

  it('finds nothing in another application or an empty answer', () => {
    expect(parseStat(SAMPLE, 'other')).toEqual([]);
    expect(parseStat('')).toEqual([]);
  });
});

describe('readIngestStat', () => {
  it('is null when no ingest listens', async () => {
    expect(await readIngestStat(1, 500)).toBeNull();
  });
});
