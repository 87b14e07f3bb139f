import { describe, expect, it } from 'vitest';
import { parseIngests } from './ingests.ts';
import {
  ingestPlaylist,
  isIngestUrl,
  offeredIngest,
  parseIngestUrl,
  whepEndpoint,
} from './stream.ts';

const INGESTS = parseIngests(
  'a http://10.0.0.5:4321 rtmp://a.example.com/live, b http://10.0.0.6:4321 rtmp://b.example.com/live',
);

describe('stream URLs of our ingest', () => {
  it('names the playlist on one machine as today, and under its ingest on several', () => {
    expect(ingestPlaylist(7)).toBe('/hls/7.m3u8');
    expect(ingestPlaylist(7, null)).toBe('/hls/7.m3u8');
    expect(ingestPlaylist(7, 'a')).toBe('/ingest/a/hls/7.m3u8');
  });

  it('reads the ingest, the anchor and the ladder out of every form', () => {
    expect(parseIngestUrl('/hls/7.m3u8')).toEqual({ ingest: null, anchorId: 7, master: false });
    expect(parseIngestUrl('/hls/7/master.m3u8')).toEqual({
      ingest: null,
      anchorId: 7,
      master: true,
    });
    expect(parseIngestUrl('/ingest/a/hls/7.m3u8')).toEqual({
      ingest: 'a',
      anchorId: 7,
      master: false,
    });
    expect(parseIngestUrl('/ingest/b-2/hls/12/master.m3u8')).toEqual({
      ingest: 'b-2',
      anchorId: 12,
      master: true,
    });
    // A ticket live's pass in the query does not change what the URL is.
    expect(parseIngestUrl('/ingest/a/hls/7.m3u8?pass=1.2.3.4.x')?.anchorId).toBe(7);
  });

  it('is not fooled by other streams or malformed prefixes', () => {
    for (const url of [
      '/media/demo/master.m3u8',
      '/replay-media/7-123456789/index.m3u8',
      'https://cdn.example/hls/7.m3u8',
      '/ingest/A/hls/7.m3u8',
      '/ingest/a/7.m3u8',
      '/ingest//hls/7.m3u8',
      '/hls/7/480.m3u8',
      '/hls/../7.m3u8',
      '/hls/x.m3u8',
      '',
    ]) {
      expect(parseIngestUrl(url), url).toBeNull();
      expect(isIngestUrl(url), url).toBe(false);
    }
  });
});

describe('the ingest an anchor is offered', () => {
  it('is none on one machine', () => {
    expect(offeredIngest([], 7, '/ingest/a/hls/7.m3u8')).toBeNull();
    expect(whepEndpoint([], 7, '/hls/7.m3u8')).toBe('/whep/7');
    expect(whepEndpoint([], 7, '/media/demo/master.m3u8')).toBe('/whep/7');
  });

  it('keeps the ingest of the last live while it is in INGESTS, else chooses one', () => {
    expect(offeredIngest(INGESTS, 7, '/ingest/b/hls/7.m3u8')?.name).toBe('b');
    expect(offeredIngest(INGESTS, 7, '/ingest/a/hls/7/master.m3u8')?.name).toBe('a');
    const chosen = offeredIngest(INGESTS, 7, '/media/demo/master.m3u8');
    expect(chosen).not.toBeNull();
    // An ingest no longer listed is replaced by the choice.
    expect(offeredIngest(INGESTS, 7, '/ingest/gone/hls/7.m3u8')).toEqual(chosen);
    expect(offeredIngest(INGESTS, 7, '')).toEqual(chosen);
  });

  it("gives a room's WHEP endpoint on the ingest its live is pinned to", () => {
    expect(whepEndpoint(INGESTS, 7, '/ingest/b/hls/7.m3u8')).toBe('/ingest/b/whep/7');
    const chosen = offeredIngest(INGESTS, 7, '')!.name;
    expect(whepEndpoint(INGESTS, 7, '/media/demo/master.m3u8')).toBe(`/ingest/${chosen}/whep/7`);
  });
});
