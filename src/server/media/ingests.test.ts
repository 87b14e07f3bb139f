import { describe, expect, it } from 'vitest';
import { readEnv } from '../env.ts';
import {
  chooseIngest,
  ingestPrefix,
  internalMediaToken,
  parseIngests,
  readIngestName,
  splitIngestPath,
} from './ingests.ts';

const TWO =
  'a http://10.0.0.5:4321 rtmp://a.example.com:1935/live, b https://10.0.0.6 rtmp://b.example.com/live/';

describe('ingest machines', () => {
  it('reads the registry and the name of this machine', () => {
    expect(parseIngests(TWO)).toEqual([
      { name: 'a', url: 'http://10.0.0.5:4321', rtmp: 'rtmp://a.example.com:1935/live' },
      { name: 'b', url: 'https://10.0.0.6', rtmp: 'rtmp://b.example.com/live' },
    ]);
    expect(parseIngests(undefined)).toEqual([]);
    expect(parseIngests(' , ')).toEqual([]);
    expect(readIngestName(' edge-1 ')).toBe('edge-1');
    expect(readIngestName('')).toBeNull();
  });

  it('refuses bad entries with a message naming what is wrong', () => {
    expect(() => parseIngests('a http://x:1')).toThrow(/name app-origin rtmp-url/);
    expect(() => parseIngests('A http://x:1 rtmp://x/live')).toThrow(/Bad INGESTS: A/);
    expect(() => parseIngests('a ftp://x rtmp://x/live')).toThrow(/http or https/);
    expect(() => parseIngests('a http://x/path rtmp://x/live')).toThrow(/origin only/);
    expect(() => parseIngests('a http://x http://x/live')).toThrow(/rtmp or rtmps/);
    expect(() => parseIngests('a http://x rtmp://x/live, a http://y rtmp://y/live')).toThrow(
      /named twice/,
    );
    expect(() => readIngestName('-a')).toThrow(/INGEST_NAME/);
    expect(() => readIngestName('a/../b')).toThrow(/INGEST_NAME/);
    expect(() => readIngestName('x'.repeat(33))).toThrow(/INGEST_NAME/);
  });

  it('puts both in the environment and checks them against each other', () => {
    const env = readEnv({ SECRET: 's', INGESTS: TWO, INGEST_NAME: 'b' });
    expect(env.ingestName).toBe('b');
    expect(env.ingests.map((m) => m.name)).toEqual(['a', 'b']);
    expect(readEnv({ SECRET: 's' })).toMatchObject({ ingestName: null, ingests: [] });
    expect(() => readEnv({ SECRET: 's', INGESTS: TWO, INGEST_NAME: 'c' })).toThrow(
      /not one of INGESTS/,
    );
  });

  it('splits a site path into its ingest and the path on that machine', () => {
    expect(ingestPrefix('a')).toBe('/ingest/a');
    expect(ingestPrefix(null)).toBe('');
    expect(splitIngestPath('/ingest/a/hls/7.m3u8')).toEqual({ ingest: 'a', path: '/hls/7.m3u8' });
    expect(splitIngestPath('/hls/7.m3u8')).toEqual({ ingest: null, path: '/hls/7.m3u8' });
    expect(splitIngestPath('/ingest/A/hls/7.m3u8').ingest).toBeNull();
    expect(splitIngestPath('/ingest/a').ingest).toBeNull();
  });

  it('offers each anchor one ingest, and moves few anchors when one is added', () => {
    const two = parseIngests(TWO);
    const three = parseIngests(`${TWO}, c http://10.0.0.7 rtmp://c.example.com/live`);
    expect(chooseIngest([], 1)).toBeNull();
    let moved = 0;
    const counts = new Map<string, number>();
    for (let id = 1; id <= 3000; id++) {
      const before = chooseIngest(two, id)!.name;
      const after = chooseIngest(three, id)!.name;
      expect(chooseIngest(two, id)!.name).toBe(before);
      counts.set(before, (counts.get(before) ?? 0) + 1);
      if (before !== after) {
        moved++;
        expect(after).toBe('c');
      }
    }
    expect(counts.get('a')).toBeGreaterThan(1300);
    expect(counts.get('b')).toBeGreaterThan(1300);
    expect(moved).toBeGreaterThan(700);
    expect(moved).toBeLessThan(1300);
  });

  it('derives the internal token from the secret', () => {
    expect(internalMediaToken('s')).toMatch(/^[0-9a-f]{32}$/);
    expect(internalMediaToken('s')).not.toBe(internalMediaToken('t'));
  });
});
