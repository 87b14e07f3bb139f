import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localStore } from '../storage/local.ts';
import { diskFiles, planCut, readSource, replayPlaylist, type MediaSource } from './source.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'clip-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source: MediaSource = {
  files: diskFiles('/s'),
  init: null,
  total: 10,
  segments: [0, 2, 4, 6, 8].map((start) => ({ file: `/s/${start}.ts`, start, duration: 2 })),
};

describe('planCut', () => {
  it('starts at the segment holding the asked start and stops at the asked end', () => {
    const plan = planCut(source, 3, 4)!;
    expect(plan.segments.map((s) => s.start)).toEqual([2, 4, 6]);
    expect(plan.start).toBe(2);
    expect(plan.askedStart).toBe(3);
    expect(plan.length).toBe(5);
  });

  it('starts exactly where a segment starts', () => {
    const plan = planCut(source, 4, 4)!;
    expect(plan.segments.map((s) => s.start)).toEqual([4, 6]);
    expect(plan.length).toBe(4);
  });

  it('refuses ranges outside the source', () => {
    expect(planCut(source, 8, 5)).toBeNull();
    expect(planCut(source, -1, 5)).toBeNull();
  });
});

describe('readSource', () => {
  it('follows a master playlist to its widest variant and reads fMP4 segments', async () => {
    mkdirSync(path.join(dir, 'hi'));
    writeFileSync(
      path.join(dir, 'master.m3u8'),
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100\nlo/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=900\nhi/index.m3u8\n',
    );
    writeFileSync(
      path.join(dir, 'hi', 'index.m3u8'),
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.0,\na.m4s\n#EXTINF:1.5,\nb.m4s\n#EXT-X-ENDLIST\n',
    );
    const read = await readSource({ files: diskFiles(dir), playlist: 'master.m3u8' });
    expect(read.init).toBe('hi/init.mp4');
    expect(read.segments.map((s) => [s.file, s.start])).toEqual([
      ['hi/a.m4s', 0],
      ['hi/b.m4s', 2],
    ]);
    expect(read.total).toBe(3.5);
  });

  it('refuses segments outside the source folder or on other hosts', async () => {
    for (const uri of [
      '../secret.ts',
      'hi/../../secret.ts',
      '/etc/passwd',
      'http://example.com/a.ts',
    ]) {
      writeFileSync(path.join(dir, 'bad.m3u8'), `#EXTM3U\n#EXTINF:2.0,\n${uri}\n`);
      await expect(readSource({ files: diskFiles(dir), playlist: 'bad.m3u8' })).rejects.toThrow();
    }
  });
});

describe('replayPlaylist', () => {
  it('reads our replays from the media store and seeded ones from public/, nothing else', async () => {
    const store = localStore(path.join(dir, 'm'));
    await store.put('replays/5-1700000000/index.m3u8', Buffer.from('#EXTM3U ours'), {
      contentType: 'application/vnd.apple.mpegurl',
      visibility: 'private',
    });
    mkdirSync(path.join(dir, 'p', 'media', 'demo'), { recursive: true });
    writeFileSync(path.join(dir, 'p', 'media', 'demo', 'master.m3u8'), '#EXTM3U seeded');
    const text = (place: ReturnType<typeof replayPlaylist>) => place!.files.text(place!.playlist);
    const publicDir = path.join(dir, 'p');
    expect(
      await text(replayPlaylist(store, publicDir, '/replay-media/5-1700000000/index.m3u8')),
    ).toBe('#EXTM3U ours');
    expect(await text(replayPlaylist(store, publicDir, '/media/demo/master.m3u8'))).toBe(
      '#EXTM3U seeded',
    );
    expect(replayPlaylist(store, publicDir, '/replay-media/../x/index.m3u8')).toBeNull();
    expect(replayPlaylist(store, publicDir, '/media/../etc/x.m3u8')).toBeNull();
    expect(replayPlaylist(store, publicDir, 'https://cdn.example.com/a.m3u8')).toBeNull();
  });
});
